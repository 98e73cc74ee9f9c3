// NumPy's .npy format, version 1.0, for 1-D little-endian float32/float64 arrays: what
// np.save writes and np.load reads, so datasets need no Python to make and no C++ to inspect.
//
//   bytes 0-5   "\x93NUMPY"
//   bytes 6-7   version 1, 0
//   bytes 8-9   header length H, uint16 little-endian
//   10..10+H    "{'descr': '<f4', 'fortran_order': False, 'shape': (n,), }", padded with spaces
//               and ended by '\n' so that the data starts at a multiple of 64 bytes
//   then        n elements, little-endian
//
// The reader also accepts versions 2.0 and 3.0 (a 4-byte header length), as numpy may write them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace scanlab::npy {

struct error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class dtype { float32, float64 };
const char* descr(dtype type);      // "<f4", "<f8"
std::size_t item_bytes(dtype type);  // 4, 8

// The whole header (magic to '\n') numpy writes for a 1-D array of n elements.
std::string header(dtype type, std::uint64_t n);

// Writes a file in pieces (a dataset of 2^30 elements needs no array of that size). The file is
// complete when finish() has seen exactly n elements; a writer destroyed earlier leaves a file
// that read() rejects as truncated.
class writer {
 public:
  writer(const std::string& path, dtype type, std::uint64_t n);
  void append(const float* values, std::size_t count);   // type float32 only
  void append(const double* values, std::size_t count);  // type float64 only
  void finish();

 private:
  void append_bytes(const void* values, std::size_t count, dtype type);
  std::string path_;
  dtype type_;
  std::uint64_t n_, written_ = 0;
  std::ofstream out_;
};

void write(const std::string& path, const std::vector<float>& values);
void write(const std::string& path, const std::vector<double>& values);

struct array_info {
  dtype type = dtype::float32;
  std::uint64_t n = 0;
  std::size_t data_offset = 0;  // where the elements start
};
// Parses and checks the header of `path` (1-D, little-endian float32 or float64, C order).
array_info read_info(const std::string& path);

// Reads a whole file, which must hold the given dtype; errors name the file and say what to do.
std::vector<float> read_float32(const std::string& path);
std::vector<double> read_float64(const std::string& path);

}  // namespace scanlab::npy
