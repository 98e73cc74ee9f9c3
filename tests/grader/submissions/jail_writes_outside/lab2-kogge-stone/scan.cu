// Known-wrong submission (tests/grader, the jail): a correct Kogge-Stone whose static constructor
// writes outside its case: a forged result and a line of summary.csv in the batch's output folder,
// a submission planted in the batch folder, files in $HOME, /tmp, /dev/shm and beside its own
// work folder (where the other submissions' work folders are). tests/grader/jail_exploits.py
// checks that none of them exists after the batch.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>

#include "lab.h"

static void write_text(const std::string& path, const char* text, const char* mode = "w") {
    if (FILE* f = std::fopen(path.c_str(), mode)) {
        std::fputs(text, f);
        std::fclose(f);
    }
}

__attribute__((constructor)) static void write_around() {
    if (const char* out = std::getenv("SCANLAB_TEST_OUT")) {
        write_text(std::string(out) + "/zz-forged.json", "{\"score\": 1000}\n");
        write_text(std::string(out) + "/summary.csv", "forged,1000,1000\n", "a");
    }
    if (const char* batch = std::getenv("SCANLAB_TEST_BATCH")) {
        std::string planted = std::string(batch) + "/planted";
        mkdir(planted.c_str(), 0755);
        mkdir((planted + "/lab2-kogge-stone").c_str(), 0755);
        write_text(planted + "/lab2-kogge-stone/scan.cu", "// planted\n");
    }
    if (const char* home = std::getenv("HOME")) write_text(std::string(home) + "/scanlab-jail-evidence-home", "written\n");
    if (const char* home = std::getenv("SCANLAB_TEST_HOME")) write_text(std::string(home) + "/scanlab-jail-evidence-home", "written\n");
    write_text("/tmp/scanlab-jail-evidence-tmp", "written\n");
    write_text("/dev/shm/scanlab-jail-evidence-shm", "written\n");
    write_text("../scanlab-jail-evidence-sibling", "written\n");
    write_text("../../scanlab-jail-evidence-sibling", "written\n");
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
