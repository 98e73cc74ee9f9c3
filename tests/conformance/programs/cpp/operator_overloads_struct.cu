// Checks: operator overloads (+=, ==, [], unary -) on a user struct used in device code and in shared memory.
#include <cstdio>
#include <cuda_runtime.h>

struct Vec3 {
    int v[3];
    __device__ __host__ int &operator[](int i) { return v[i]; }
    __device__ __host__ const int &operator[](int i) const { return v[i]; }
    __device__ __host__ Vec3 &operator+=(const Vec3 &o) { for (int k = 0; k < 3; ++k) v[k] += o.v[k]; return *this; }
    __device__ __host__ Vec3 operator-() const { return Vec3{{-v[0], -v[1], -v[2]}}; }
    __device__ __host__ bool operator==(const Vec3 &o) const { return v[0] == o.v[0] && v[1] == o.v[1] && v[2] == o.v[2]; }
};

__global__ void accumulate(const Vec3 *in, Vec3 *out, int *eq)
{
    __shared__ Vec3 s[32];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        Vec3 acc{{0, 0, 0}};
        for (int i = 0; i < 32; ++i) acc += s[i];
        *out = -acc;
        *eq = (s[3] == s[3]) + (s[3] == s[4]);
    }
}

int main()
{
    Vec3 h[32];
    for (int i = 0; i < 32; ++i) h[i] = Vec3{{i, 2 * i, i % 3}};
    Vec3 *din, *dout, r; int *deq, eq;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof r); cudaMalloc(&deq, sizeof eq);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    accumulate<<<1, 32>>>(din, dout, deq);
    cudaMemcpy(&r, dout, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(&eq, deq, sizeof eq, cudaMemcpyDeviceToHost);
    printf("%d %d %d eq=%d\n", r[0], r[1], r[2], eq);
    return 0;
}
