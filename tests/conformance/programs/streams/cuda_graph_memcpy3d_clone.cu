// Checks: graph nodes made from cudaMemcpy3DParms (cudaGraphAddMemcpyNode: a box out of a pitched
// 3-D device buffer to the host, a single value as the CUDA samples copy it), the node queries
// (cudaGraphGetNodes, cudaGraphGetRootNodes, cudaGraphGetEdges, cudaGraphNodeGetDependencies,
// cudaGraphMemcpyNodeGetParams, cudaGraphHostNodeGetParams), cudaGraphClone with
// cudaGraphNodeFindInClone, and a copy node's parameters changed in an executable graph
// (cudaGraphExecMemcpyNodeSetParams) while the clone keeps its own.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill3d(cudaPitchedPtr p, int w, int h, int d, int base)
{
    int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
    if (x < w && y < h && z < d) {
        int *row = (int *)((char *)p.ptr + (z * h + y) * p.pitch);
        row[x] = base + 100 * z + 10 * y + x;
    }
}

__global__ void sumAll(cudaPitchedPtr p, int w, int h, int d, long long *out)
{
    long long s = 0;
    for (int z = 0; z < d; ++z)
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) s += ((int *)((char *)p.ptr + (z * h + y) * p.pitch))[x];
    *out = s;
}

static int hostRuns = 0;
static void CUDART_CB countRun(void *) { ++hostRuns; }

int main()
{
    const int W = 5, H = 4, D = 3;
    cudaPitchedPtr dev;
    cudaMalloc3D(&dev, make_cudaExtent(W * sizeof(int), H, D));
    long long *dSum, hSum = 0;
    cudaMalloc(&dSum, sizeof(long long));
    int box[2][2][3];  // z, y, x: the box at x 1..3, y 2..3, z 1..2
    int box2[2][2][3];

    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphNode_t setSum, fill, sum, copyBox, copySum, host;
    cudaMemsetParams ms = {};
    ms.dst = dSum; ms.value = 0; ms.elementSize = 4; ms.width = 2; ms.height = 1;
    cudaGraphAddMemsetNode(&setSum, g, nullptr, 0, &ms);
    int w = W, h = H, d = D, base = 1000;
    void *fillArgs[] = {&dev, &w, &h, &d, &base};
    cudaKernelNodeParams k = {};
    k.func = (void *)fill3d; k.gridDim = dim3(D); k.blockDim = dim3(W, H); k.kernelParams = fillArgs;
    cudaGraphAddKernelNode(&fill, g, nullptr, 0, &k);
    void *sumArgs[] = {&dev, &w, &h, &d, &dSum};
    k.func = (void *)sumAll; k.gridDim = dim3(1); k.blockDim = dim3(1); k.kernelParams = sumArgs;
    cudaGraphNode_t deps[] = {setSum, fill};
    cudaGraphAddKernelNode(&sum, g, deps, 2, &k);

    cudaMemcpy3DParms c = {};
    c.srcPtr = dev;
    c.srcPos = make_cudaPos(1 * sizeof(int), 2, 1);
    c.dstPtr = make_cudaPitchedPtr(box, 3 * sizeof(int), 3, 2);
    c.extent = make_cudaExtent(3 * sizeof(int), 2, 2);
    c.kind = cudaMemcpyDeviceToHost;
    printf("add 3-D copy: %s\n", cudaGetErrorName(cudaGraphAddMemcpyNode(&copyBox, g, &fill, 1, &c)));
    cudaMemcpy3DParms one = {};
    one.srcPtr = make_cudaPitchedPtr(dSum, sizeof(long long), 1, 1);
    one.dstPtr = make_cudaPitchedPtr(&hSum, sizeof(long long), 1, 1);
    one.extent = make_cudaExtent(sizeof(long long), 1, 1);
    one.kind = cudaMemcpyDeviceToHost;
    printf("add 1-value copy: %s\n", cudaGetErrorName(cudaGraphAddMemcpyNode(&copySum, g, &sum, 1, &one)));
    cudaHostNodeParams hp = {countRun, nullptr};
    cudaGraphNode_t last[] = {copyBox, copySum};
    cudaGraphAddHostNode(&host, g, last, 2, &hp);

    size_t nodes = 0, roots = 0, edges = 0, hostDeps = 0;
    cudaGraphGetNodes(g, nullptr, &nodes);
    cudaGraphGetRootNodes(g, nullptr, &roots);
    cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &edges);
    cudaGraphNodeGetDependencies(host, nullptr, nullptr, &hostDeps);
    printf("nodes=%zu roots=%zu edges=%zu host node dependencies=%zu\n", nodes, roots, edges, hostDeps);
    cudaMemcpy3DParms back = {};
    cudaGraphMemcpyNodeGetParams(copyBox, &back);
    printf("copy node: extent %zu x %zu x %zu from (%zu,%zu,%zu) kind %d\n", back.extent.width, back.extent.height,
           back.extent.depth, back.srcPos.x, back.srcPos.y, back.srcPos.z, (int)back.kind);
    cudaHostNodeParams hq = {};
    cudaGraphHostNodeGetParams(host, &hq);
    printf("host node fn matches: %d\n", hq.fn == countRun);

    cudaGraph_t clone;
    printf("clone: %s\n", cudaGetErrorName(cudaGraphClone(&clone, g)));
    cudaGraphNode_t cloneCopy = nullptr;
    printf("find in clone: %s\n", cudaGetErrorName(cudaGraphNodeFindInClone(&cloneCopy, copyBox, clone)));
    cudaGraphNodeType t;
    cudaGraphNodeGetType(cloneCopy, &t);
    printf("clone's node is a copy node: %d, not the original: %d\n", t == cudaGraphNodeTypeMemcpy, cloneCopy != copyBox);

    cudaGraphExec_t exec, cloneExec;
    cudaGraphInstantiate(&exec, g, 0);
    cudaGraphInstantiate(&cloneExec, clone, 0);
    cudaStream_t s;
    cudaStreamCreate(&s);
    printf("launch: %s\n", cudaGetErrorName(cudaGraphLaunch(exec, s)));
    cudaStreamSynchronize(s);
    printf("sum=%lld\n", hSum);
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y) printf("box[%d][%d] = %d %d %d\n", z, y, box[z][y][0], box[z][y][1], box[z][y][2]);

    // The executable graph now copies the box into box2; the clone still copies into box.
    c.dstPtr = make_cudaPitchedPtr(box2, 3 * sizeof(int), 3, 2);
    c.srcPos = make_cudaPos(0, 0, 0);
    printf("exec set params: %s\n", cudaGetErrorName(cudaGraphExecMemcpyNodeSetParams(exec, copyBox, &c)));
    for (int i = 0; i < 12; ++i) ((int *)box)[i] = ((int *)box2)[i] = -1;
    cudaGraphLaunch(exec, s);
    cudaGraphLaunch(cloneExec, s);
    cudaStreamSynchronize(s);
    printf("box2[0][0] = %d %d %d, box2[1][1] = %d %d %d\n", box2[0][0][0], box2[0][0][1], box2[0][0][2],
           box2[1][1][0], box2[1][1][1], box2[1][1][2]);
    printf("box[1][1] = %d %d %d (the clone)\n", box[1][1][0], box[1][1][1], box[1][1][2]);
    printf("host node runs=%d\n", hostRuns);

    cudaGraphExecDestroy(exec);
    cudaGraphExecDestroy(cloneExec);
    cudaGraphDestroy(g);
    cudaGraphDestroy(clone);
    cudaStreamDestroy(s);
    cudaFree(dev.ptr);
    cudaFree(dSum);
    return 0;
}
