// Checks: the MRG32k3a generator (curandStateMRG32k3a_t): curand_init with a subsequence per thread
// (subsequences are 2^76 values apart), curand, curand_uniform and curand_uniform_double, the state
// kept in global memory between two launches.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define N 48

__global__ void setup(curandStateMRG32k3a_t *states, unsigned long long seed)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, id, 0, &states[id]);
}

__global__ void draw(curandStateMRG32k3a_t *states, unsigned int *ints, float *floats, double *doubles)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandStateMRG32k3a_t s = states[id];
    ints[2 * id] = curand(&s);
    ints[2 * id + 1] = curand(&s);
    floats[id] = curand_uniform(&s);
    doubles[id] = curand_uniform_double(&s);
    states[id] = s;
}

int main()
{
    curandStateMRG32k3a_t *dStates;
    unsigned int *dInts;
    float *dFloats;
    double *dDoubles;
    cudaMalloc(&dStates, N * sizeof(curandStateMRG32k3a_t));
    cudaMalloc(&dInts, 2 * N * sizeof(unsigned int));
    cudaMalloc(&dFloats, N * sizeof(float));
    cudaMalloc(&dDoubles, N * sizeof(double));
    const unsigned long long seeds[] = {0ULL, 2024ULL};
    for (unsigned long long seed : seeds) {
        setup<<<3, N / 3>>>(dStates, seed);
        for (int launch = 0; launch < 2; launch++) {
            draw<<<3, N / 3>>>(dStates, dInts, dFloats, dDoubles);
            unsigned int ints[2 * N];
            float floats[N];
            double doubles[N];
            cudaMemcpy(ints, dInts, sizeof(ints), cudaMemcpyDeviceToHost);
            cudaMemcpy(floats, dFloats, sizeof(floats), cudaMemcpyDeviceToHost);
            cudaMemcpy(doubles, dDoubles, sizeof(doubles), cudaMemcpyDeviceToHost);
            printf("seed %llu launch %d\n", seed, launch);
            for (int i = 0; i < N; i += 7) {
                unsigned int fbits;
                memcpy(&fbits, &floats[i], 4);
                printf("  %2d: %10u %10u  uniform %.6f (0x%08x)  double %.12f\n", i, ints[2 * i], ints[2 * i + 1],
                       floats[i], fbits, doubles[i]);
            }
        }
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(dStates);
    cudaFree(dInts);
    cudaFree(dFloats);
    cudaFree(dDoubles);
    return 0;
}
