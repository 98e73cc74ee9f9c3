// Checks: device printf of inf, -inf, nan (as printed by %f), negative zero and a value with %a.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void specials(float zero)
{
    if (threadIdx.x == 0) {
        float inf = 1.0f / zero;
        printf("%f %f %.1f %a\n", inf, -inf, -zero, 1.5);
        printf("%d %s\n", isnan(zero / zero) ? 1 : 0, "end");
    }
}

int main()
{
    specials<<<1, 32>>>(0.0f);
    cudaDeviceSynchronize();
    return 0;
}
