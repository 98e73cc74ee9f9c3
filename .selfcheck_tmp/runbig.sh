#!/bin/bash
cd "$(dirname "$0")/bin"
r() { echo "=== $*"; timeout 400 "$@"; echo "rc=$?"; }
r ./sol_dlb inc 0 1073741824 --time --big
r ./sol_lab7-hierarchical inc 0 1073741824 --time --big
r ./sol_lab8-single-pass inc 0 1073741824 --time --big
r ./sol_lab2-kogge-stone sec_inc 1024 1073741824 --big
