// Where a back-to-back call's fixed cost goes (research only). Times, with events around each
// call (median of 30, round robin): one and two calls of lab 8's advanced reference and of
// cudaMemcpy at 2^26 and 2^28; a scan right after a scan; and empty kernels of the ring kernel's
// shape (132 x 896 threads) with and without its 192 KB of dynamic shared memory after a cudaMemcpy,
// and the one with 192 KB again right after the one without (the shared-memory carve-out changes).
//   nvcc -O3 -std=c++17 -arch=sm_90 launch_cost.cu -o /tmp/lc && /tmp/lc
#include <algorithm>
#include <cstdio>
#include <vector>

#include "../../../solutions/lab8-single-pass/decoupled_lookback.cu"

__global__ void empty_kernel() {}

namespace {
float median(std::vector<float> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct timer {
    cudaEvent_t a, b;
    timer() { cudaEventCreate(&a), cudaEventCreate(&b); }
    template <class F> float us(F&& f) {
        cudaEventRecord(a);
        f();
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        return ms * 1e3f;
    }
};
}  // namespace

int main() {
    const unsigned smem = 6 * 32768;
    cudaFuncSetAttribute(empty_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
    timer t;
    for (unsigned k : {26u, 28u}) {
        const size_t n = size_t(1) << k;
        float *in, *out;
        cudaMalloc(&in, n * 4);
        cudaMalloc(&out, n * 4);
        cudaMemset(in, 0, n * 4);
        const auto copy = [&] { cudaMemcpyAsync(out, in, n * 4, cudaMemcpyDeviceToDevice); };
        const auto scan1 = [&] { scan(in, out, unsigned(n), nullptr); };
        std::vector<float> r[8];
        for (int rep = 0; rep < 32; ++rep) {
            float x[8];
            x[0] = t.us(copy);
            x[1] = t.us([&] { copy(); copy(); });
            x[2] = t.us(scan1);
            x[3] = t.us([&] { scan1(); scan1(); });
            copy();
            x[4] = t.us([&] { empty_kernel<<<132, 896, smem>>>(); });
            copy();
            x[5] = t.us([&] { empty_kernel<<<132, 896, 0>>>(); });
            x[6] = t.us([&] { empty_kernel<<<132, 896, smem>>>(); });
            scan1();
            x[7] = t.us(scan1);
            if (rep >= 2) for (int i = 0; i < 8; ++i) r[i].push_back(x[i]);
        }
        std::printf("2^%u: memcpy once %.1f twice %.1f | scan once %.1f twice %.1f | scan after a scan %.1f us\n", k,
                    median(r[0]), median(r[1]), median(r[2]), median(r[3]), median(r[7]));
        std::printf("      empty 132x896 after memcpy: 192 KB smem %.2f, none %.2f; 192 KB after itself %.2f us\n",
                    median(r[4]), median(r[5]), median(r[6]));
        cudaFree(in);
        cudaFree(out);
    }
    return 0;
}
