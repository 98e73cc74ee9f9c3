// Checks: device printf from a single thread with int, unsigned, long long, float, double, char, string and
// width/precision formats; output appears at cudaDeviceSynchronize.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void report(int n, float f, double d)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        printf("n=%d u=%u ll=%lld\n", n, 4000000000u, -9000000000LL);
        printf("f=%.3f d=%.6f e=%e g=%g\n", f, d, d * 1e10, f);
        printf("[%5d] [%-5d] [%05d] [%x] [%X] [%o]\n", n, n, n, 255, 255, 8);
        printf("c=%c s=%s pct=%%\n", 'A' + n % 26, "hello");
    }
}

int main()
{
    report<<<2, 64>>>(42, 3.14159f, 2.718281828);
    cudaDeviceSynchronize();
    printf("host after kernel\n");
    return 0;
}
