// Known-wrong submission: scan() copies the input to the host and sums it in a plain loop. No
// kernel anywhere: the build stage finds no launch in the object and gives the lab zero.
#include <cstddef>
#include <vector>

#include "lab.h"

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    std::vector<float> host(n);
    cudaMemcpy(host.data(), input, n * sizeof(float), cudaMemcpyDeviceToHost);
    float sum = 0.0f;
    for (unsigned i = 0; i < n; ++i) host[i] = sum += host[i];
    cudaMemcpy(output, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
}
