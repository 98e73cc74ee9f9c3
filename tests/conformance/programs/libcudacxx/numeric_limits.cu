// Checks: cuda::std::numeric_limits<T>::max/min/lowest/epsilon/digits in device code.
#include <cstdio>
#include <cuda/std/limits>

__global__ void limits(long long *i, double *f)
{
    i[0] = cuda::std::numeric_limits<int>::max();
    i[1] = cuda::std::numeric_limits<int>::min();
    i[2] = cuda::std::numeric_limits<unsigned short>::max();
    i[3] = cuda::std::numeric_limits<signed char>::lowest();
    i[4] = cuda::std::numeric_limits<float>::digits;
    i[5] = cuda::std::numeric_limits<double>::digits10;
    i[6] = cuda::std::numeric_limits<long long>::max();
    i[7] = cuda::std::numeric_limits<unsigned>::is_signed;
    f[0] = cuda::std::numeric_limits<float>::epsilon();
    f[1] = cuda::std::numeric_limits<float>::max();
    f[2] = cuda::std::numeric_limits<double>::lowest();
    f[3] = cuda::std::numeric_limits<float>::infinity();
}

int main()
{
    long long *di, hi[8]; double *df, hf[4];
    cudaMalloc(&di, sizeof hi); cudaMalloc(&df, sizeof hf);
    limits<<<1, 1>>>(di, df);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    for (long long v : hi) printf("%lld ", v);
    printf("\n%a %a %a %f\n", hf[0], hf[1], hf[2], hf[3]);
    return 0;
}
