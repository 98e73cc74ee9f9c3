// Checks: a helper_cuda.h-style error check macro (checkCudaErrors with __FILE__/__LINE__, guarded by
// #ifdef __CUDACC__) wrapping successful calls, and a getLastCudaError-style check after a launch.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#ifdef __CUDACC__
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
template <typename T>
void check(T result, char const *const func, const char *const file, int const line)
{
    if (result) {
        fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, (unsigned)result, cudaGetErrorName(result), func);
        exit(EXIT_FAILURE);
    }
}
#define getLastCudaError(msg) __getLastCudaError(msg, __FILE__, __LINE__)
inline void __getLastCudaError(const char *errorMessage, const char *file, const int line)
{
    cudaError_t err = cudaGetLastError();
    if (cudaSuccess != err) {
        fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line, errorMessage, (int)err, cudaGetErrorString(err));
        exit(EXIT_FAILURE);
    }
}
#endif

__global__ void kernel(float *v) { v[threadIdx.x] = sqrtf((float)threadIdx.x); }

int main()
{
    float *d, h[16];
    checkCudaErrors(cudaMalloc((void **)&d, sizeof h));
    kernel<<<1, 16>>>(d);
    getLastCudaError("kernel launch failed");
    checkCudaErrors(cudaDeviceSynchronize());
    checkCudaErrors(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    checkCudaErrors(cudaFree(d));
    printf("h[9]=%.1f h[4]=%.1f\n", h[9], h[4]);
    return 0;
}
