// Where a ticket of lab 8's ring kernel spends its life (round 29, research/lookback/NOTES.md): the
// reference with ring_probe_edits.py's %globaltimer stamps, at n = 2^26..2^30 (argument: log2 n).
// Round 30 added the timeline at the ends of the call (print_timeline).
//
//   python3 research/smalln/probe/ring_probe_edits.py solutions/lab8-single-pass/decoupled_lookback.cu \
//       > research/smalln/probe/ring_probe_v.cu
//   nvcc -O3 -std=c++17 -arch=sm_90 research/smalln/probe/ring_probe.cu -o ring_probe && ./ring_probe 28
// RING_PROBE_SOURCE: another probed version (default ring_probe_v.cu), e.g. of a research variant.
#ifndef RING_PROBE_SOURCE
#define RING_PROBE_SOURCE "ring_probe_v.cu"
#endif
#include RING_PROBE_SOURCE

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                              \
    do {                                                                                      \
        const cudaError_t e = (x);                                                            \
        if (e != cudaSuccess) {                                                               \
            std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));            \
            std::exit(1);                                                                     \
        }                                                                                     \
    } while (0)

__global__ void fill_alternating(float* x, unsigned n) {  // +1, -1, ...: every prefix is 1 or 0, exact
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] = (i % 2 == 0) ? 1.0f : -1.0f;
}
__global__ void count_wrong(const float* y, unsigned n, unsigned long long* wrong) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        if (y[i] != ((i % 2 == 0) ? 1.0f : 0.0f)) atomicAdd(wrong, 1ull);
}

// Mean, median, p90, p99 and max of v, in microseconds (v in nanoseconds).
void row(const char* what, std::vector<double> v) {
    if (v.empty()) return;
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    const auto at = [&](double p) { return v[static_cast<std::size_t>(p * (v.size() - 1))] * 1e-3; };
    std::printf("  %-52s mean %7.3f  median %7.3f  p90 %7.3f  p99 %7.3f  max %8.3f\n", what,
                sum / v.size() * 1e-3, at(0.5), at(0.9), at(0.99), at(1.0));
}

// The per-ticket rows, from the stamps of every ticket away from the two ends of the call.
void print_stages(const std::vector<unsigned long long> (&st)[PROBE_STAGES], unsigned tiles) {
    std::vector<double> copy, reduce, walk, after_data, held, wait, store, life, late;
    unsigned prefix_before_landed = 0, prefix_before_registers = 0;
    // Signed: two stamps of a ticket may come from different warps in either order.
    const auto between = [&](unsigned from, unsigned to, unsigned t) {
        return double(static_cast<long long>(st[to][t] - st[from][t]));
    };
    for (unsigned t = 64; t + 64 < tiles; ++t) {  // away from the ends
        unsigned long long last_agg = 0;
        for (unsigned j = t - 64; j < t; ++j) last_agg = std::max(last_agg, st[2][j]);
        copy.push_back(between(0, 1, t));
        reduce.push_back(between(1, 2, t));
        walk.push_back(between(0, 3, t));
        after_data.push_back(st[3][t] > last_agg ? double(st[3][t] - last_agg) : 0.0);
        late.push_back(last_agg > st[2][t] ? double(last_agg - st[2][t]) : 0.0);
        held.push_back(between(1, 4, t));
        wait.push_back(between(4, 5, t));
        store.push_back(between(5, 6, t));
        life.push_back(between(0, 6, t));
        prefix_before_landed += st[3][t] <= st[1][t];
        prefix_before_registers += st[3][t] <= st[4][t];
    }
    row("ticket -> first part landed", copy);
    row("landed -> aggregate published", reduce);
    row("ticket -> prefix known (look-back)", walk);
    row("last of 64 predecessors' aggregates -> prefix known", after_data);
    row("own aggregate -> last of 64 predecessors' aggregates", late);
    row("first part landed -> in group 0's registers", held);
    row("in registers -> group 0 read the prefix", wait);
    row("group 0 read the prefix -> group 1 issued its stores", store);
    row("whole life (ticket -> stores issued)", life);
    std::printf("  prefix known before the copy landed: %.1f%%, before the consumer had the tile: %.1f%%\n",
                100.0 * prefix_before_landed / copy.size(), 100.0 * prefix_before_registers / copy.size());
}

// Where a call's time goes at its two ends: tickets drawn and stored per 10 us from the first
// draw, and the first and last tickets' stages.
void print_timeline(const std::vector<unsigned long long> (&st)[PROBE_STAGES], unsigned tiles) {
    const unsigned long long t0 = *std::min_element(st[0].begin(), st[0].end());
    const unsigned long long t_end = *std::max_element(st[6].begin(), st[6].end());
    const unsigned bins = static_cast<unsigned>((t_end - t0) / 10000 + 1);
    std::vector<unsigned> drawn(bins), stored(bins);
    for (unsigned t = 0; t < tiles; ++t) {
        ++drawn[(st[0][t] - t0) / 10000];
        ++stored[(st[6][t] - t0) / 10000];
    }
    std::printf("  per 10 us from the first draw (tickets drawn / stored):");
    for (unsigned b = 0; b < bins; ++b) std::printf(" %u/%u", drawn[b], stored[b]);
    std::printf("\n");
    const auto stages = [&](const char* what, unsigned t) {
        std::printf("  %s ticket %u, us after the first draw:", what, t);
        for (unsigned s = 0; s < PROBE_STAGES; ++s) std::printf(" %.2f", (double(st[s][t]) - double(t0)) * 1e-3);
        std::printf("\n");
    };
    for (unsigned t : {0u, 1u, 100u, 300u, 500u}) if (t < tiles) stages("first", t);
    for (unsigned back : {300u, 100u, 1u}) if (back <= tiles) stages("last", tiles - back);
}

int main(int argc, char** argv) {
    const unsigned log2n = argc > 1 ? std::atoi(argv[1]) : 28;
    const unsigned n = 1u << log2n;
    const unsigned tiles = n / PROBE_TILE_ELEMENTS;
    if (tiles > PROBE_MAX_TILES) return std::printf("at most 2^30\n"), 1;
    float *in = nullptr, *out = nullptr;
    unsigned long long* wrong = nullptr;
    CHECK(cudaMalloc(&in, sizeof(float) * n));
    CHECK(cudaMalloc(&out, sizeof(float) * n));
    CHECK(cudaMalloc(&wrong, sizeof(unsigned long long)));
    fill_alternating<<<1024, 256>>>(in, n);
    for (int run = 0; run < 5; ++run) scan(in, out, n, nullptr);
    const unsigned long long zeros[1024][2] = {};
    CHECK(cudaMemcpyToSymbol(g_probe_producer_wait, zeros, sizeof(unsigned long long) * 1024));
    CHECK(cudaMemcpyToSymbol(g_probe_consumer_idle, zeros, sizeof(zeros)));
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    CHECK(cudaEventRecord(a));
    scan(in, out, n, nullptr);  // the call whose stamps are read
    CHECK(cudaEventRecord(b));
    CHECK(cudaDeviceSynchronize());
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    CHECK(cudaMemset(wrong, 0, sizeof(unsigned long long)));
    count_wrong<<<1024, 256>>>(out, n, wrong);
    unsigned long long wrong_host = 0;
    CHECK(cudaMemcpy(&wrong_host, wrong, sizeof(wrong_host), cudaMemcpyDeviceToHost));

    std::vector<unsigned long long> st[PROBE_STAGES];
    for (unsigned s = 0; s < PROBE_STAGES; ++s) {
        st[s].resize(tiles);
        CHECK(cudaMemcpyFromSymbol(st[s].data(), g_probe_stamp, sizeof(unsigned long long) * tiles,
                                   sizeof(unsigned long long) * PROBE_MAX_TILES * s));
    }
    std::vector<unsigned long long> producer_wait(1024);
    std::vector<unsigned long long> consumer_idle(2048);
    CHECK(cudaMemcpyFromSymbol(producer_wait.data(), g_probe_producer_wait, sizeof(unsigned long long) * 1024));
    CHECK(cudaMemcpyFromSymbol(consumer_idle.data(), g_probe_consumer_idle, sizeof(unsigned long long) * 2048));
    int device = 0, sms = 0;
    CHECK(cudaGetDevice(&device));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));

    const unsigned long long t0 = *std::min_element(st[0].begin(), st[0].end());
    const unsigned long long t_end = *std::max_element(st[6].begin(), st[6].end());
    std::printf("n = 2^%u, %u tickets, %d blocks: %.1f us per call with the probe (%llu wrong), stamps span %.1f us\n",
                log2n, tiles, sms, ms * 1e3, wrong_host, (t_end - t0) * 1e-3);
    print_stages(st, tiles);
    print_timeline(st, tiles);
    double pw = 0, ci = 0;
    for (int i = 0; i < sms; ++i) pw += producer_wait[i], ci += consumer_idle[2 * i] + consumer_idle[2 * i + 1];
    const double span = double(t_end - t0) * sms;
    std::printf("  producer waiting for a free buffer: %.1f%% of the span; consumer groups idle (no landed tile): %.1f%%\n",
                100.0 * pw / span, 100.0 * ci / (2 * span));
    return wrong_host != 0;
}
