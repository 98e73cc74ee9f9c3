// A surface write: valid CUDA, rejected by the CPU backend at the line of the call.
#include <cuda_runtime.h>

__global__ void store(cudaSurfaceObject_t surface) {
  surf2Dwrite(1.0f, surface, threadIdx.x * sizeof(float), 0);
}

int main() { return 0; }
