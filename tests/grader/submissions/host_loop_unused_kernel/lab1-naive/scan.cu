// Known-wrong submission: a kernel exists and is launched only for sizes the grader's CPU run never
// reaches; every other size is scanned on the host. The object references a launch, so only the
// CPU backend's launch count shows that scan() ran no kernel.
#include <cstddef>
#include <vector>

#include "lab.h"

namespace {

__global__ void copy_kernel(const float* input, float* output, unsigned n) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) output[i] = input[i];
}

}  // namespace

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    if (n > (1u << 30)) {  // "the GPU path"
        copy_kernel<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(input, output, n);
        return;
    }
    std::vector<float> host(n);
    cudaMemcpy(host.data(), input, n * sizeof(float), cudaMemcpyDeviceToHost);
    float sum = 0.0f;
    for (unsigned i = 0; i < n; ++i) host[i] = sum += host[i];
    cudaMemcpy(output, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
}
