// Checks: make_float4/make_int2/make_uint3, component access, float4 loads from a reinterpret_cast pointer.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void vec(const float *in, float4 *out, int2 *pairs)
{
    int i = threadIdx.x;
    float4 v = reinterpret_cast<const float4 *>(in)[i];
    out[i] = make_float4(v.w, v.z, v.y, v.x + 1.0f);
    pairs[i] = make_int2(i, -i);
}

int main()
{
    float h[32];
    for (int i = 0; i < 32; ++i) h[i] = (float)i;
    float *din; float4 *dout, r[8]; int2 *dp, p[8];
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof r); cudaMalloc(&dp, sizeof p);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    vec<<<1, 8>>>(din, dout, dp);
    cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(p, dp, sizeof p, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i += 3) printf("(%.0f %.0f %.0f %.0f) (%d,%d)\n", r[i].x, r[i].y, r[i].z, r[i].w, p[i].x, p[i].y);
    uint3 u = make_uint3(1, 2, 3);
    printf("uint3 %u %u %u\n", u.x, u.y, u.z);
    return 0;
}
