// SHA-256 of bytes, as 64 hex digits: the fingerprint a batch result keeps of what it graded
// (the submission's graded files, the rubric, the seed), so that re-running a batch can tell
// an unchanged submission from a changed one without trusting file times.
#pragma once

#include <cstdint>
#include <string>

namespace scanlab::grader {

class sha256 {
 public:
  sha256();
  sha256& add(const void* data, std::size_t size);
  sha256& add(const std::string& s) { return add(s.data(), s.size()); }
  // A field with its length first, so that ("ab", "c") and ("a", "bc") differ.
  sha256& add_field(const std::string& s);
  std::string hex();  // finishes the hash; call once

 private:
  void block(const unsigned char* p);
  std::uint32_t h_[8];
  unsigned char buffer_[64];
  std::size_t used_ = 0;
  std::uint64_t total_ = 0;
};

}  // namespace scanlab::grader
