// The fast-math intrinsics against a GPU's (docs/fidelity.md): each intrinsic over 2^18 inputs
// spread over its useful range, results written as raw bits to the file named on the command
// line. Built with nvcc on a GPU and with scanlab-nvcc here; bench/fidelity/compare.py tells how
// far apart the two files are, per intrinsic, in units in the last place.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

constexpr int N = 1 << 18;
constexpr int FUNCS = 10;

// The inputs in correctly rounded arithmetic that no compiler contracts into an fma (nvcc would,
// and the two sides would then start from inputs an ulp apart).
__device__ float span(float lo, float width, float t) { return __fadd_rn(lo, __fmul_rn(width, t)); }

__device__ float input(int f, int i, float *y)
{
    const float t = (i + 0.5f) / N;  // (0, 1), exact
    *y = span(0.5f, 3.0f, t);
    switch (f) {
        case 0: case 1: return span(-80.0f, 160.0f, t);                  // __expf, __exp10f (x / 4)
        case 2: case 3: case 4: return exp2f(span(-60.0f, 120.0f, t));   // __logf, __log2f, __log10f
        case 5: case 6: case 7: return span(-20.0f, 40.0f, t);           // __sinf, __cosf, __tanf
        case 8: return exp2f(span(-8.0f, 16.0f, t));                     // __powf (x), y in [0.5, 3.5)
        default: return span(-1000.0f, 2000.0f, t);                      // __fdividef (x), y below
    }
}

__global__ void compute(unsigned *out)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N) return;
    for (int f = 0; f < FUNCS; ++f) {
        float y;
        const float x = input(f, i, &y);
        float r;
        switch (f) {
            case 0: r = __expf(x); break;
            case 1: r = __exp10f(x * 0.25f); break;
            case 2: r = __logf(x); break;
            case 3: r = __log2f(x); break;
            case 4: r = __log10f(x); break;
            case 5: r = __sinf(x); break;
            case 6: r = __cosf(x); break;
            case 7: r = __tanf(x); break;
            case 8: r = __powf(x, y); break;
            default: r = __fdividef(x, __fadd_rn(__fmul_rn(y, 7.0f), -11.0f)); break;
        }
        out[f * N + i] = __float_as_uint(r);
    }
}

int main(int argc, char **argv)
{
    static unsigned h[FUNCS * N];
    unsigned *d;
    cudaMalloc(&d, sizeof h);
    compute<<<N / 256, 256>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    FILE *f = fopen(argc > 1 ? argv[1] : "fast_math.bin", "wb");
    if (!f) return 1;
    fwrite(h, sizeof h, 1, f);
    fclose(f);
    return 0;
}
