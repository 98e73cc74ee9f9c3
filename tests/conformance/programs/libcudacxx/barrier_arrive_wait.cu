// Checks: cuda::barrier<cuda::thread_scope_block> as the CUDA Programming Guide uses it: init by one
// thread, arrive_and_wait() as a block barrier, and a split arrive()/wait(token) with independent
// work in between; several blocks, each with its own barrier.
#include <cstdio>
#include <cuda/barrier>
#include <utility>

#pragma nv_diag_suppress static_var_with_dynamic_init
__global__ void rotate_twice(const int* in, int* out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int a[128], b[128];
    int t = threadIdx.x, n = blockDim.x;
    if (t == 0) init(&bar, n);
    __syncthreads();
    a[t] = in[blockIdx.x * n + t] * 3;
    bar.arrive_and_wait();
    b[t] = a[(t + 1) % n];
    auto token = bar.arrive();
    int local = t * t + blockIdx.x;  // work that needs no other thread
    bar.wait(std::move(token));
    out[blockIdx.x * n + t] = b[(t + 5) % n] + local;
}

int main() {
    const int blocks = 3, n = 96;
    int h[blocks * n];
    for (int i = 0; i < blocks * n; i++) h[i] = i % 13;
    int *in, *out;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    rotate_twice<<<blocks, n>>>(in, out);
    printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    long long check = 0;
    for (int i = 0; i < blocks * n; i++) check = check * 31 + h[i];
    printf("out[0..3] = %d %d %d %d, out[%d] = %d, hash %lld\n", h[0], h[1], h[2], h[3], blocks * n - 1,
           h[blocks * n - 1], check);
    return 0;
}
