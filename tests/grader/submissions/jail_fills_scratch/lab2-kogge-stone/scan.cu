// Known-wrong submission (tests/grader, the jail): a correct Kogge-Stone whose scan() first writes
// 8 MiB files into its working folder until something stops it. Each file is under the size limit
// of one file (RLIMIT_FSIZE); together they would fill the grader's /dev/shm and with it every
// other grading of the batch. The grader must stop it at the case's limit for all its folders.
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include "lab.h"

static void fill_the_disk() {
    std::vector<char> chunk(8 << 20, 'x');
    for (int k = 0; k < 100000; ++k) {
        FILE* f = std::fopen(("fill-" + std::to_string(k)).c_str(), "wb");
        if (f == nullptr) return;
        bool ok = std::fwrite(chunk.data(), 1, chunk.size(), f) == chunk.size();
        std::fclose(f);
        if (!ok) return;
    }
}

__global__ void kogge_stone_kernel(const float* input, float* output, unsigned n) {
    unsigned t = threadIdx.x;
    std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;
    __shared__ float XY[SECTION_SIZE];
    XY[t] = (i < n) ? input[i] : 0.0f;
    for (unsigned stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (t >= stride) temp = XY[t] + XY[t - stride];
        __syncthreads();
        if (t >= stride) XY[t] = temp;
    }
    if (i < n) output[i] = XY[t];
}

std::size_t scan_workspace_bytes(unsigned) { return 0; }

void scan(const float* input, float* output, unsigned n, void*) {
    fill_the_disk();
    if (n == 0) return;
    unsigned blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    kogge_stone_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
