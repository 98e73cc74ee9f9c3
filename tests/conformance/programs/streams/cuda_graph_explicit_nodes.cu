// Checks: a CUDA graph built node by node (cudaGraphAddMemsetNode, cudaGraphAddKernelNode with
// kernelParams, cudaGraphAddMemcpyNode1D, cudaGraphAddHostNode, dependencies), instantiated and
// launched twice, then a kernel node's arguments changed in the executable graph
// (cudaGraphExecKernelNodeSetParams) and launched again.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void axpb(int *v, int a, int b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = a * v[i] + b + i;
}

static int seen[3][2], runs = 0;  // what the host node saw at each launch (printed by main after a sync)

static void CUDART_CB report(void *data)
{
    int *h = static_cast<int *>(data);
    seen[runs][0] = h[0]; seen[runs][1] = h[99];
    ++runs;
}

int main()
{
    const int n = 100;
    int *d, h[n] = {0};
    cudaMalloc(&d, n * sizeof(int));
    cudaGraph_t graph;
    cudaGraphCreate(&graph, 0);

    cudaMemsetParams fill = {};
    fill.dst = d; fill.value = 2; fill.elementSize = 4; fill.width = n; fill.height = 1;
    cudaGraphNode_t fillNode, kernelNode, copyNode, hostNode;
    cudaGraphAddMemsetNode(&fillNode, graph, nullptr, 0, &fill);

    int a = 3, b = 1, count = n;
    void *args[] = {&d, &a, &b, &count};
    cudaKernelNodeParams k = {};
    k.func = (void *)axpb; k.gridDim = dim3(2); k.blockDim = dim3(64); k.kernelParams = args;
    cudaGraphAddKernelNode(&kernelNode, graph, &fillNode, 1, &k);
    a = 100;  // the node keeps the values it was given
    cudaGraphAddMemcpyNode1D(&copyNode, graph, &kernelNode, 1, h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaHostNodeParams hp = {report, h};
    cudaGraphAddHostNode(&hostNode, graph, &copyNode, 1, &hp);

    size_t nodes = 0;
    cudaGraphGetNodes(graph, nullptr, &nodes);
    cudaGraphExec_t exec;
    printf("nodes=%zu instantiate=%s\n", nodes, cudaGetErrorName(cudaGraphInstantiate(&exec, graph, 0)));
    for (int r = 0; r < 2; ++r) printf("launch=%s\n", cudaGetErrorName(cudaGraphLaunch(exec, 0)));
    cudaDeviceSynchronize();

    int a2 = -1, b2 = 1000;
    void *args2[] = {&d, &a2, &b2, &count};
    k.kernelParams = args2;
    printf("set params=%s\n", cudaGetErrorName(cudaGraphExecKernelNodeSetParams(exec, kernelNode, &k)));
    cudaGraphLaunch(exec, 0);
    cudaDeviceSynchronize();
    printf("after update h[0]=%d h[50]=%d\n", h[0], h[50]);
    for (int r = 0; r < runs; ++r) printf("host node, launch %d: h[0]=%d h[99]=%d\n", r, seen[r][0], seen[r][1]);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaFree(d);
    return 0;
}
