// A kernel whose loop bound counts twice the elements of its input (2 MiB, a GPU page of its own):
// the reads past the end land in the buffer's guard pages, and the kernel stops as on a GPU, with a
// report naming the line and the buffer; the program goes on and gets cudaErrorIllegalAddress.
#include <cstdio>

__global__ void sum_pairs(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];  // n is twice the elements of in
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

int main() {
  const int count = 1 << 19;
  float *in, *out;
  cudaMalloc(&in, count * sizeof(float));
  cudaMalloc(&out, 256 * sizeof(float));
  cudaMemset(in, 0, count * sizeof(float));
  sum_pairs<<<2, 128>>>(in, out, 2 * count);
  std::printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  std::printf("later: %s\n", cudaGetErrorName(cudaMemset(out, 0, 4)));
  return 0;
}
