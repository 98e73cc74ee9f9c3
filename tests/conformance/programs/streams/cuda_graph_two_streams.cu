// Checks: stream capture across two streams (a fork with cudaEventRecord + cudaStreamWaitEvent and
// a join back), with cudaMemcpyAsync and cudaMemsetAsync captured; cudaStreamIsCapturing during and
// after the capture; the graph replayed in a loop as tutorials do.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add_index(float *v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] += i; }
__global__ void scale(float *v, float s, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] *= s; }
__global__ void combine(float *out, const float *a, const float *b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] += a[i] - b[i];
}

int main()
{
    const int n = 300;
    float *a, *b, *out, h[n];
    cudaMalloc(&a, n * sizeof(float)); cudaMalloc(&b, n * sizeof(float)); cudaMalloc(&out, n * sizeof(float));
    cudaMemset(out, 0, n * sizeof(float));
    for (int i = 0; i < n; ++i) h[i] = 0.5f * i;
    cudaStream_t s1, s2;
    cudaStreamCreate(&s1); cudaStreamCreate(&s2);
    cudaEvent_t fork, join;
    cudaEventCreate(&fork); cudaEventCreate(&join);

    cudaGraph_t graph;
    cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal);
    cudaMemcpyAsync(a, h, n * sizeof(float), cudaMemcpyHostToDevice, s1);
    cudaEventRecord(fork, s1);
    cudaStreamWaitEvent(s2, fork, 0);
    cudaMemsetAsync(b, 0, n * sizeof(float), s2);
    add_index<<<(n + 127) / 128, 128, 0, s2>>>(b, n);
    scale<<<(n + 127) / 128, 128, 0, s1>>>(a, 3.0f, n);
    cudaEventRecord(join, s2);
    cudaStreamWaitEvent(s1, join, 0);
    combine<<<(n + 127) / 128, 128, 0, s1>>>(out, a, b, n);
    cudaStreamCaptureStatus st1, st2;
    cudaStreamIsCapturing(s1, &st1);
    cudaStreamIsCapturing(s2, &st2);
    printf("capturing: s1=%d s2=%d\n", (int)st1, (int)st2);
    printf("end=%s\n", cudaGetErrorName(cudaStreamEndCapture(s1, &graph)));
    cudaStreamIsCapturing(s1, &st1);
    printf("after end: s1=%d\n", (int)st1);

    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    for (int step = 0; step < 4; ++step) cudaGraphLaunch(exec, s1);
    cudaStreamSynchronize(s1);
    cudaMemcpy(h, out, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("out[0]=%g out[1]=%g out[299]=%g\n", h[0], h[1], h[299]);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    return 0;
}
