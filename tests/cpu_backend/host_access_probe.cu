// Host code touching device memory: on a GPU a segmentation fault, so on the CPU backend too,
// with a report naming the line (issue 38). One mode per kind of access; CTest checks the line.
#include <cstdio>
#include <cstring>
#include <vector>

__global__ void fill(float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<float>(i);
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  const unsigned n = 1024;
  float* d = nullptr;
  cudaMalloc(&d, n * sizeof(float));
  fill<<<4, 256>>>(d, n);
  cudaDeviceSynchronize();
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);  // the runtime API may
  std::printf("through cudaMemcpy: %g\n", h[5]);
  std::fflush(stdout);  // before the fault ends the process
  if (std::strcmp(mode, "read") == 0) std::printf("%f\n", d[5]);  // HOST_READ
  if (std::strcmp(mode, "write") == 0)
    for (unsigned i = 0; i < n; ++i) d[i] = 0.0f;  // HOST_WRITE
  if (std::strcmp(mode, "memcpy") == 0) std::memcpy(h.data(), d, 16);  // HOST_MEMCPY
  std::printf("survived\n");
  cudaFree(d);
  return 0;
}
