#!/bin/bash
cd "$(dirname "$0")/bin"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
r() { echo "=== $*"; timeout 300 "$@"; echo "rc=$?"; }
for s in lab1-naive lab2-kogge-stone lab3-double-buffer lab4-brent-kung lab5-exclusive lab6-coarsened lab7-hierarchical lab8-single-pass; do
  r ./stub_$s inc 1 70000 --stub
done
r ./sol_lab1-naive inc 0 65536 --time
r ./sol_lab2-kogge-stone sec_inc 1024 268435456 --time
r ./sol_lab3-double-buffer sec_inc 1024 268435456 --time
r ./sol_lab4-brent-kung sec_inc 2048 268435456 --time
r ./sol_lab5-exclusive sec_exc 1024 268435456 --time
r ./sol_lab6-coarsened sec_inc 8192 268435456 --time
r ./sol_dlb inc 0 268435456 --time --misalign
r ./sol_lab7-hierarchical inc 0 268435456 --time
r ./sol_lab8-single-pass inc 0 268435456 --time
