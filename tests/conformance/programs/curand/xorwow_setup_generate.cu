// Checks: cuRAND's device API as its documentation teaches it: a setup kernel gives each thread its
// own curandState (curand_init(seed, id, 0, ...): same seed, one subsequence per thread), a second
// kernel copies the state to a local variable, draws with curand() and curand_uniform(), and stores
// the state back, so a second launch continues each thread's sequence.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define THREADS 64
#define BLOCKS 2
#define N (THREADS * BLOCKS)

__global__ void setup_kernel(curandState *state)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    curand_init(1234, id, 0, &state[id]);
}

__global__ void generate_kernel(curandState *state, unsigned int *first, float *uniform, int *odd)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    curandState localState = state[id];
    first[id] = curand(&localState);
    uniform[id] = curand_uniform(&localState);
    int count = 0;
    for (int i = 0; i < 200; i++) {
        unsigned int x = curand(&localState);
        if (x & 1) count++;
    }
    odd[id] += count;
    state[id] = localState;
}

int main()
{
    curandState *devStates;
    unsigned int *dFirst;
    float *dUniform;
    int *dOdd;
    cudaMalloc(&devStates, N * sizeof(curandState));
    cudaMalloc(&dFirst, N * sizeof(unsigned int));
    cudaMalloc(&dUniform, N * sizeof(float));
    cudaMalloc(&dOdd, N * sizeof(int));
    cudaMemset(dOdd, 0, N * sizeof(int));
    printf("sizeof(curandState) = %zu\n", sizeof(curandState));

    setup_kernel<<<BLOCKS, THREADS>>>(devStates);
    unsigned int first[N];
    float uniform[N];
    int odd[N];
    for (int launch = 0; launch < 2; launch++) {
        generate_kernel<<<BLOCKS, THREADS>>>(devStates, dFirst, dUniform, dOdd);
        cudaMemcpy(first, dFirst, sizeof(first), cudaMemcpyDeviceToHost);
        cudaMemcpy(uniform, dUniform, sizeof(uniform), cudaMemcpyDeviceToHost);
        printf("launch %d\n", launch);
        for (int i = 0; i < N; i += 9) {
            unsigned int bits;
            memcpy(&bits, &uniform[i], sizeof(bits));
            printf("  thread %3d: curand %10u  uniform %.6f (0x%08x)\n", i, first[i], uniform[i], bits);
        }
    }
    cudaMemcpy(odd, dOdd, sizeof(odd), cudaMemcpyDeviceToHost);
    long total = 0;
    for (int i = 0; i < N; i++) total += odd[i];
    printf("odd values: %ld of %d (thread 0: %d, thread %d: %d)\n", total, N * 400, odd[0], N - 1, odd[N - 1]);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(devStates);
    cudaFree(dFirst);
    cudaFree(dUniform);
    cudaFree(dOdd);
    return 0;
}
