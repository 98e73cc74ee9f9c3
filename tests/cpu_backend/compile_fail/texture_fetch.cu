// A texture fetch: valid CUDA, rejected by the CPU backend at the line of the call.
#include <cuda_runtime.h>

__global__ void fetch(cudaTextureObject_t tex, float* out) {
  out[threadIdx.x] = tex1Dfetch<float>(tex, threadIdx.x);
}

int main() { return 0; }
