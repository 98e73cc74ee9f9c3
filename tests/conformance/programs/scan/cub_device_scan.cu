// Checks: cub::DeviceScan::InclusiveSum / ExclusiveSum with the two-call temp-storage idiom; n = 0 .. 100000.
#include <cstdio>
#include <vector>
#include <cub/cub.cuh>

int main()
{
    int sizes[] = {0, 1, 31, 1000, 1025, 100000};
    for (int n : sizes) {
        std::vector<int> h(n), inc(n), exc(n);
        for (int i = 0; i < n; ++i) h[i] = (i * 29) % 21 - 10;
        int *din, *dinc, *dexc;
        cudaMalloc(&din, (n + 1) * sizeof(int)); cudaMalloc(&dinc, (n + 1) * sizeof(int)); cudaMalloc(&dexc, (n + 1) * sizeof(int));
        cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
        void *temp = nullptr;
        size_t bytes = 0, bytes2 = 0;
        cub::DeviceScan::InclusiveSum(temp, bytes, din, dinc, n);
        cub::DeviceScan::ExclusiveSum(nullptr, bytes2, din, dexc, n);
        if (bytes2 > bytes) bytes = bytes2;
        cudaMalloc(&temp, bytes + 1);
        cub::DeviceScan::InclusiveSum(temp, bytes, din, dinc, n);
        cub::DeviceScan::ExclusiveSum(temp, bytes, din, dexc, n);
        cudaMemcpy(inc.data(), dinc, n * sizeof(int), cudaMemcpyDeviceToHost);
        cudaMemcpy(exc.data(), dexc, n * sizeof(int), cudaMemcpyDeviceToHost);
        int acc = 0, bad = 0;
        for (int i = 0; i < n; ++i) { bad += exc[i] != acc; acc += h[i]; bad += inc[i] != acc; }
        printf("n=%d bad=%d total=%d err=%s\n", n, bad, acc, cudaGetErrorName(cudaGetLastError()));
        cudaFree(temp); cudaFree(din); cudaFree(dinc); cudaFree(dexc);
    }
    return 0;
}
