// Checks: cuda::std::is_same/is_integral/enable_if in a kernel template and cuda::std::complex<float> arithmetic.
#include <cstdio>
#include <cuda/std/type_traits>
#include <cuda/std/complex>

template <typename T>
__global__ void classify(int *out)
{
    out[0] = cuda::std::is_integral<T>::value;
    out[1] = cuda::std::is_floating_point<T>::value;
    out[2] = cuda::std::is_same<T, float>::value;
    out[3] = (int)sizeof(typename cuda::std::make_unsigned<int>::type);
}

__global__ void cplx(float *out)
{
    cuda::std::complex<float> a(1.0f, 2.0f), b(3.0f, -1.0f);
    cuda::std::complex<float> c = a * b + cuda::std::conj(a);
    out[0] = c.real(); out[1] = c.imag();
    out[2] = cuda::std::norm(b);
}

int main()
{
    int *d, h[4]; float *df, hf[3];
    cudaMalloc(&d, sizeof h); cudaMalloc(&df, sizeof hf);
    classify<float><<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("float: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    classify<short><<<1, 1>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("short: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    cplx<<<1, 1>>>(df);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    printf("complex: %.1f %.1f norm=%.1f\n", hf[0], hf[1], hf[2]);
    return 0;
}
