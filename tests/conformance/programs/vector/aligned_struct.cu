// Checks: __align__(16) user structs (sizeof/alignof agree between host and device) copied as arrays.
#include <cstdio>
#include <cuda_runtime.h>

struct __align__(16) Particle { float x, y, z; int id; };
struct __align__(8) Small { short a; char b; };

__global__ void step(Particle *p, int *sizes)
{
    int i = threadIdx.x;
    p[i].x += 1.0f; p[i].y *= 2.0f; p[i].z -= p[i].id;
    if (i == 0) { sizes[0] = sizeof(Particle); sizes[1] = alignof(Particle); sizes[2] = sizeof(Small); sizes[3] = alignof(Small); }
}

int main()
{
    Particle p[4];
    for (int i = 0; i < 4; ++i) p[i] = {(float)i, 0.5f * i, 10.0f, i * 3};
    Particle *dp; int *ds, hs[4];
    cudaMalloc(&dp, sizeof p); cudaMalloc(&ds, sizeof hs);
    cudaMemcpy(dp, p, sizeof p, cudaMemcpyHostToDevice);
    step<<<1, 4>>>(dp, ds);
    cudaMemcpy(p, dp, sizeof p, cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost);
    for (auto &q : p) printf("%d: %.1f %.1f %.1f\n", q.id, q.x, q.y, q.z);
    printf("device sizeof/alignof Particle %d/%d Small %d/%d; host %zu/%zu %zu/%zu\n", hs[0], hs[1], hs[2], hs[3],
           sizeof(Particle), alignof(Particle), sizeof(Small), alignof(Small));
    return 0;
}
