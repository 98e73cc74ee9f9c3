// Checks: enums and enum classes as kernel parameters, switch on them in device code, static constexpr members.
#include <cstdio>
#include <cuda_runtime.h>

enum Op { ADD, SUB, MUL };
enum class Mode : unsigned char { Fast = 1, Exact = 2 };

struct Config {
    static constexpr int scale = 10;
    Mode mode;
};

__global__ void compute(Op op, Config cfg, int *out)
{
    int a = threadIdx.x, b = 3, r;
    switch (op) {
    case ADD: r = a + b; break;
    case SUB: r = a - b; break;
    default: r = a * b; break;
    }
    out[threadIdx.x] = r * Config::scale + (cfg.mode == Mode::Exact ? 1 : 0);
}

int main()
{
    int *d, h[4];
    cudaMalloc(&d, sizeof h);
    Op ops[3] = {ADD, SUB, MUL};
    for (Op op : ops) {
        compute<<<1, 4>>>(op, Config{op == MUL ? Mode::Exact : Mode::Fast}, d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        printf("op %d: %d %d %d %d\n", (int)op, h[0], h[1], h[2], h[3]);
    }
    return 0;
}
