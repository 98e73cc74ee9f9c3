// Which block gets which ticket, and when: a diagnostic of the staged look-back kernel (round 11,
// research/lookback/NOTES.md). The staged kernel guesses that its ticket equals blockIdx.x and copies that tile
// while the atomic is in flight; every wrong guess costs a second DRAM read of a whole tile. This
// program runs lb-stage-256x32 at n = 2^28 with the probe compiled in and reports how often the
// guess was wrong, how far tickets stray from blockIdx.x, and how far out of index order the
// blocks reached their ticket (what tile = blockIdx.x would have had to wait for).
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -I research/lookback research/lookback/probe/ticket_probe.cu -o ticket_probe && ./ticket_probe
#include "probe/probe_common.cuh"

#include <algorithm>
#include <vector>

using staged_256x32 = lb::v_stage_256x32;

double percentile(std::vector<long long> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return static_cast<double>(v[static_cast<std::size_t>(p * (v.size() - 1))]);
}

int main() {
  const unsigned n = 1u << 28;
  const unsigned tiles = n / staged_256x32::tile;
  float *in = nullptr, *out = nullptr;
  CHECK(cudaMalloc(&in, sizeof(float) * n));
  CHECK(cudaMalloc(&out, sizeof(float) * n));
  fill<<<1024, 256>>>(in, n);
  for (int run = 0; run < 4; ++run) lb::scan<staged_256x32>(in, out, n);  // the last run is the one read
  CHECK(cudaDeviceSynchronize());

  std::vector<unsigned> block(tiles);
  std::vector<unsigned long long> when(tiles);
  CHECK(cudaMemcpyFromSymbol(block.data(), lb::g_probe_block, sizeof(unsigned) * tiles));
  CHECK(cudaMemcpyFromSymbol(when.data(), lb::g_probe_time, sizeof(unsigned long long) * tiles));

  // Tickets against blockIdx.x.
  unsigned wrong = 0;
  std::vector<long long> stray;
  for (unsigned t = 0; t < tiles; ++t) {
    if (block[t] != t) ++wrong;
    stray.push_back(std::llabs(static_cast<long long>(block[t]) - static_cast<long long>(t)));
  }
  std::printf("n = 2^28, %u tiles of %u elements (lb-stage-256x32)\n", tiles, staged_256x32::tile);
  std::printf("wrong guesses (ticket != blockIdx.x): %u of %u = %.1f%%\n", wrong, tiles, 100.0 * wrong / tiles);
  std::printf("|ticket - blockIdx.x|: median %.0f, p90 %.0f, p99 %.0f, max %.0f\n", percentile(stray, 0.5),
              percentile(stray, 0.9), percentile(stray, 0.99), percentile(stray, 1.0));

  // By block: when did block b get its ticket? With tile = blockIdx.x, tile b waits for every
  // block before it, so what counts is how much later than b the latest of them started.
  std::vector<unsigned long long> start(tiles);
  for (unsigned t = 0; t < tiles; ++t) start[block[t]] = when[t];
  const unsigned long long t0 = *std::min_element(start.begin(), start.end());
  std::vector<long long> late;  // ns by which the latest earlier block started after block b
  unsigned long long latest = 0;
  unsigned behind = 0;
  for (unsigned b = 0; b < tiles; ++b) {
    if (b > 0 && latest > start[b]) {
      ++behind;
      late.push_back(static_cast<long long>(latest - start[b]));
    } else {
      late.push_back(0);
    }
    latest = std::max(latest, start[b]);
  }
  std::printf("blocks that got their ticket before some lower blockIdx did: %u = %.1f%%\n", behind,
              100.0 * behind / tiles);
  std::printf("how much earlier than the latest lower block (ns): median %.0f, p90 %.0f, p99 %.0f, max %.0f\n",
              percentile(late, 0.5), percentile(late, 0.9), percentile(late, 0.99), percentile(late, 1.0));
  std::printf("whole launch: %.1f us from the first ticket to the last\n",
              (*std::max_element(start.begin(), start.end()) - t0) / 1000.0);
  // The first wave (all resident blocks start at once) against the rest.
  unsigned wrong_first = 0, first = std::min(tiles, 132u * 6u);
  for (unsigned t = 0; t < first; ++t) wrong_first += block[t] != t;
  std::printf("wrong guesses among the first %u tickets: %u; after them: %u of %u = %.1f%%\n", first, wrong_first,
              wrong - wrong_first, tiles - first, 100.0 * (wrong - wrong_first) / (tiles - first));
  return 0;
}
