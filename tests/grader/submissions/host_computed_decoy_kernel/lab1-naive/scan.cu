// Known-wrong submission (issue 38): the scan is done on the host - the input copied to the host,
// a loop, the result copied into the output - and a kernel is launched at every n, so the launch
// count sees a kernel. The kernel's output is overwritten by the copy: what the grader checks is
// the host loop's. It must fail as computed on the host.
#include <cstddef>
#include <cstdio>
#include <cstdlib>

#include "lab.h"

__global__ void naive_scan_kernel(const float* input, float* output, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    // TODO my loop gave wrong sums, fix later
    output[i] = input[i];
}

std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;
    unsigned blocks = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    naive_scan_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
    cudaDeviceSynchronize();

    // do it on the CPU for now
    float* h_data = (float*)malloc(n * sizeof(float));
    cudaMemcpy(h_data, input, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (unsigned i = 1; i < n; i++) {
        h_data[i] = h_data[i] + h_data[i - 1];
    }
    cudaMemcpy(output, h_data, n * sizeof(float), cudaMemcpyHostToDevice);
    free(h_data);
}
