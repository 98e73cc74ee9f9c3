// Known-wrong submission (tests/grader, the jail): a correct Kogge-Stone whose static constructor
// leaves a grandchild behind: it calls setsid() (out of the runner's process group and session)
// and replaces itself with a shell that has an empty environment (no sandbox token to find it
// by), sleeps past the end of the case and then writes into /tmp and the batch's output folder.
// tests/grader/jail_exploits.py checks that no such process is left (its command line carries
// "scanlab-outlive") and that the files never appear.
#include <cstddef>
#include <cstdlib>
#include <string>
#include <unistd.h>

#include "lab.h"

__attribute__((constructor)) static void leave_a_child() {
    const char* out = std::getenv("SCANLAB_TEST_OUT");
    std::string script = "sleep 6; echo late > /tmp/scanlab-jail-evidence-late; echo late > '" +
                         std::string(out ? out : "/tmp") + "/zz-late.json' # scanlab-outlive";
    if (fork() == 0) {
        setsid();
        if (fork() == 0) {
            char* const argv[] = {const_cast<char*>("sh"), const_cast<char*>("-c"), const_cast<char*>(script.c_str()), nullptr};
            char* const envp[] = {nullptr};
            execve("/bin/sh", argv, envp);
        }
        _exit(0);
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
    if (n == 0) return;
    unsigned blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    kogge_stone_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
