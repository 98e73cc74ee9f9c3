// Checks: the Philox4_32_10 generator (curandStatePhilox4_32_10_t): curand_init with a subsequence
// per thread and an offset, curand4 and curand_uniform4 (four values a call), a single curand()
// between them so that curand4 straddles two counter blocks, and curand_uniform2_double; uniforms
// printed as exact bits.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define N 32

__global__ void draw(unsigned long long seed, unsigned long long offset, uint4 *ints, float4 *uni, double2 *dbl,
                     unsigned int *single)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t state;
    curand_init(seed, id, offset, &state);
    ints[2 * id] = curand4(&state);
    single[id] = curand(&state);
    ints[2 * id + 1] = curand4(&state);
    uni[id] = curand_uniform4(&state);
    dbl[id] = curand_uniform2_double(&state);
}

static unsigned int bits(float f) { unsigned int u; memcpy(&u, &f, 4); return u; }

int main()
{
    uint4 *dInts;
    float4 *dUni;
    double2 *dDbl;
    unsigned int *dSingle;
    cudaMalloc(&dInts, 2 * N * sizeof(uint4));
    cudaMalloc(&dUni, N * sizeof(float4));
    cudaMalloc(&dDbl, N * sizeof(double2));
    cudaMalloc(&dSingle, N * sizeof(unsigned int));
    const unsigned long long offsets[] = {0, 3};
    for (unsigned long long offset : offsets) {
        draw<<<2, N / 2>>>(7777ULL, offset, dInts, dUni, dDbl, dSingle);
        uint4 ints[2 * N];
        float4 uni[N];
        double2 dbl[N];
        unsigned int single[N];
        cudaMemcpy(ints, dInts, sizeof(ints), cudaMemcpyDeviceToHost);
        cudaMemcpy(uni, dUni, sizeof(uni), cudaMemcpyDeviceToHost);
        cudaMemcpy(dbl, dDbl, sizeof(dbl), cudaMemcpyDeviceToHost);
        cudaMemcpy(single, dSingle, sizeof(single), cudaMemcpyDeviceToHost);
        printf("offset %llu\n", offset);
        for (int i = 0; i < N; i += 5) {
            printf("  %2d: %u %u %u %u | %u | %u %u %u %u\n", i, ints[2 * i].x, ints[2 * i].y, ints[2 * i].z,
                   ints[2 * i].w, single[i], ints[2 * i + 1].x, ints[2 * i + 1].y, ints[2 * i + 1].z, ints[2 * i + 1].w);
            printf("      uniform4 %08x %08x %08x %08x (%.6f %.6f %.6f %.6f) double2 %.15f %.15f\n", bits(uni[i].x),
                   bits(uni[i].y), bits(uni[i].z), bits(uni[i].w), uni[i].x, uni[i].y, uni[i].z, uni[i].w, dbl[i].x,
                   dbl[i].y);
        }
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(dInts);
    cudaFree(dUni);
    cudaFree(dDbl);
    cudaFree(dSingle);
    return 0;
}
