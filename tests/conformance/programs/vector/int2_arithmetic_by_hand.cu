// Checks: user-defined operator overloads on int2/float2 (as course code writes them) in device code.
#include <cstdio>
#include <cuda_runtime.h>

__host__ __device__ inline int2 operator+(int2 a, int2 b) { return make_int2(a.x + b.x, a.y + b.y); }
__host__ __device__ inline int2 operator*(int s, int2 a) { return make_int2(s * a.x, s * a.y); }
__host__ __device__ inline float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__host__ __device__ inline float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }

__global__ void geometry(const int2 *p, int2 *q, float *d, int n)
{
    int i = threadIdx.x;
    if (i < n) {
        q[i] = 3 * p[i] + make_int2(1, -1);
        float2 a = make_float2(p[i].x, p[i].y), b = make_float2(1.0f, 2.0f);
        float2 diff = a - b;
        d[i] = dot(diff, diff);
    }
}

int main()
{
    const int n = 5;
    int2 p[n], q[n];
    float d[n];
    for (int i = 0; i < n; ++i) p[i] = make_int2(i, 2 * i - 3);
    int2 *dp, *dq; float *dd;
    cudaMalloc(&dp, sizeof p); cudaMalloc(&dq, sizeof q); cudaMalloc(&dd, sizeof d);
    cudaMemcpy(dp, p, sizeof p, cudaMemcpyHostToDevice);
    geometry<<<1, 8>>>(dp, dq, dd, n);
    cudaMemcpy(q, dq, sizeof q, cudaMemcpyDeviceToHost);
    cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) printf("(%d,%d) -> (%d,%d) dist2=%.1f\n", p[i].x, p[i].y, q[i].x, q[i].y, d[i]);
    return 0;
}
