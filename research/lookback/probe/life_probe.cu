// Where a staged look-back tile spends its life (round 17, research/lookback/NOTES.md): the adopted kernel
// (lb-pfl-256x32, the shape of decoupled_lookback.cu's staged kernel) at n = 2^28 with the probe
// compiled in. For every tile, in ticket order: block start, ticket known, data landed (aggregate
// published), prefix known, stores issued; and how many windows and polls its look-back took.
// The look-back wait is split into the part explained by predecessors whose data had not landed
// yet (the convoy) and the rest (the walk's own latency).
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -I research/lookback research/lookback/probe/life_probe.cu -o life_probe && ./life_probe [deep4|fwd|pfo64]
#include "probe/probe_common.cuh"

#include <algorithm>
#include <string>
#include <vector>

// Mean, median, p90, p99 of v (us when given ns).
void row(const char* what, std::vector<double> v, double scale = 1e-3) {
  if (v.empty()) return;
  std::sort(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  const auto at = [&](double p) { return v[static_cast<std::size_t>(p * (v.size() - 1))] * scale; };
  std::printf("  %-44s mean %8.3f  median %8.3f  p90 %8.3f  p99 %8.3f  max %8.3f\n", what, sum / v.size() * scale,
              at(0.5), at(0.9), at(0.99), at(1.0));
}

template <class V>
int probe(const char* name) {
  const unsigned n = 1u << 28;
  const unsigned tiles = n / V::tile;
  float *in = nullptr, *out = nullptr;
  CHECK(cudaMalloc(&in, sizeof(float) * n));
  CHECK(cudaMalloc(&out, sizeof(float) * n));
  fill<<<1024, 256>>>(in, n);
  for (int run = 0; run < 4; ++run) lb::scan<V>(in, out, n);  // the last run is the one read
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  CHECK(cudaEventRecord(a));
  lb::scan<V>(in, out, n);
  CHECK(cudaEventRecord(b));
  CHECK(cudaDeviceSynchronize());
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, a, b));

  std::vector<unsigned long long> st[lb::probe_stages];
  for (unsigned s = 0; s < lb::probe_stages; ++s) {
    st[s].resize(tiles);
    CHECK(cudaMemcpyFromSymbol(st[s].data(), lb::g_probe_stamp, sizeof(unsigned long long) * tiles,
                               sizeof(unsigned long long) * lb::kMaxTiles * s));
  }
  std::vector<unsigned> windows(tiles), polls(tiles);
  CHECK(cudaMemcpyFromSymbol(windows.data(), lb::g_probe_windows, sizeof(unsigned) * tiles));
  CHECK(cudaMemcpyFromSymbol(polls.data(), lb::g_probe_polls, sizeof(unsigned) * tiles));

  const unsigned long long t0 = *std::min_element(st[0].begin(), st[0].end());
  std::printf("n = 2^28, %u tiles of %u elements (%s), %.1f us per call with the probe\n", tiles,
              V::tile, name, ms * 1e3);
  std::printf("first block start to last tile stored: %.1f us\n",
              (*std::max_element(st[4].begin(), st[4].end()) - t0) * 1e-3);

  std::vector<double> ticket, land, wait, store, life, data_wait, walk, win, pol, crit_dist, crit_land;
  // Tile 0 publishes INCLUSIVE without a look-back: its data is ready when its prefix is.
  unsigned long long pred_ready = st[lb::probe_stored][0];
  unsigned pred_arg = 0;
  for (unsigned i = 1; i < tiles; ++i) {
    const auto e = st[0][i], tk = st[1][i], pub = st[2][i], pre = st[3][i], end = st[4][i];
    ticket.push_back(double(tk - e));
    land.push_back(double(pub - tk));
    wait.push_back(double(pre - pub));
    store.push_back(double(end - pre));
    life.push_back(double(end - e));
    const unsigned long long ready = std::max(pub, pred_ready);
    data_wait.push_back(double(ready - pub));
    walk.push_back(pre > ready ? double(pre - ready) : 0.0);
    win.push_back(windows[i]);
    pol.push_back(polls[i]);
    if (pred_ready > pub && pred_arg > 0) {
      crit_dist.push_back(double(i - pred_arg));
      crit_land.push_back(double(st[2][pred_arg] - st[1][pred_arg]));
    }
    if (pub > pred_ready) {
      pred_ready = pub;
      pred_arg = i;
    }
  }
  std::printf("\nper tile, us (tickets 1..%u):\n", tiles - 1);
  row("block start -> ticket known", ticket);
  row("ticket known -> data landed, aggregate published", land);
  row("published -> prefix known (the look-back)", wait);
  row("  of it: a predecessor's data not landed yet", data_wait);
  row("  of it: after every predecessor had published", walk);
  row("prefix known -> stores issued (thread 0)", store);
  row("block start -> stores issued", life);
  std::printf("\nlook-back:\n");
  row("windows of 32 read", win, 1.0);
  row("polls repeated", pol, 1.0);
  std::printf("\ntiles that waited for a predecessor's data: %zu of %u = %.1f%%\n", crit_dist.size(), tiles - 1,
              100.0 * crit_dist.size() / (tiles - 1));
  row("  distance to the last predecessor to land (tiles)", crit_dist, 1.0);
  row("  that predecessor's ticket -> landed (us)", crit_land);

  // Block starts against blockIdx.x: would tile = blockIdx.x (no ticket) wait for late starters?
  std::vector<unsigned> block(tiles);
  CHECK(cudaMemcpyFromSymbol(block.data(), lb::g_probe_block, sizeof(unsigned) * tiles));
  std::vector<unsigned long long> start(tiles);
  for (unsigned t = 0; t < tiles; ++t) start[block[t]] = st[lb::probe_enter][t];
  std::vector<double> late;
  unsigned long long latest = 0;
  unsigned behind = 0;
  for (unsigned b = 0; b < tiles; ++b) {
    if (b > 0 && latest > start[b]) {
      ++behind;
      late.push_back(double(latest - start[b]));
    } else {
      late.push_back(0.0);
    }
    latest = std::max(latest, start[b]);
  }
  std::printf("\nblocks that started before some lower blockIdx.x: %u = %.1f%%\n", behind, 100.0 * behind / tiles);
  row("  how much earlier than the latest lower block (us)", late);
  return 0;
}

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "";
  if (which == "deep4") return probe<lb::v_pfl_deep4_256x32>("lb-pfl-deep4-256x32");
  if (which == "fwd") return probe<lb::v_pfl_fwd_256x32>("lb-pfl-fwd-256x32");
  if (which == "pfo64") return probe<lb::v_pfo64_256x32>("lb-pfo64-256x32");
  return probe<lb::v_pfl_256x32>("lb-pfl-256x32");
}
