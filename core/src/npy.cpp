#include "scanlab/core/npy.h"

#include <bit>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <map>

namespace scanlab::npy {

namespace {

constexpr char magic[] = "\x93NUMPY";
constexpr std::size_t magic_bytes = 6;
constexpr std::size_t alignment = 64;  // numpy's ARRAY_ALIGN: data 64-byte aligned for mmap

// Writes `count` elements of `bytes` each in little-endian order, whatever the host's order.
void write_little_endian(std::ofstream& out, const void* values, std::size_t count, std::size_t bytes) {
  if constexpr (std::endian::native == std::endian::little) {
    out.write(static_cast<const char*>(values), static_cast<std::streamsize>(count * bytes));
  } else {
    const auto* p = static_cast<const char*>(values);
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t b = bytes; b-- > 0;) out.put(p[i * bytes + b]);
  }
}

void to_host_order(void* values, std::size_t count, std::size_t bytes) {
  if constexpr (std::endian::native != std::endian::little) {
    auto* p = static_cast<char*>(values);
    for (std::size_t i = 0; i < count; ++i)
      for (std::size_t b = 0; b < bytes / 2; ++b) std::swap(p[i * bytes + b], p[i * bytes + bytes - 1 - b]);
  } else {
    (void)values, (void)count, (void)bytes;
  }
}

// The header's dictionary is a Python literal; this reads the subset np.save writes: string
// keys, and values that are strings, True/False or tuples of integers.
class dict_parser {
 public:
  dict_parser(const std::string& text, const std::string& path) : s_(text), path_(path) {}

  std::map<std::string, std::string> parse() {
    std::map<std::string, std::string> entries;
    expect('{');
    while (true) {
      skip_space();
      if (peek() == '}') break;
      const std::string key = quoted();
      expect(':');
      skip_space();
      entries[key] = value();
      skip_space();
      if (peek() == ',') ++pos_;
      else if (peek() != '}') bad("',' or '}' expected");
    }
    return entries;
  }

 private:
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  [[noreturn]] void bad(const std::string& what) const {
    throw error(path_ + ": not a .npy header numpy writes (" + what + " at character " + std::to_string(pos_) +
                " of \"" + s_ + "\")");
  }
  void expect(char c) {
    skip_space();
    if (peek() != c) bad(std::string("'") + c + "' expected");
    ++pos_;
  }
  std::string quoted() {
    skip_space();
    const char q = peek();
    if (q != '\'' && q != '"') bad("a quoted string expected");
    const std::size_t end = s_.find(q, pos_ + 1);
    if (end == std::string::npos) bad("unterminated string");
    std::string text = s_.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
    return text;
  }
  // Strings come back without quotes; tuples as "(5,)" with spaces removed.
  std::string value() {
    if (peek() == '\'' || peek() == '"') return quoted();
    if (peek() == '(') {
      std::string tuple;
      while (pos_ < s_.size() && s_[pos_] != ')') {
        if (!std::isspace(static_cast<unsigned char>(s_[pos_]))) tuple += s_[pos_];
        ++pos_;
      }
      if (peek() != ')') bad("unterminated tuple");
      ++pos_;
      return tuple + ")";
    }
    const std::size_t begin = pos_;
    while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_]))) ++pos_;
    std::string word = s_.substr(begin, pos_ - begin);
    if (word != "True" && word != "False") bad("a string, a tuple, True or False expected");
    return word;
  }

  const std::string& s_;
  const std::string& path_;
  std::size_t pos_ = 0;
};

// "(5,)" -> 5; anything but one dimension is an error that says how to fix the array.
std::uint64_t parse_shape(const std::string& shape, const std::string& path) {
  const std::string inner = shape.substr(1, shape.size() - 2);  // without the parentheses
  std::string digits = inner;
  if (!digits.empty() && digits.back() == ',') digits.pop_back();
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
    throw error(path + ": shape " + shape + " is not one-dimensional: save a 1-D array (x.ravel())");
  if (digits.size() > 19) throw error(path + ": shape " + shape + " is too large");
  return std::stoull(digits);
}

template <typename T>
std::vector<T> read_all(const std::string& path, dtype want) {
  const array_info info = read_info(path);
  if (info.type != want)
    throw error(path + ": holds " + (info.type == dtype::float32 ? "float32" : "float64") + " ('" + descr(info.type) +
                "'), but " + (want == dtype::float32 ? "float32" : "float64") + " ('" + descr(want) +
                "') is needed: save it with x.astype(np." + (want == dtype::float32 ? "float32" : "float64") + ")");
  if (info.n > (UINT64_MAX - info.data_offset) / sizeof(T))
    throw error(path + ": shape (" + std::to_string(info.n) + ",) is too large");
  std::ifstream in(path, std::ios::binary);
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::uint64_t>(in.tellg());
  const std::uint64_t need = info.data_offset + info.n * sizeof(T);
  if (size != need)
    throw error(path + ": " + std::to_string(size) + " bytes, but its header announces " + std::to_string(info.n) +
                " elements (" + std::to_string(need) + " bytes): the file is " + (size < need ? "truncated" : "damaged"));
  std::vector<T> values(info.n);
  in.seekg(static_cast<std::streamoff>(info.data_offset));
  in.read(reinterpret_cast<char*>(values.data()), static_cast<std::streamsize>(info.n * sizeof(T)));
  if (!in) throw error(path + ": could not read the data");
  to_host_order(values.data(), values.size(), sizeof(T));
  return values;
}

}  // namespace

const char* descr(dtype type) { return type == dtype::float32 ? "<f4" : "<f8"; }
std::size_t item_bytes(dtype type) { return type == dtype::float32 ? 4 : 8; }

std::string header(dtype type, std::uint64_t n) {
  std::string dict = std::string("{'descr': '") + descr(type) + "', 'fortran_order': False, 'shape': (" +
                     std::to_string(n) + ",), }";
  // As numpy pads: spaces, then '\n', so that magic + version + length + header is a multiple of
  // 64 (a full 64 spaces when it already was).
  const std::size_t unpadded = magic_bytes + 2 + 2 + dict.size() + 1;
  dict.append(alignment - unpadded % alignment, ' ');
  dict += '\n';
  const std::size_t length = dict.size();
  std::string out(magic, magic_bytes);
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(length & 0xff);
  out += static_cast<char>(length >> 8);
  return out + dict;
}

writer::writer(const std::string& path, dtype type, std::uint64_t n)
    : path_(path), type_(type), n_(n), out_(path, std::ios::binary | std::ios::trunc) {
  if (!out_) throw error("cannot write " + path + ": " + std::strerror(errno));
  const std::string h = header(type, n);
  out_.write(h.data(), static_cast<std::streamsize>(h.size()));
}

void writer::append_bytes(const void* values, std::size_t count, dtype type) {
  if (type != type_) throw error(path_ + ": appending " + descr(type) + " values to a " + descr(type_) + " array");
  if (written_ + count > n_) throw error(path_ + ": more than the " + std::to_string(n_) + " elements announced");
  write_little_endian(out_, values, count, item_bytes(type));
  written_ += count;
}

void writer::append(const float* values, std::size_t count) { append_bytes(values, count, dtype::float32); }
void writer::append(const double* values, std::size_t count) { append_bytes(values, count, dtype::float64); }

void writer::finish() {
  if (written_ != n_)
    throw error(path_ + ": " + std::to_string(written_) + " of the " + std::to_string(n_) + " elements written");
  out_.close();
  if (!out_) throw error("cannot write " + path_ + ": " + std::strerror(errno));
}

void write(const std::string& path, const std::vector<float>& values) {
  writer w(path, dtype::float32, values.size());
  w.append(values.data(), values.size());
  w.finish();
}

void write(const std::string& path, const std::vector<double>& values) {
  writer w(path, dtype::float64, values.size());
  w.append(values.data(), values.size());
  w.finish();
}

array_info read_info(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw error("cannot read " + path + ": " + std::strerror(errno));
  char start[magic_bytes + 2] = {};
  in.read(start, sizeof start);
  if (!in || std::memcmp(start, magic, magic_bytes) != 0) throw error(path + ": not a .npy file (no \\x93NUMPY at its start)");
  const int major = static_cast<unsigned char>(start[magic_bytes]);
  if (major < 1 || major > 3) throw error(path + ": .npy version " + std::to_string(major) + " is not supported");
  // Version 1 has a 2-byte header length, versions 2 and 3 a 4-byte one.
  const std::size_t length_bytes = major == 1 ? 2 : 4;
  unsigned char length_le[4] = {};
  in.read(reinterpret_cast<char*>(length_le), static_cast<std::streamsize>(length_bytes));
  std::size_t length = 0;
  for (std::size_t b = length_bytes; b-- > 0;) length = length << 8 | length_le[b];
  std::string text(length, '\0');
  in.read(text.data(), static_cast<std::streamsize>(length));
  if (!in) throw error(path + ": truncated header");

  auto entries = dict_parser(text, path).parse();
  for (const char* key : {"descr", "fortran_order", "shape"})
    if (entries.find(key) == entries.end()) throw error(path + ": header lacks '" + key + "'");
  array_info info;
  const std::string& d = entries["descr"];
  if (d == "<f4") info.type = dtype::float32;
  else if (d == "<f8") info.type = dtype::float64;
  else if (d == ">f4" || d == ">f8")
    throw error(path + ": big-endian data ('" + d + "'): save it with x.astype('<" + d.substr(1) + "')");
  else
    throw error(path + ": dtype '" + d + "' is not float32 ('<f4') or float64 ('<f8'): save it with x.astype(np.float32)");
  // fortran_order is irrelevant for one dimension: both orders are the same bytes.
  info.n = parse_shape(entries["shape"], path);
  info.data_offset = magic_bytes + 2 + length_bytes + length;
  return info;
}

std::vector<float> read_float32(const std::string& path) { return read_all<float>(path, dtype::float32); }
std::vector<double> read_float64(const std::string& path) { return read_all<double>(path, dtype::float64); }

}  // namespace scanlab::npy
