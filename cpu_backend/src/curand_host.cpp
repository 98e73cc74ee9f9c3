// cuRAND's host API (<curand.h>) on the CPU backend: a generator fills a buffer of device memory
// (or of host memory, for a curandCreateGeneratorHost generator) with the device API's values.
//
// Layout: a generator is 4096 streams, stream t being curand_init(seed, t, 0), and a position that
// counts the elements generated since the seed was set, starting at the offset. The element at
// position p comes from stream (p / G) % 4096, its (p / G) / 4096-th visit, G elements a visit: one
// for XORWOW and MRG32k3a values, a pair for their normals, four (a counter's uint4) for Philox.
// Measured on an H200 (the conformance program curand/host_api.cu): a second call continues
// at the streams after the first call's, curandSetGeneratorOffset(10) starts at stream 10, and
// Philox normals take four from one stream.
#include <cstdio>
#include <cstring>
#include <new>
#include <vector>

#include <curand.h>

#include "device_arena.h"
#include "device_memory.h"
#include "host_writes.h"
#include "scanlab/cpu/curand/distributions.h"

using namespace scanlab::cpu::detail;

namespace {

constexpr std::size_t stream_count = 4096;

enum class engine { xorwow, philox, mrg32k3a };

}  // namespace

struct curandGenerator_st {
  engine kind;
  bool host_output;
  unsigned long long seed = 0, offset = 0;
  unsigned long long position = 0;       // elements generated since the seed or offset was set, plus the offset
  std::vector<unsigned long long> visits;  // per stream: the visit it is ready for
  bool started = false;
  std::vector<curandStateXORWOW_t> xorwow;
  std::vector<curandStatePhilox4_32_10_t> philox;
  std::vector<curandStateMRG32k3a_t> mrg;
};

namespace {

const char* type_name(curandRngType_t t) {
  switch (t) {
    case CURAND_RNG_TEST: return "CURAND_RNG_TEST";
    case CURAND_RNG_PSEUDO_MTGP32: return "CURAND_RNG_PSEUDO_MTGP32";
    case CURAND_RNG_PSEUDO_MT19937: return "CURAND_RNG_PSEUDO_MT19937";
    case CURAND_RNG_QUASI_DEFAULT: return "CURAND_RNG_QUASI_DEFAULT";
    case CURAND_RNG_QUASI_SOBOL32: return "CURAND_RNG_QUASI_SOBOL32";
    case CURAND_RNG_QUASI_SCRAMBLED_SOBOL32: return "CURAND_RNG_QUASI_SCRAMBLED_SOBOL32";
    case CURAND_RNG_QUASI_SOBOL64: return "CURAND_RNG_QUASI_SOBOL64";
    case CURAND_RNG_QUASI_SCRAMBLED_SOBOL64: return "CURAND_RNG_QUASI_SCRAMBLED_SOBOL64";
    default: return "this generator type";
  }
}

curandStatus_t create(curandGenerator_t* generator, curandRngType_t type, bool host_output) {
  if (generator == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  engine kind;
  switch (type) {
    case CURAND_RNG_PSEUDO_DEFAULT:
    case CURAND_RNG_PSEUDO_XORWOW: kind = engine::xorwow; break;
    case CURAND_RNG_PSEUDO_PHILOX4_32_10: kind = engine::philox; break;
    case CURAND_RNG_PSEUDO_MRG32K3A: kind = engine::mrg32k3a; break;
    default:
      std::fprintf(stderr,
                   "scanlab CPU backend: cuRAND generator %s (%d) is not available on the CPU backend (XORWOW, "
                   "PHILOX4_32_10 and MRG32K3A are); no generator is made (CURAND_STATUS_TYPE_ERROR)\n",
                   type_name(type), static_cast<int>(type));
      return CURAND_STATUS_TYPE_ERROR;
  }
  curandGenerator_st* g = new (std::nothrow) curandGenerator_st{kind, host_output};
  if (g == nullptr) return CURAND_STATUS_ALLOCATION_FAILED;
  *generator = g;
  return CURAND_STATUS_SUCCESS;
}

// The streams, from the seed, on first use after a change of seed or offset.
void start(curandGenerator_st& g) {
  if (g.started) return;
  g.position = g.offset;
  g.visits.assign(stream_count, 0);
  switch (g.kind) {
    case engine::xorwow:
      g.xorwow.resize(stream_count);
      // Stream t + 1 is stream t one subsequence further on: one jump each.
      curand_init(g.seed, 0, 0, &g.xorwow[0]);
      for (std::size_t t = 1; t < stream_count; ++t) {
        g.xorwow[t] = g.xorwow[t - 1];
        skipahead_sequence(1, &g.xorwow[t]);
      }
      break;
    case engine::philox:
      g.philox.resize(stream_count);
      for (std::size_t t = 0; t < stream_count; ++t) curand_init(g.seed, t, 0, &g.philox[t]);
      break;
    case engine::mrg32k3a:
      g.mrg.resize(stream_count);
      curand_init(g.seed, 0, 0, &g.mrg[0]);
      for (std::size_t t = 1; t < stream_count; ++t) {
        g.mrg[t] = g.mrg[t - 1];
        skipahead_subsequence(1, &g.mrg[t]);
      }
      break;
  }
  g.started = true;
}

// Stream t moves on by `values` 32-bit values it was not asked for (visits the layout passed over).
void skip(curandGenerator_st& g, std::size_t t, unsigned long long values) {
  switch (g.kind) {
    case engine::xorwow: skipahead(values, &g.xorwow[t]); break;
    case engine::philox: skipahead(values, &g.philox[t]); break;
    case engine::mrg32k3a: skipahead(values, &g.mrg[t]); break;
  }
}

// Calls f(i, state) for unit i = 0..units-1 (a unit: one element, or a pair of normals), with the
// state of the stream its position falls to.
template <class F>
void for_each_value(curandGenerator_st& g, std::size_t units, unsigned elements_per_unit, F f) {
  start(g);
  const unsigned long long group = g.kind == engine::philox ? 4 : elements_per_unit;
  for (std::size_t i = 0; i < units; ++i) {
    const unsigned long long p = g.position + i * elements_per_unit;
    const unsigned long long visit = p / group;
    const std::size_t t = visit % stream_count;
    if (p % group == 0) {
      const unsigned long long round = visit / stream_count;
      if (round > g.visits[t]) skip(g, t, (round - g.visits[t]) * group);
      g.visits[t] = round + 1;
    }
    switch (g.kind) {
      case engine::xorwow: f(i, &g.xorwow[t]); break;
      case engine::philox: f(i, &g.philox[t]); break;
      case engine::mrg32k3a: f(i, &g.mrg[t]); break;
    }
  }
  g.position += units * elements_per_unit;
}

// The values reach the output as a library kernel's writes would: through the runtime's view of
// device memory (kernels' pages are closed to host code outside launches), and not taken for a
// copy from the host.
curandStatus_t deliver(const curandGenerator_st& g, void* out, const void* values, std::size_t bytes) {
  if (bytes == 0) return CURAND_STATUS_SUCCESS;
  if (g.host_output) {
    std::memcpy(out, values, bytes);
    return CURAND_STATUS_SUCCESS;
  }
  if (!is_device_accessible_range(out, bytes)) {
    std::fprintf(stderr,
                 "scanlab CPU backend: a cuRAND generator made by curandCreateGenerator writes device memory, but "
                 "the output of %zu bytes at %p is not a device buffer that large (use cudaMalloc, or "
                 "curandCreateGeneratorHost for host memory)\n",
                 bytes, out);
    return CURAND_STATUS_LAUNCH_FAILURE;
  }
  std::memcpy(runtime_view(out), values, bytes);
  if (in_arena(out)) forget_writers(arena_offset(out), bytes);
  return CURAND_STATUS_SUCCESS;
}

// n values, `per_draw` of them from each draw of a stream's state (`draw(values, state)` writes
// them); n must be a multiple of it, as curand requires of the Box-Muller pairs.
template <class T, class Draw>
curandStatus_t generate_values(curandGenerator_t g, T* out, std::size_t n, unsigned per_draw, Draw draw) {
  if (g == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  if (n % per_draw != 0) return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  if (n == 0) return CURAND_STATUS_SUCCESS;
  if (out == nullptr) return CURAND_STATUS_LAUNCH_FAILURE;
  std::vector<T> values(n);
  for_each_value(*g, n / per_draw, per_draw, [&](std::size_t i, auto* state) { draw(&values[per_draw * i], state); });
  return deliver(*g, out, values.data(), n * sizeof(T));
}

template <class T, class F>
curandStatus_t generate(curandGenerator_t g, T* out, std::size_t n, F value) {
  return generate_values(g, out, n, 1, [&](T* v, auto* state) { *v = value(state); });
}

template <class T, class F>
curandStatus_t generate_pairs(curandGenerator_t g, T* out, std::size_t n, F pair) {
  return generate_values(g, out, n, 2, [&](T* v, auto* state) {
    const auto p = pair(state);
    v[0] = p.x;
    v[1] = p.y;
  });
}

}  // namespace

curandStatus_t curandCreateGenerator(curandGenerator_t* generator, curandRngType_t rng_type) {
  return create(generator, rng_type, false);
}
curandStatus_t curandCreateGeneratorHost(curandGenerator_t* generator, curandRngType_t rng_type) {
  return create(generator, rng_type, true);
}
curandStatus_t curandDestroyGenerator(curandGenerator_t generator) {
  if (generator == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  delete generator;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetVersion(int* version) {
  if (version == nullptr) return CURAND_STATUS_OUT_OF_RANGE;
  *version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t) {
  // Work runs at once, in order, on the CPU backend: the stream changes nothing.
  return generator == nullptr ? CURAND_STATUS_NOT_INITIALIZED : CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed) {
  if (generator == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  generator->seed = seed;
  generator->started = false;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  if (generator == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  generator->offset = offset;
  generator->started = false;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  if (generator == nullptr) return CURAND_STATUS_NOT_INITIALIZED;
  if (order < CURAND_ORDERING_PSEUDO_BEST || order > CURAND_ORDERING_PSEUDO_DYNAMIC) return CURAND_STATUS_OUT_OF_RANGE;
  return CURAND_STATUS_SUCCESS;  // one layout for all (see the top of this file)
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int* out, std::size_t num) {
  return generate(generator, out, num, [](auto* s) { return curand(s); });
}
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float* out, std::size_t num) {
  return generate(generator, out, num, [](auto* s) { return curand_uniform(s); });
}
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double* out, std::size_t num) {
  return generate(generator, out, num, [](auto* s) { return curand_uniform_double(s); });
}
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float* out, std::size_t n, float mean,
                                    float stddev) {
  return generate_pairs(generator, out, n, [=](auto* s) {
    const float2 z = curand_normal2(s);
    return make_float2(fmaf(stddev, z.x, mean), fmaf(stddev, z.y, mean));
  });
}
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double* out, std::size_t n, double mean,
                                          double stddev) {
  return generate_pairs(generator, out, n, [=](auto* s) {
    const double2 z = curand_normal2_double(s);
    return make_double2(fma(stddev, z.x, mean), fma(stddev, z.y, mean));
  });
}
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float* out, std::size_t n, float mean,
                                       float stddev) {
  return generate_pairs(generator, out, n, [=](auto* s) { return curand_log_normal2(s, mean, stddev); });
}
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double* out, std::size_t n,
                                             double mean, double stddev) {
  return generate_pairs(generator, out, n, [=](auto* s) { return curand_log_normal2_double(s, mean, stddev); });
}
