// Checks: #if on __CUDA_ARCH__'s value (>=, <, #elif, #else, defined() && ...) inside a
// __host__ __device__ function, a kernel and at namespace scope, as nvcc's host and device passes see it.
// Recorded on sm_90; every GPU of compute capability 8.0 to 9.x prints the same.
#include <cstdio>
#include <cuda_runtime.h>

// A device function that exists only for recent architectures (nvcc's device pass for sm_70+).
#if __CUDA_ARCH__ >= 700
__device__ int recent_feature(int x) { return x * 7; }
#endif

// A fallback that only old architectures compile: never present on sm_70+.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
__device__ int recent_feature(int x) { return -x; }
#endif

__host__ __device__ int which_pass()
{
#if __CUDA_ARCH__ >= 800
    return 800;
#elif __CUDA_ARCH__ >= 600
    return 600;
#elif defined(__CUDA_ARCH__)
    return 1;
#else
    return 0;
#endif
}

__host__ __device__ int old_arch_or_host()
{
    int v = 10;
#if (__CUDA_ARCH__ < 700)
    v += 5;  // the host pass (__CUDA_ARCH__ undefined counts as 0) and GPUs before sm_70
#endif
    return v;
}

__global__ void kernel(int *out)
{
    int t = threadIdx.x;
#if __CUDA_ARCH__ >= 700
    out[t] = recent_feature(t);
#else
    out[t] = -1;
#endif
    if (t == 0) {
        out[4] = which_pass();
        out[5] = old_arch_or_host();
    }
}

int main()
{
    int h[6] = {0}, *d;
    cudaMalloc(&d, sizeof h);
    kernel<<<1, 4>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("device: %d %d %d %d pass=%d old=%d\n", h[0], h[1], h[2], h[3], h[4], h[5]);
    printf("host: pass=%d old=%d\n", which_pass(), old_arch_or_host());
    cudaFree(d);
    return 0;
}
