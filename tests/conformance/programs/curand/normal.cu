// Checks: normally distributed values from curand_normal (Box-Muller: each pair's second value is
// kept in the state for the next call), curand_normal2 and curand_normal_double, and
// curand_log_normal. A GPU computes the float transform with its fast __sincosf, so float values
// are printed with 3 decimals; counts of values in ranges are integers.
#include <cstdio>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define THREADS 64
#define DRAWS 100

__global__ void normals(unsigned long long seed, int *bins, float *f, double *d)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState s;
    curand_init(seed, id, 0, &s);
    int below0 = 0, within1 = 0, within2 = 0;
    for (int i = 0; i < DRAWS; i++) {
        float z = curand_normal(&s);
        if (i < 3) f[5 * id + i] = z;
        if (z < 0.0f) below0++;
        if (fabsf(z) < 1.0f) within1++;
        if (fabsf(z) < 2.0f) within2++;
    }
    float2 pair = curand_normal2(&s);
    f[5 * id + 3] = pair.x;
    f[5 * id + 4] = pair.y;
    d[2 * id] = curand_normal_double(&s);
    d[2 * id + 1] = curand_log_normal(&s, 0.0f, 0.5f);
    atomicAdd(&bins[0], below0);
    atomicAdd(&bins[1], within1);
    atomicAdd(&bins[2], within2);
}

int main()
{
    int *dBins;
    float *dF;
    double *dD;
    cudaMalloc(&dBins, 3 * sizeof(int));
    cudaMalloc(&dF, 5 * 2 * THREADS * sizeof(float));
    cudaMalloc(&dD, 2 * 2 * THREADS * sizeof(double));
    cudaMemset(dBins, 0, 3 * sizeof(int));
    normals<<<2, THREADS>>>(99ULL, dBins, dF, dD);
    int bins[3];
    float f[5 * 2 * THREADS];
    double d[2 * 2 * THREADS];
    cudaMemcpy(bins, dBins, sizeof(bins), cudaMemcpyDeviceToHost);
    cudaMemcpy(f, dF, sizeof(f), cudaMemcpyDeviceToHost);
    cudaMemcpy(d, dD, sizeof(d), cudaMemcpyDeviceToHost);
    int total = 2 * THREADS * DRAWS;
    printf("of %d normals: %d below 0, %d within 1, %d within 2\n", total, bins[0], bins[1], bins[2]);
    for (int i = 0; i < 2 * THREADS; i += 11)
        printf("thread %3d: %.3f %.3f %.3f  normal2 %.3f %.3f  double %.6f  log-normal %.3f\n", i, f[5 * i],
               f[5 * i + 1], f[5 * i + 2], f[5 * i + 3], f[5 * i + 4], d[2 * i], d[2 * i + 1]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(dBins);
    cudaFree(dF);
    cudaFree(dD);
    return 0;
}
