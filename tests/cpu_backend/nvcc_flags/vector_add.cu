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
#endif
