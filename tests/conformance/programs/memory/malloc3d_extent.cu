// Checks: make_cudaExtent + cudaMalloc3D (pitched pointer) + cudaMemset3D + kernel indexing of slices.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill3d(cudaPitchedPtr p, int w, int h, int d)
{
    int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
    if (x >= w || y >= h || z >= d) return;
    char *slice = (char *)p.ptr + z * p.pitch * h;
    int *row = (int *)(slice + y * p.pitch);
    row[x] += x + 10 * y + 100 * z;
}

int main()
{
    const int w = 5, h = 4, d = 3;
    cudaExtent ext = make_cudaExtent(w * sizeof(int), h, d);
    cudaPitchedPtr p;
    printf("malloc3d=%s\n", cudaGetErrorName(cudaMalloc3D(&p, ext)));
    cudaMemset3D(p, 0, ext);
    fill3d<<<d, dim3(8, 8)>>>(p, w, h, d);
    int host[d][h][w];
    cudaMemcpy3DParms parms = {0};
    parms.srcPtr = p;
    parms.dstPtr = make_cudaPitchedPtr(host, w * sizeof(int), w, h);
    parms.extent = ext;
    parms.kind = cudaMemcpyDeviceToHost;
    printf("copy3d=%s\n", cudaGetErrorName(cudaMemcpy3D(&parms)));
    printf("%d %d %d %d\n", host[0][0][0], host[1][2][3], host[2][3][4], host[2][0][1]);
    cudaFree(p.ptr);
    return 0;
}
