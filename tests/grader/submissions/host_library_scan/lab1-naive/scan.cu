// Known-wrong submission: scan() copies the input to the host and lets the standard library scan
// it. Right output, no kernel of its own: the grader must give the lab zero, saying why.
#include <cstddef>
#include <numeric>
#include <vector>

#include "lab.h"

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    std::vector<float> host(n);
    cudaMemcpy(host.data(), input, n * sizeof(float), cudaMemcpyDeviceToHost);
    std::inclusive_scan(host.begin(), host.end(), host.begin());
    cudaMemcpy(output, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
}
