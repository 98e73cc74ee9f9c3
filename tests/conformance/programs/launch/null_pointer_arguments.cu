// Checks: passing NULL, 0 and nullptr for pointer parameters of a kernel that tests them before use.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void maybe_write(int *a, int *b, const int *src)
{
    int v = src ? src[threadIdx.x] : 42;
    if (a != NULL) a[threadIdx.x] = v;
    if (b != 0) b[threadIdx.x] = -v;
}

int main()
{
    int *da, *db, *ds, ha[4], hb[4], hs[4] = {1, 2, 3, 4};
    cudaMalloc(&da, sizeof ha);
    cudaMalloc(&db, sizeof hb);
    cudaMalloc(&ds, sizeof hs);
    cudaMemcpy(ds, hs, sizeof hs, cudaMemcpyHostToDevice);
    cudaMemset(db, 0, sizeof hb);
    maybe_write<<<1, 4>>>(da, NULL, ds);
    maybe_write<<<1, 4>>>(0, db, nullptr);
    maybe_write<<<1, 4>>>(NULL, 0, 0);
    cudaMemcpy(ha, da, sizeof ha, cudaMemcpyDeviceToHost);
    cudaMemcpy(hb, db, sizeof hb, cudaMemcpyDeviceToHost);
    printf("a: %d %d %d %d\n", ha[0], ha[1], ha[2], ha[3]);
    printf("b: %d %d %d %d\n", hb[0], hb[1], hb[2], hb[3]);
    printf("err=%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
