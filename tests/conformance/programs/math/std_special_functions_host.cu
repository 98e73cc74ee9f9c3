// Checks: C++17's special math functions from <cmath> (std::riemann_zeta, std::legendre, std::cyl_bessel_i, ...)
// in the host code of a CUDA file, the float, long double and generic forms, next to CUDA's own cyl_bessel_i0f
// in a kernel. (The CPU backend declares these functions itself: scanlab/cpu/special_math.h.)
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <cuda_runtime.h>

__global__ void bessel(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = cyl_bessel_i0f(x[i]);
}

int main()
{
    printf("zeta(2)        %.6f\n", std::riemann_zeta(2.0));
    printf("zetaf(3)       %.5f\n", std::riemann_zetaf(3.0f));
    printf("legendre(2,.5) %.6f\n", std::legendre(2u, 0.5f));
    printf("assoc_laguerre %.6f\n", std::assoc_laguerref(1, 2, 0.5f));
    printf("assoc_legendre %.6f\n", std::assoc_legendre(2u, 1u, 0.5));
    printf("beta(2,3)      %.6Lf\n", std::betal(2.0L, 3.0L));
    printf("beta(int,dbl)  %.6f\n", std::beta(2, 3.0));
    printf("ellint_1       %.6f\n", std::ellint_1(0.5, 1.0));
    printf("ellint_3       %.6f\n", std::ellint_3(0.5, 0.2, 1.0));
    printf("comp_ellint_2  %.6f\n", std::comp_ellint_2f(0.5f));
    printf("cyl_bessel_i   %.6f\n", std::cyl_bessel_i(0, 1));
    printf("cyl_bessel_j   %.6f\n", std::cyl_bessel_jf(1.0f, 2.0f));
    printf("cyl_bessel_k   %.6f\n", std::cyl_bessel_k(0.5, 1.5));
    printf("cyl_neumann    %.6f\n", std::cyl_neumann(1.0, 2.0));
    printf("expint(1)      %.6f\n", std::expint(1));
    printf("hermite(3,.5)  %.6f\n", std::hermite(3u, 0.5));
    printf("laguerre(2,.5) %.6Lf\n", std::laguerrel(2u, 0.5L));
    printf("sph_bessel     %.6f\n", std::sph_bessel(1u, 1.5));
    printf("sph_legendre   %.6f\n", std::sph_legendre(2u, 1u, 0.7));
    printf("sph_neumann    %.6f\n", std::sph_neumannf(1u, 1.5f));
    try {
        std::comp_ellint_1(2.0);  // |k| > 1: a domain error
        printf("comp_ellint_1(2): no error\n");
    } catch (const std::domain_error &) {
        printf("comp_ellint_1(2): domain_error\n");
    }

    const int n = 4;
    float x[n] = {0.0f, 0.5f, 1.0f, 2.0f}, y[n];
    float *dx, *dy;
    cudaMalloc(&dx, sizeof x);
    cudaMalloc(&dy, sizeof y);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    bessel<<<1, 32>>>(dx, dy, n);
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) printf("device i0(%.1f) %.5f\n", x[i], y[i]);
    cudaFree(dx);
    cudaFree(dy);
    return 0;
}
