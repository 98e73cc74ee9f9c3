// The flags test's program: a vector add as tutorials write it. Prints two sums and the
// standard the file was compiled under (__cplusplus), which the test compares with -std.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(int n, const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

void launch_add(int n, const float *a, const float *b, float *c) { add<<<(n + 255) / 256, 256>>>(n, a, b, c); }

#ifndef SEPARATE_MAIN
#include "host_main.h"
#endif
