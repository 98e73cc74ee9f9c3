// Checks: a hand-made grid barrier that every thread of every block waits at (PMPP's radix sort
// ends each block this way): thread 0 counts its block in, then all threads spin on
// atomicAdd(&arrived, 0) until every block has arrived. 16 blocks of 128 threads, all resident on
// a GPU, so the wait ends whatever order the blocks start in.
#include <cstdio>

__global__ void shift_by_one_block(const int *in, int *partial, int *out, int *arrived)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    partial[i] = in[i] * 2;
    __syncthreads();
    if (threadIdx.x == 0) atomicAdd(arrived, 1);
    while (atomicAdd(arrived, 0) != gridDim.x) { }   // every thread waits for the whole grid
    int n = gridDim.x * blockDim.x;
    out[i] = partial[(i + blockDim.x) % n];          // written by the next block
}

int main()
{
    const int blocks = 16, threads = 128, n = blocks * threads;
    int h_in[n], h_out[n];
    for (int i = 0; i < n; ++i) h_in[i] = i % 1000;

    int *in, *partial, *out, *arrived;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&partial, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMalloc(&arrived, sizeof(int));
    cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(arrived, 0, sizeof(int));

    shift_by_one_block<<<blocks, threads>>>(in, partial, out, arrived);
    printf("sync=%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, out, n * sizeof(int), cudaMemcpyDeviceToHost);

    int wrong = 0;
    long long total = 0;
    for (int i = 0; i < n; ++i) {
        if (h_out[i] != 2 * h_in[(i + threads) % n]) ++wrong;
        total += h_out[i];
    }
    printf("out[0]=%d out[n-1]=%d total=%lld wrong=%d\n", h_out[0], h_out[n - 1], total, wrong);
    cudaFree(in); cudaFree(partial); cudaFree(out); cudaFree(arrived);
    return 0;
}
