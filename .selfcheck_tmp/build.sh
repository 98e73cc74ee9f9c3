#!/bin/bash
# builds all binaries into bin/
set -e
cd "$(dirname "$0")"
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p bin
R=../
nvcc -std=c++17 -arch=sm_90 -O2 -c driver.cu -o bin/driver.o
for d in lab1-naive lab2-kogge-stone lab3-double-buffer lab4-brent-kung lab5-exclusive lab6-coarsened lab7-hierarchical lab8-single-pass; do
  nvcc -std=c++17 -arch=sm_90 -O3 -c $R/solutions/$d/scan.cu -I $R/labs/$d -o bin/sol_$d.o
  nvcc -arch=sm_90 bin/driver.o bin/sol_$d.o -o bin/sol_$d
  nvcc -std=c++17 -arch=sm_90 -O3 -c $R/labs/$d/scan.cu -I $R/labs/$d -o bin/stub_$d.o
  nvcc -arch=sm_90 bin/driver.o bin/stub_$d.o -o bin/stub_$d
done
nvcc -std=c++17 -arch=sm_90 -O3 -c $R/solutions/lab8-single-pass/decoupled_lookback.cu -I $R/labs/lab8-single-pass -o bin/sol_dlb.o
nvcc -arch=sm_90 bin/driver.o bin/sol_dlb.o -o bin/sol_dlb
rm bin/*.o
