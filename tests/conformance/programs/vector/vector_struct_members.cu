// Checks: dim3/uint3 arithmetic, double2 and uchar4 (pixel) members in device code, make_uchar4 saturation by hand.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void brighten(uchar4 *px, int n, int add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uchar4 p = px[i];
    int r = min(255, p.x + add), g = min(255, p.y + add), b = min(255, p.z + add);
    px[i] = make_uchar4((unsigned char)r, (unsigned char)g, (unsigned char)b, p.w);
}

__global__ void complex_mul(const double2 *a, const double2 *b, double2 *c)
{
    int i = threadIdx.x;
    c[i] = make_double2(a[i].x * b[i].x - a[i].y * b[i].y, a[i].x * b[i].y + a[i].y * b[i].x);
}

int main()
{
    uchar4 px[6];
    for (int i = 0; i < 6; ++i) px[i] = make_uchar4(i * 50, 200, 10 * i, 255 - i);
    uchar4 *dpx;
    cudaMalloc(&dpx, sizeof px);
    cudaMemcpy(dpx, px, sizeof px, cudaMemcpyHostToDevice);
    brighten<<<1, 8>>>(dpx, 6, 60);
    cudaMemcpy(px, dpx, sizeof px, cudaMemcpyDeviceToHost);
    for (auto p : px) printf("(%d %d %d %d) ", p.x, p.y, p.z, p.w);
    printf("\n");
    double2 a[2] = {make_double2(1, 2), make_double2(-0.5, 3)}, b[2] = {make_double2(3, -1), make_double2(2, 2)}, c[2];
    double2 *da, *db, *dc;
    cudaMalloc(&da, sizeof a); cudaMalloc(&db, sizeof b); cudaMalloc(&dc, sizeof c);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    complex_mul<<<1, 2>>>(da, db, dc);
    cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
    printf("(%.2f,%.2f) (%.2f,%.2f)\n", c[0].x, c[0].y, c[1].x, c[1].y);
    return 0;
}
