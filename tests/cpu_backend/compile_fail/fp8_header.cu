// 8-bit floating point: valid CUDA, a header the CPU backend rejects by name.
#include <cuda_fp8.h>

__global__ void widen(const __nv_fp8_e4m3* x, float* y) { y[threadIdx.x] = float(x[threadIdx.x]); }

int main() { return 0; }
