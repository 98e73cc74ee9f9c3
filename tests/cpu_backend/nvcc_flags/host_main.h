// The flags test's host code, included by vector_add.cu (one file) and by main.cpp (the
// separate-compilation cases, where the kernel's file has no main).
#pragma once
#include <cstdio>
#include <cuda_runtime.h>

void launch_add(int n, const float *a, const float *b, float *c);

int main() {
  const int n = 1000;
  float *a, *b, *c;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&c, n * sizeof(float));
  static float h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice);
  launch_add(n, a, b, c);
  cudaMemcpy(h, c, sizeof h, cudaMemcpyDeviceToHost);
  printf("%g %g %ld\n", h[1], h[999], (long)__cplusplus);
  return 0;
}
