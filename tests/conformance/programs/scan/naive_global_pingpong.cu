// Checks: naive (Hillis-Steele) inclusive scan in global memory, one launch per step with ping-pong buffers;
// checked against a CPU loop at n = 0, 1, 31, 1000, 1025, 100000.
#include <cstdio>
#include <vector>
#include <utility>
#include <cuda_runtime.h>

__global__ void step(const int *in, int *out, int n, int offset)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = i >= offset ? in[i] + in[i - offset] : in[i];
}

void run(int n)
{
    std::vector<int> h(n), r(n);
    for (int i = 0; i < n; ++i) h[i] = (i * 7) % 10 - 3;
    int *a = nullptr, *b = nullptr;
    cudaMalloc(&a, (n + 1) * sizeof(int));
    cudaMalloc(&b, (n + 1) * sizeof(int));
    cudaMemcpy(a, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    for (int offset = 1; offset < n; offset *= 2) {
        step<<<(n + 255) / 256, 256>>>(a, b, n, offset);
        std::swap(a, b);
    }
    cudaMemcpy(r.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost);
    int acc = 0, bad = 0;
    for (int i = 0; i < n; ++i) { acc += h[i]; bad += r[i] != acc; }
    printf("n=%d bad=%d last=%d err=%s\n", n, bad, n ? r[n - 1] : 0, cudaGetErrorName(cudaGetLastError()));
    cudaFree(a); cudaFree(b);
}

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) run(n);
    return 0;
}
