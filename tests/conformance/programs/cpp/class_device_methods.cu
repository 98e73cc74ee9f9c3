// Checks: a class with __host__ __device__ constructor and methods, private members, a const method,
// objects passed by value to kernels and built inside kernels.
#include <cstdio>
#include <cuda_runtime.h>

class Matrix2 {
public:
    __host__ __device__ Matrix2(int a, int b, int c, int d) : m{a, b, c, d} {}
    __host__ __device__ Matrix2 operator*(const Matrix2 &o) const
    {
        return Matrix2(m[0] * o.m[0] + m[1] * o.m[2], m[0] * o.m[1] + m[1] * o.m[3],
                       m[2] * o.m[0] + m[3] * o.m[2], m[2] * o.m[1] + m[3] * o.m[3]);
    }
    __host__ __device__ int trace() const { return m[0] + m[3]; }
    __host__ __device__ int at(int i) const { return m[i]; }
private:
    int m[4];
};

__global__ void fib_power(Matrix2 base, int *out)
{
    Matrix2 acc(1, 0, 0, 1);
    for (int k = 0; k < (int)threadIdx.x; ++k) acc = acc * base;
    out[threadIdx.x] = acc.at(1);
}

int main()
{
    int *d, h[20];
    cudaMalloc(&d, sizeof h);
    fib_power<<<1, 20>>>(Matrix2(1, 1, 1, 0), d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\ntrace=%d\n", (Matrix2(1, 1, 1, 0) * Matrix2(2, 0, 0, 2)).trace());
    return 0;
}
