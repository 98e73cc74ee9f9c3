// A kernel that dereferences a wild pointer: the CPU backend cannot survive the fault, but it must
// say which kernel, launch, block and thread it happened in before the process ends.
#include <cstdio>

__global__ void write_through_wild_pointer(float* out, unsigned wild_index) {
  if (blockIdx.x == 2 && threadIdx.x == 5) out[wild_index] = 1.0f;  // far outside any mapping
}

int main() {
  float* out = nullptr;
  cudaMalloc(&out, 1024 * sizeof(float));
  write_through_wild_pointer<<<4, 64>>>(out, 0x40000000u);
  cudaDeviceSynchronize();
  std::printf("survived\n");
  return 0;
}
