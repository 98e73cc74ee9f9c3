#!/bin/bash
set -e
cd "$(dirname "$0")"
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p binx
nvcc -std=c++17 -arch=sm_90 -O2 -c driver.cu -o binx/driver.o
b() { name=$1; shift; nvcc -std=c++17 -arch=sm_90 -O3 "$@" -c dlbx.cu -o binx/$name.o -Xptxas -v 2>&1 | grep -E "Used|spill" | head -2; nvcc -arch=sm_90 binx/driver.o binx/$name.o -o binx/$name; rm binx/$name.o; }
b v0
b v_i8 -DXI=8
b v_t128 -DXT=128
b v_t512 -DXT=512
b v_nolb -DNOLB
b v_nosleep -DNOSLEEP
b v_mb8 -DXMB=8
b v_mb6 -DXMB=6
b v_t128i32 -DXT=128 -DXI=32
rm binx/driver.o
