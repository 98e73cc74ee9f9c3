// Checks: nvcc fuses a multiply and the add that uses it into one fma in device code (-fmad=true,
// its default), so `a * b + c` is rounded once on a GPU; the rounding intrinsics (__fmul_rn,
// __fadd_rn) are never fused; a __host__ __device__ helper is fused in a kernel and not on the host;
// double precision too. The inputs make the fused and the unfused results differ in their low bits.
// conformance-cpu-needs: fma
#include <cstdio>
#include <cstring>

__host__ __device__ float axpy(float a, float x, float y) { return a * x + y; }

__device__ float stencil(const float *s, int i)
{
    const float c0 = 0.1f, c1 = 0.3f, c2 = 0.7f;
    return c0 * s[i - 1] + c1 * s[i] + c2 * s[i + 1];   // a chain of products and sums
}

__global__ void arithmetic(const float *in, const double *din, unsigned *out, unsigned long long *dout)
{
    const int t = threadIdx.x;
    const float a = in[t], b = in[t + 32], c = in[t + 64];
    float r[6];
    r[0] = a * b + c;                          // fused
    r[1] = a * b - c;                          // fused (c negated)
    r[2] = c - a * b;                          // fused (product negated)
    r[3] = __fadd_rn(__fmul_rn(a, b), c);      // never fused
    r[4] = axpy(a, b, c);                      // fused in device code
    r[5] = stencil(in, t + 33);
    for (int k = 0; k < 6; ++k) std::memcpy(&out[t * 6 + k], &r[k], 4);
    const double d = din[t] * din[t + 32] + din[t + 64];
    std::memcpy(&dout[t], &d, 8);
}

int main()
{
    float h_in[96];
    double h_din[96];
    for (int i = 0; i < 96; ++i) {
        h_in[i] = 1.0f + (float)((i * 2654435761u) % 1000003u) * 1.0e-6f;
        h_din[i] = 1.0 + (double)((i * 2246822519u) % 1000003u) * 1.0e-7;
    }
    for (int i = 64; i < 96; ++i) { h_in[i] = -h_in[i - 64] * h_in[i - 32]; h_din[i] = -h_din[i - 64] * h_din[i - 32]; }
    float *in; double *din; unsigned *out; unsigned long long *dout;
    cudaMalloc(&in, sizeof h_in); cudaMalloc(&din, sizeof h_din);
    cudaMalloc(&out, 32 * 6 * 4); cudaMalloc(&dout, 32 * 8);
    cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    cudaMemcpy(din, h_din, sizeof h_din, cudaMemcpyHostToDevice);
    arithmetic<<<1, 32>>>(in, din, out, dout);
    unsigned h_out[32 * 6]; unsigned long long h_dout[32];
    cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_dout, dout, sizeof h_dout, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; ++t) {
        printf("%2d", t);
        for (int k = 0; k < 6; ++k) printf(" %08x", h_out[t * 6 + k]);
        printf(" %016llx\n", h_dout[t]);
    }
    // The same helper on the host: the host compiler's arithmetic, not fused on x86-64.
    unsigned host_bits[4];
    for (int t = 0; t < 4; ++t) { float h = axpy(h_in[t], h_in[t + 32], h_in[t + 64]); std::memcpy(&host_bits[t], &h, 4); }
    printf("host %08x %08x %08x %08x\n", host_bits[0], host_bits[1], host_bits[2], host_bits[3]);
    return 0;
}
