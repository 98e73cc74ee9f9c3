// Half precision: valid CUDA, a header the CPU backend rejects by name.
#include <cuda_fp16.h>

__global__ void halve(__half* x) { x[threadIdx.x] = __hmul(x[threadIdx.x], __float2half(0.5f)); }

int main() { return 0; }
