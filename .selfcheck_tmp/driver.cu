// Throwaway self-check driver (not part of the project).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#include <string>
#include <cmath>
#include <algorithm>

std::size_t scan_workspace_bytes(unsigned n);
void scan(const float* input, float* output, unsigned n, void* workspace);

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); exit(2);} } while (0)

static std::string mode;  // inc, sec_inc, sec_exc
static unsigned S = 0;
static bool stub = false;
static const unsigned GUARD = 64;
static float *d_in_base, *d_out_base;
static void* d_ws = nullptr; static size_t ws_cap = 0;
static std::vector<float> h_in, h_out;
static int failures = 0;

static uint64_t rng = 88172645463325252ull;
static inline uint64_t xs() { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static void fill(unsigned n, bool ints) {
    for (size_t i = 0; i < n; ++i) {
        uint64_t r = xs();
        h_in[i] = ints ? float(int(r % 5) - 2) : float((r >> 40) * (1.0 / (1ull << 24)));
    }
}

static bool check(unsigned n, bool ints, const char* tag, int offs) {
    float* d_out = d_out_base + offs;
    CK(cudaMemcpy(h_out.data(), d_out, (size_t(n) + GUARD) * 4, cudaMemcpyDeviceToHost));
    for (unsigned g = 0; g < GUARD; ++g) {
        uint32_t b; memcpy(&b, &h_out[size_t(n) + g], 4);
        if (b != 0xFFFFFFFFu) { printf("FAIL %s n=%u: wrote past n at n+%u\n", tag, n, g); return false; }
    }
    if (stub) {
        for (size_t i = 0; i < n; ++i) { uint32_t b; memcpy(&b, &h_out[i], 4); if (b != 0xFFFFFFFFu) { printf("FAIL stub wrote output at %zu\n", i); return false; } }
        return true;
    }
    double run = 0, absrun = 0;
    for (size_t i = 0; i < n; ++i) {
        if (mode != "inc" && i % S == 0) { run = 0; absrun = 0; }
        double ref;
        if (mode == "sec_exc") { ref = run; run += h_in[i]; absrun += fabs(h_in[i]); }
        else { run += h_in[i]; absrun += fabs(h_in[i]); ref = run; }
        double got = h_out[i];
        bool ok = ints ? (got == ref) : (fabs(got - ref) <= 2e-5 * absrun + 1e-6);
        if (!ok) { printf("FAIL %s n=%u at i=%zu: got %.9g want %.9g\n", tag, n, i, got, ref); return false; }
    }
    return true;
}

static bool run_case(unsigned n, bool ints, int calls, bool repoison_ws, int offs, const char* tag) {
    fill(n, ints);
    float* d_in = d_in_base + offs; float* d_out = d_out_base + offs;
    CK(cudaMemcpy(d_in, h_in.data(), size_t(n) * 4, cudaMemcpyHostToDevice));
    size_t wb = scan_workspace_bytes(n);
    if (wb > ws_cap) { if (d_ws) CK(cudaFree(d_ws)); CK(cudaMalloc(&d_ws, wb)); ws_cap = wb; }
    if (repoison_ws && wb) CK(cudaMemset(d_ws, 0xFF, wb));
    for (int c = 0; c < calls; ++c) {
        CK(cudaMemset(d_out, 0xFF, (size_t(n) + GUARD) * 4));
        scan(d_in, d_out, n, wb ? d_ws : nullptr);
        CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
        if (!check(n, ints, tag, offs)) { ++failures; return false; }
    }
    return true;
}

int main(int argc, char** argv) {
    mode = argv[1]; S = atoi(argv[2]); unsigned max_n = strtoul(argv[3], 0, 0);
    bool timeonly = false; bool do_time = false, misalign = false, big = false;
    for (int a = 4; a < argc; ++a) { std::string s = argv[a]; if (s == "--stub") stub = true; if (s == "--time") do_time = true; if (s == "--misalign") misalign = true; if (s == "--big") big = true; if (s == "--timeonly") { timeonly = true; do_time = true; } }
    size_t cap = size_t(max_n) + GUARD + 8;
    CK(cudaMalloc(&d_in_base, cap * 4)); CK(cudaMalloc(&d_out_base, cap * 4));
    h_in.resize(cap); h_out.resize(cap);
    std::vector<unsigned> sizes = {0,1,2,3,4,5,7,31,32,33,63,64,65,127,128,129,255,256,257,511,512,513,1000,1023,1024,1025,
        2047,2048,2049,3000,4095,4096,4097,8191,8192,8193,12345,16384,65535,65536,65537,100003,
        (1u<<20)-1,1u<<20,(1u<<20)+1,(1u<<20)+1025,2097151,1u<<21,2097153,3000017,(1u<<24)+5};
    if (big) { sizes.push_back((1u<<27)+3); sizes.push_back((1u<<30)-1); sizes.push_back(1u<<30); }
    std::sort(sizes.begin(), sizes.end());
    int cases = 0;
    if (!timeonly) for (unsigned n : sizes) {
        if (n > max_n) continue;
        run_case(n, true, 3, true, 0, "int"); ++cases;
        if (misalign && n + 1 <= max_n) { run_case(n, true, 2, true, 1, "int-misaligned"); ++cases; }
    }
    unsigned mid = std::min(max_n, 3000017u);
    if (!timeonly) for (unsigned n : {777u, 4097u, 70001u, mid}) if (n <= max_n) { run_case(n, false, 2, true, 0, "float"); ++cases; }
    // stress: workspace reused across calls with different sizes
    unsigned lim = std::min(max_n, 1u << 22);
    if (!timeonly) for (int r = 0; r < 30; ++r) { unsigned n = unsigned(xs() % (lim + 1)); run_case(n, true, 1, false, 0, "stress"); ++cases; }
    printf("%s: %d cases, %d failures\n", stub ? "stub" : "solution", cases, failures);
    if (do_time && !stub) {
        unsigned n = max_n;
        fill(n, true); CK(cudaMemcpy(d_in_base, h_in.data(), size_t(n) * 4, cudaMemcpyHostToDevice));
        size_t wb = scan_workspace_bytes(n);
        if (wb > ws_cap) { if (d_ws) CK(cudaFree(d_ws)); CK(cudaMalloc(&d_ws, wb)); ws_cap = wb; }
        cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
        scan(d_in_base, d_out_base, n, d_ws); CK(cudaDeviceSynchronize());
        const int it = 10;
        cudaEventRecord(a);
        for (int i = 0; i < it; ++i) scan(d_in_base, d_out_base, n, d_ws);
        cudaEventRecord(b); CK(cudaEventSynchronize(b)); CK(cudaGetLastError());
        float ms; cudaEventElapsedTime(&ms, a, b); ms /= it;
        printf("TIME n=%u: %.3f ms, %.1f GB/s (8 bytes/elem)\n", n, ms, 8.0 * n / ms / 1e6);
        if (!timeonly) { CK(cudaMemset(d_out_base + n, 0xFF, GUARD * 4)); if (!check(n, true, "timed", 0)) ++failures; }
    }
    return failures ? 1 : 0;
}
