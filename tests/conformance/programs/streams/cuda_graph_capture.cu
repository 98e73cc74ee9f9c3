// Checks: stream capture into a CUDA graph (cudaStreamBeginCapture/EndCapture, cudaGraphInstantiate,
// cudaGraphLaunch replayed three times).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(int *v, int x) { v[threadIdx.x] += x; }
__global__ void mul(int *v, int x) { v[threadIdx.x] *= x; }

int main()
{
    cudaStream_t s;
    cudaStreamCreate(&s);
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    add<<<1, 8, 0, s>>>(d, 1);
    mul<<<1, 8, 0, s>>>(d, 3);
    cudaStreamEndCapture(s, &graph);
    printf("instantiate=%s\n", cudaGetErrorName(cudaGraphInstantiate(&exec, graph, 0)));
    for (int r = 0; r < 3; ++r) cudaGraphLaunch(exec, s);
    cudaStreamSynchronize(s);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("h[0]=%d h[7]=%d\n", h[0], h[7]);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(s);
    return 0;
}
