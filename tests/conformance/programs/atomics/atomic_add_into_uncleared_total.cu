// Checks: blocks add their partial sums into a total from cudaMalloc that the host never cleared
// (PMPP's coarsened reduction does so): what the total then holds is whatever the memory held, so
// only the launch's status is printed; compute-sanitizer's initcheck reports the read on a GPU, and
// the CPU backend reports it too. After cudaMemset the same launch gives the sum.
// conformance-cpu-reports: read of uninitialised global memory: an atomic .* at atomic_add_into_uncleared_total.cu:16
#include <cstdio>

__global__ void block_sums(const float *in, float *total)
{
    __shared__ float partial;
    if (threadIdx.x == 0) partial = 0.0f;
    __syncthreads();
    atomicAdd(&partial, in[blockIdx.x * blockDim.x + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(total, partial);
}

int main()
{
    const int blocks = 16, threads = 128, n = blocks * threads;
    float h_in[n], result;
    for (int i = 0; i < n; ++i) h_in[i] = (i % 7) * 0.5f;

    float *in, *total;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&total, sizeof(float));
    cudaMemcpy(in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);

    block_sums<<<blocks, threads>>>(in, total);           // total never set
    printf("uncleared: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));

    cudaMemset(total, 0, sizeof(float));
    block_sums<<<blocks, threads>>>(in, total);
    cudaMemcpy(&result, total, sizeof(float), cudaMemcpyDeviceToHost);
    printf("cleared: %s total=%.1f\n", cudaGetErrorName(cudaGetLastError()), result);
    return 0;
}
