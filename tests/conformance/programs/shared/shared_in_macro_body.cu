// Checks: __shared__ declarations written inside #define bodies, expanded several times: an extern
// array in member functions of class specialisations a macro stamps out per type (the
// SharedMemory<T> idiom of cuda-samples' cudasharedmem.h), a static array at the top level of a
// macro body expanded in two kernels (its name a macro parameter), and a template kernel defined
// whole by a macro, with a static and an extern declaration.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T> struct SharedMemory;

#define DEFINE_SHARED_MEMORY(T, name)           \
    template <> struct SharedMemory<T> {        \
        __device__ T *pointer() {               \
            extern __shared__ T name[];         \
            return name;                        \
        }                                       \
        __device__ T &operator[](int i) {       \
            extern __shared__ T name[];         \
            return name[i];                     \
        }                                       \
    }

DEFINE_SHARED_MEMORY(int, s_int);
DEFINE_SHARED_MEMORY(float, s_float);
DEFINE_SHARED_MEMORY(double, s_double);

#define TILE(type, name, size) __shared__ type name[size]

#define DEFINE_SCALE_KERNEL(kernel_name)                                   \
    template <typename T>                                                  \
    __global__ void kernel_name(const T *in, T *out, T factor) {           \
        __shared__ T staged[64];                                           \
        extern __shared__ unsigned char scratch[];                         \
        T *extra = reinterpret_cast<T *>(scratch);                         \
        staged[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];   \
        extra[threadIdx.x] = factor;                                       \
        __syncthreads();                                                   \
        int j = blockDim.x - 1 - threadIdx.x;                              \
        out[blockIdx.x * blockDim.x + threadIdx.x] = staged[j] * extra[j]; \
    }

DEFINE_SCALE_KERNEL(scale_reversed)

template <typename T> __global__ void block_sum(const T *in, T *out) {
    SharedMemory<T> smem;
    smem[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) smem[threadIdx.x] += smem[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = smem.pointer()[0];
}

__global__ void rotate(const int *in, int *out) {
    TILE(int, tile, 32);
    tile[threadIdx.x] = in[blockIdx.x * 32 + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * 32 + threadIdx.x] = tile[(threadIdx.x + 1 + blockIdx.x) % 32];
}

__global__ void pair_sums(const int *in, int *out) {
    TILE(int, left, 16);
    TILE(int, right, 16);
    left[threadIdx.x] = in[threadIdx.x];
    right[threadIdx.x] = in[31 - threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = left[15 - threadIdx.x] * 100 + right[threadIdx.x];
}

template <typename T> void run_block_sum(const char *name) {
    const int blocks = 3, n = 64;
    T h[blocks * n], sums[blocks];
    for (int i = 0; i < blocks * n; i++) h[i] = (T)(i % 7 + 1);
    T *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, sizeof sums);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    block_sum<T><<<blocks, n, n * sizeof(T)>>>(d_in, d_out);
    cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost);
    printf("block_sum<%s>: %g %g %g\n", name, (double)sums[0], (double)sums[1], (double)sums[2]);
    cudaFree(d_in);
    cudaFree(d_out);
}

int main() {
    run_block_sum<int>("int");
    run_block_sum<float>("float");
    run_block_sum<double>("double");

    int h[64], r[64];
    for (int i = 0; i < 64; i++) h[i] = i * 3;
    int *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, sizeof r);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    rotate<<<2, 32>>>(d_in, d_out);
    cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);
    printf("rotate: %d %d %d ... %d %d\n", r[0], r[1], r[31], r[32], r[63]);
    pair_sums<<<1, 16>>>(d_in, d_out);
    cudaMemcpy(r, d_out, 16 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("pair_sums: %d %d %d\n", r[0], r[7], r[15]);

    float f[128], g[128];
    for (int i = 0; i < 128; i++) f[i] = 0.5f * i;
    float *d_f, *d_g;
    cudaMalloc(&d_f, sizeof f);
    cudaMalloc(&d_g, sizeof g);
    cudaMemcpy(d_f, f, sizeof f, cudaMemcpyHostToDevice);
    scale_reversed<float><<<2, 64, 64 * sizeof(float)>>>(d_f, d_g, 3.0f);
    cudaMemcpy(g, d_g, sizeof g, cudaMemcpyDeviceToHost);
    printf("scale_reversed<float>: %g %g %g %g\n", g[0], g[63], g[64], g[127]);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
