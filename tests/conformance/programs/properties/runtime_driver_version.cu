// Checks: cudaRuntimeGetVersion/cudaDriverGetVersion succeed and report versions >= 11000 (CUDA 11 or newer);
// exact versions differ and are not printed. CUDART_VERSION macro agrees with the runtime's major version.
#include <cstdio>
#include <cuda_runtime.h>

int main()
{
    int rt = 0, drv = 0;
    printf("runtime=%s\n", cudaGetErrorName(cudaRuntimeGetVersion(&rt)));
    printf("driver=%s\n", cudaGetErrorName(cudaDriverGetVersion(&drv)));
    printf("runtime>=11000: %d driver>=runtime: %d\n", rt >= 11000, drv >= rt);
    printf("macro major matches: %d\n", CUDART_VERSION / 1000 == rt / 1000);
    return 0;
}
