// Checks: cg::this_thread_block(): thread_rank(), size()/num_threads(), group_index(), thread_index(), sync().
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void info(int *out)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ int s[64];
    int r = block.thread_rank();
    s[r] = r * 2;
    block.sync();
    int g = blockIdx.x * 64 + r;
    out[g] = s[block.size() - 1 - r] + 1000 * block.group_index().x;
    if (r == 0) { out[128 + 4 * blockIdx.x] = block.num_threads(); out[129 + 4 * blockIdx.x] = block.thread_index().y;
                  out[130 + 4 * blockIdx.x] = block.group_dim().x; out[131 + 4 * blockIdx.x] = block.dim_threads().y; }
}

int main()
{
    int *d, h[136];
    cudaMalloc(&d, sizeof h);
    info<<<2, dim3(32, 2)>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d\n", h[0], h[63], h[64], h[127]);
    printf("num=%d tidx.y=%d dim.x=%d dim.y=%d\n", h[128], h[129], h[130], h[131]);
    return 0;
}
