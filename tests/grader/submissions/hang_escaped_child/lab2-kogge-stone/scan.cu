// Known-wrong submission (tests/grader): scan() starts a helper process that leaves the runner's
// process group and session (setsid) while holding its stdout and stderr, then hangs in its kernel.
// Killing the process group does not reach the helper, and a grader that read the pipes to the end
// would wait for it for ever. The grader must fail the case as a hang, finish in bounded time and
// leave no process behind (the helper names itself scanlab-escapee; the test looks for it).
#include <cstddef>
#include <sys/prctl.h>
#include <unistd.h>

#include "lab.h"

__global__ void kogge_stone_kernel(const float* input, float* output, unsigned n) {
    const unsigned t = threadIdx.x;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;
    __shared__ float XY[SECTION_SIZE];
    XY[t] = i < n ? input[i] : 0.0f;
    for (unsigned stride = 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();
        float temp = 0.0f;
        if (t >= stride) temp = XY[t] + XY[t - stride];
        __syncthreads();
        if (t >= stride) XY[t] = temp;
    }
    volatile float* first = XY;
    while (first[0] == first[0]) {}  // never ends (a number equals itself)
    if (i < n) output[i] = XY[t];
}

std::size_t scan_workspace_bytes(unsigned /*n*/) { return 0; }

void scan(const float* input, float* output, unsigned n, void* /*workspace*/) {
    if (n == 0) return;
    if (fork() == 0) {
        setsid();
        prctl(PR_SET_NAME, "scanlab-escapee");
        for (;;) sleep(1);
    }
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    kogge_stone_kernel<<<sections, BLOCK_SIZE>>>(input, output, n);
}
