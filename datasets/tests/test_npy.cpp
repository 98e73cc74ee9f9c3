// The .npy module: bit-exact round trips (odd n, n = 0, NaN payloads), numpy's header layout,
// headers numpy may write that we do not, and the errors a student gets for a wrong file.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include "scanlab/core/npy.h"
#include "scanlab_catch.hpp"
#include "temp_dir.h"

using namespace scanlab;
using scanlab_test::contains_text;

namespace {

template <typename T>
T from_bits(std::uint64_t bits) {
  T v;
  if constexpr (sizeof(T) == 4) {
    const auto b = static_cast<std::uint32_t>(bits);
    std::memcpy(&v, &b, sizeof v);
  } else {
    std::memcpy(&v, &bits, sizeof v);
  }
  return v;
}

template <typename T>
std::vector<T> awkward_values(std::size_t n) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<T>(i) * T(0.375) - T(100);
  if (n >= 8) {
    v[0] = -T(0);
    v[1] = std::numeric_limits<T>::infinity();
    v[2] = std::numeric_limits<T>::denorm_min();
    v[3] = std::numeric_limits<T>::max();
    v[4] = sizeof(T) == 4 ? from_bits<T>(0x7fbadbadu) : from_bits<T>(0x7ff4000000000badull);  // NaN payloads
    v[5] = std::numeric_limits<T>::lowest();
  }
  return v;
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string float_bytes(const std::vector<float>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));  // tests run little-endian
}

// A header as numpy >= 1.23 writes it (extra spaces after the dict so that it can grow in place),
// or with version 2.0's 4-byte length.
std::string numpy_style_header(const std::string& dict, int major) {
  const std::size_t prefix = major == 1 ? 10 : 12;
  std::string text = dict + std::string(21, ' ');
  text.append(64 - (prefix + text.size() + 1) % 64, ' ');
  text += '\n';
  std::string h = std::string("\x93NUMPY", 6) + static_cast<char>(major) + '\0';
  for (std::size_t b = 0; b < prefix - 8; ++b) h += static_cast<char>((text.size() >> (8 * b)) & 0xff);
  return h + text;
}

}  // namespace

TEST_CASE("npy: the header is numpy's, 64-byte aligned", "[npy]") {
  for (std::uint64_t n : {0ull, 5ull, 123456789ull, 1ull << 40}) {
    const std::string h = npy::header(npy::dtype::float32, n);
    CHECK(h.size() % 64 == 0);
    CHECK(h.compare(0, 8, std::string("\x93NUMPY\x01\x00", 8)) == 0);
    const std::size_t length = static_cast<unsigned char>(h[8]) | static_cast<unsigned char>(h[9]) << 8;
    CHECK(length + 10 == h.size());
    const std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + std::to_string(n) + ",), }";
    CHECK(h.compare(10, dict.size(), dict) == 0);
    CHECK(h.back() == '\n');
    CHECK(h.find_first_not_of(' ', 10 + dict.size()) == h.size() - 1);  // only spaces, then '\n'
  }
  CHECK_THAT(npy::header(npy::dtype::float64, 3), contains_text("'descr': '<f8'"));
}

TEST_CASE("npy: float32 and float64 round trips are bit exact", "[npy]") {
  scanlab_test::temp_dir dir;
  for (std::size_t n : {1u, 7u, 8u, 1001u, 65537u}) {
    const auto f = awkward_values<float>(n);
    npy::write(dir / "f.npy", f);
    const auto f_back = npy::read_float32(dir / "f.npy");
    REQUIRE(f_back.size() == n);
    CHECK(std::memcmp(f_back.data(), f.data(), n * sizeof(float)) == 0);
    CHECK(std::filesystem::file_size(dir / "f.npy") == npy::header(npy::dtype::float32, n).size() + 4 * n);

    const auto d = awkward_values<double>(n);
    npy::write(dir / "d.npy", d);
    const auto d_back = npy::read_float64(dir / "d.npy");
    REQUIRE(d_back.size() == n);
    CHECK(std::memcmp(d_back.data(), d.data(), n * sizeof(double)) == 0);
  }
}

TEST_CASE("npy: an empty array is a header alone", "[npy]") {
  scanlab_test::temp_dir dir;
  npy::write(dir / "empty.npy", std::vector<float>{});
  CHECK(std::filesystem::file_size(dir / "empty.npy") == npy::header(npy::dtype::float32, 0).size());
  CHECK(npy::read_float32(dir / "empty.npy").empty());
  CHECK(npy::read_info(dir / "empty.npy").n == 0);
}

TEST_CASE("npy: written in pieces, the file is the same", "[npy]") {
  scanlab_test::temp_dir dir;
  const auto v = awkward_values<float>(1001);
  npy::write(dir / "whole.npy", v);
  {
    npy::writer w(dir / "pieces.npy", npy::dtype::float32, v.size());
    w.append(v.data(), 500);
    w.append(v.data() + 500, 501);
    w.finish();
  }
  std::ifstream a(dir / "whole.npy", std::ios::binary), b(dir / "pieces.npy", std::ios::binary);
  CHECK(std::string(std::istreambuf_iterator<char>(a), {}) == std::string(std::istreambuf_iterator<char>(b), {}));

  npy::writer short_one(dir / "short.npy", npy::dtype::float32, 10);
  short_one.append(v.data(), 9);
  CHECK_THROWS_WITH(short_one.finish(), contains_text("9 of the 10 elements"));
  CHECK_THROWS_AS(short_one.append(std::vector<double>(1).data(), 1), npy::error);  // wrong dtype
}

TEST_CASE("npy: headers numpy writes in other versions are read", "[npy]") {
  scanlab_test::temp_dir dir;
  const std::vector<float> v{1.5f, -2.0f, 3.25f};
  write_bytes(dir / "v1.npy", numpy_style_header("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 1) +
                                  float_bytes(v));
  CHECK(npy::read_float32(dir / "v1.npy") == v);
  write_bytes(dir / "v2.npy", numpy_style_header("{\"descr\": \"<f4\", \"shape\": (3,), \"fortran_order\": True}", 2) +
                                  float_bytes(v));
  CHECK(npy::read_float32(dir / "v2.npy") == v);
}

TEST_CASE("npy: a wrong file gets an error that says what to do", "[npy]") {
  scanlab_test::temp_dir dir;
  const std::vector<float> v{1, 2, 3};

  npy::write(dir / "f8.npy", std::vector<double>{1, 2, 3});
  CHECK_THROWS_WITH(npy::read_float32(dir / "f8.npy"), contains_text("x.astype(np.float32)"));

  npy::write(dir / "short.npy", v);
  std::filesystem::resize_file(dir / "short.npy", 64 + 8);
  CHECK_THROWS_WITH(npy::read_float32(dir / "short.npy"), contains_text("truncated"));

  write_bytes(dir / "text.npy", "1,2,3\n");
  CHECK_THROWS_WITH(npy::read_float32(dir / "text.npy"), contains_text("not a .npy file"));

  write_bytes(dir / "2d.npy",
              numpy_style_header("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 1), }", 1) + float_bytes(v));
  CHECK_THROWS_WITH(npy::read_float32(dir / "2d.npy"), contains_text("one-dimensional"));

  write_bytes(dir / "int.npy",
              numpy_style_header("{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }", 1) + float_bytes(v));
  CHECK_THROWS_WITH(npy::read_float32(dir / "int.npy"), contains_text("'<i4'"));

  write_bytes(dir / "big.npy",
              numpy_style_header("{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }", 1) + float_bytes(v));
  CHECK_THROWS_WITH(npy::read_float32(dir / "big.npy"), contains_text("big-endian"));

  CHECK_THROWS_WITH(npy::read_float32(dir / "missing.npy"), contains_text("cannot read"));
}
