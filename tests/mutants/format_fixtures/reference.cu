// A small stand-in for a reference solution. It holds what CMake could mangle: semicolons;
// [brackets], a backslash \n, ${NOT_A_VARIABLE} and @NOT_A_VARIABLE@.
__global__ void kernel(const float* input, float* output, unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __syncthreads();
    output[i] = input[i];
    __syncthreads();
}
