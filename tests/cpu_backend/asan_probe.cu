// Run under the cpu-asan backend by CTest: each mode makes one out-of-bounds access that only
// AddressSanitizer can see (a read), and the test expects ASan's report to name this file's line.
#include <cstdio>
#include <cstring>

__global__ void read_past_end(const float* in, float* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i <= n) out[0] += in[i];  // GLOBAL_READ_PAST_END: `<=` reads in[n]
}

__global__ void shared_read_past_end(float* out) {
  __shared__ float tile[32];
  tile[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x + 1];  // SHARED_READ_PAST_END: lane 31 reads tile[32]
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, 100 * sizeof(float));
  cudaMalloc(&out, 100 * sizeof(float));
  cudaMemset(in, 0, 100 * sizeof(float));
  if (!std::strcmp(mode, "global-read")) read_past_end<<<1, 128>>>(in, out, 100);
  else if (!std::strcmp(mode, "shared-read")) shared_read_past_end<<<1, 32>>>(out);
  else {
    std::fprintf(stderr, "usage: asan_probe global-read|shared-read\n");
    return 2;
  }
  cudaDeviceSynchronize();
  std::printf("no error detected\n");
  return 0;
}
