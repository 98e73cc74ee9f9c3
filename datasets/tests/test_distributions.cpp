// The input distributions the harness and the datasets share: fixed values per seed (the same on
// every standard library), and each distribution's properties.
#include <cmath>
#include <set>
#include <vector>

#include "scanlab/core/inputs.h"
#include "scanlab/core/reference.h"
#include "scanlab_catch.hpp"

using namespace scanlab::core;

namespace {
constexpr std::size_t n = 20000;
}

TEST_CASE("distributions: seed 7 gives these values everywhere", "[distributions]") {
  // Computed independently (datasets/README.md's numpy recipe): the generator is SplitMix64,
  // spelled out in inputs.cpp, so no standard library's choices show up here.
  const std::vector<std::pair<data_kind, std::vector<double>>> expected = {
      {data_kind::small_integers, {-2, 5, -5, -1, -4, -5}},
      {data_kind::uniform_floats, {0x1.c5a61p-2, -0x1.0af904p-1, -0x1.cac9cp-2, -0x1.45588p-3, 0x1.cd49cp-4, 0x1.17ebp-4}},
      {data_kind::mixed_magnitudes,
       {-0x1.579c8ap-9, 0x1.a60ebep-5, 0x1.454a4ap+0, 0x1.33f32ap-5, -0x1.a4ac44p-1, -0x1.c00b2cp+3}},
      {data_kind::alternating_signs, {6, -6, 8, -8, 6, -6}},
      {data_kind::ones, {1, 1, 1, 1, 1, 1}},
  };
  for (const auto& [kind, values] : expected)
    for (std::size_t i = 0; i < values.size(); ++i) {
      INFO(distribution_name(kind) << " element " << i);
      CHECK(input_element(7, i, kind) == static_cast<float>(values[i]));
    }
}

TEST_CASE("distributions: element i depends on the seed and i alone", "[distributions]") {
  for (data_kind kind : all_data_kinds()) {
    INFO(distribution_name(kind));
    const std::vector<float> a = make_input(n, 42, kind);
    CHECK(make_input(n, 42, kind) == a);
    CHECK(make_input(n / 2, 42, kind) == std::vector<float>(a.begin(), a.begin() + n / 2));  // prefixes agree
    CHECK(input_element(42, n - 1, kind) == a.back());
    if (kind != data_kind::ones) CHECK(make_input(n, 43, kind) != a);
  }
}

TEST_CASE("distributions: small integers are the integers from -8 to 8, every one of them", "[distributions]") {
  std::set<float> seen;
  for (float x : make_input(n, 1, data_kind::small_integers)) {
    REQUIRE(x == std::trunc(x));
    REQUIRE(std::fabs(x) <= 8);
    seen.insert(x);
  }
  CHECK(seen.size() == 17);
}

TEST_CASE("distributions: uniform floats fill -1 <= x < 1", "[distributions]") {
  double sum = 0, lo = 1, hi = -1;
  for (float x : make_input(n, 1, data_kind::uniform_floats)) {
    REQUIRE(x >= -1.0f);
    REQUIRE(x < 1.0f);
    sum += x, lo = std::min<double>(lo, x), hi = std::max<double>(hi, x);
  }
  CHECK(std::fabs(sum / n) < 0.02);
  CHECK(lo < -0.99);
  CHECK(hi > 0.99);
}

TEST_CASE("distributions: mixed magnitudes span 1e-3 to 1e3 with both signs", "[distributions]") {
  std::set<int> exponents;
  std::size_t negative = 0;
  float running = 0;
  for (float x : make_input(n, 1, data_kind::mixed_magnitudes)) {
    const double m = std::fabs(x);
    REQUIRE(m >= std::ldexp(1.0, -10));
    REQUIRE(m < std::ldexp(1.0, 10));
    // A multiple of 2^-33: fp64 partial sums are exact below 2^20.
    REQUIRE(std::ldexp(static_cast<double>(x), 33) == std::trunc(std::ldexp(static_cast<double>(x), 33)));
    exponents.insert(std::ilogb(x));
    negative += x < 0;
    running += x;
  }
  CHECK(exponents.size() == 20);  // 2^-10 .. 2^9
  CHECK(negative > n / 3);
  CHECK(negative < 2 * n / 3);
  CHECK(std::isfinite(running));
}

TEST_CASE("distributions: alternating signs come in pairs +a, -a", "[distributions]") {
  const std::vector<float> v = make_input(n + 1, 1, data_kind::alternating_signs);  // odd: a lone +a at the end
  std::set<float> seen;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i % 2 == 0) {
      REQUIRE(v[i] >= 1);
      REQUIRE(v[i] <= 8);
      REQUIRE(v[i] == std::trunc(v[i]));
      seen.insert(v[i]);
    } else {
      REQUIRE(v[i] == -v[i - 1]);
    }
  }
  CHECK(seen.size() == 8);
  // So the inclusive scan of a section is 0 after every pair.
  const std::vector<double> scan = reference_output(v, output_kind::inclusive_sections, 1024);
  for (std::size_t i = 1; i < v.size(); i += 2) REQUIRE(scan[i] == 0);
}

TEST_CASE("distributions: ones are ones", "[distributions]") {
  for (float x : make_input(n, 1, data_kind::ones)) REQUIRE(x == 1.0f);
}

TEST_CASE("distributions: names, both spellings", "[distributions]") {
  for (data_kind kind : all_data_kinds()) {
    data_kind parsed = data_kind::ones;
    CHECK(parse_data_kind(distribution_name(kind), parsed));
    CHECK(parsed == kind);
    CHECK(parse_data_kind(data_kind_name(kind), parsed));
    CHECK(parsed == kind);
  }
  data_kind parsed{};
  CHECK(parse_data_kind("ints", parsed));
  CHECK(parsed == data_kind::small_integers);
  CHECK(parse_data_kind("floats", parsed));
  CHECK(parsed == data_kind::uniform_floats);
  CHECK_FALSE(parse_data_kind("gaussian", parsed));
  CHECK(std::string(distribution_name(data_kind::small_integers)) == "small-integers");
  CHECK(std::string(data_kind_name(data_kind::small_integers)) == "integers");  // the harness's replay commands
}

TEST_CASE("distributions: integer data is exact until its sums outgrow float", "[distributions]") {
  CHECK(allowed_error(data_kind::small_integers, 1000, 5000) == 0);
  CHECK(allowed_error(data_kind::ones, 1 << 23, exact_magnitude_limit) == 0);
  CHECK(allowed_error(data_kind::ones, (1 << 23) + 1, exact_magnitude_limit + 1) > 0);
  CHECK(allowed_error(data_kind::alternating_signs, 3, 8) == 0);
  CHECK(allowed_error(data_kind::uniform_floats, 1, 0.5) == float_tolerance(1, 0.5));
  CHECK(allowed_error(data_kind::mixed_magnitudes, 100, 900) == float_tolerance(100, 900));
}
