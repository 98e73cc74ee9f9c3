#include "shared_arena.h"

#include <cstdlib>
#include <cstring>

#include "sanitizer.h"

namespace scanlab::cpu::detail {

namespace {
constexpr std::size_t guard_bytes = 64;
constexpr unsigned char guard_byte = 0x5A;
constexpr std::uint32_t poison_word = 0x7fc0deadu;  // a quiet NaN: "shared memory read before written"

std::size_t align_up(std::size_t v, std::size_t a) { return (v + a - 1) / a * a; }

void fill_poison(unsigned char* p, std::size_t bytes) {
  std::size_t i = 0;
  for (; i + 4 <= bytes; i += 4) std::memcpy(p + i, &poison_word, 4);
  for (; i < bytes; ++i) p[i] = 0x7f;
}

void guard(unsigned char* p, std::size_t bytes) {
#ifdef SCANLAB_ASAN
  ASAN_POISON_MEMORY_REGION(p, bytes);
#else
  std::memset(p, guard_byte, bytes);
#endif
}
}  // namespace

shared_arena::shared_arena() {
  // Room for the largest block: opt-in limit plus a guard zone per variable.
  capacity_ = optin_limit + 64 * 1024;
  memory_ = static_cast<unsigned char*>(std::aligned_alloc(256, capacity_));
}

shared_arena::~shared_arena() {
#ifdef SCANLAB_ASAN
  ASAN_UNPOISON_MEMORY_REGION(memory_, capacity_);
#endif
  std::free(memory_);
}

shared_arena& this_arena() {
  static thread_local shared_arena* arena = nullptr;  // no TLS guard: every thread asks per __shared__
  if (arena == nullptr) arena = new shared_arena();
  return *arena;
}

void shared_arena::begin_block(std::size_t dynamic_bytes) {
  ++epoch_;
  variables_.clear();
#ifdef SCANLAB_ASAN
  ASAN_POISON_MEMORY_REGION(memory_, capacity_);
#endif
  // Leading guard, then the dynamic region (CUDA places it after the static variables, but no
  // correct program can tell), then static variables as they are first reached.
  used_ = guard_bytes;
  static_bytes_ = 0;
  guard(memory_, guard_bytes);
  dynamic_ = nullptr;
  if (dynamic_bytes > 0) {
    dynamic_ = memory_ + used_;
#ifdef SCANLAB_ASAN
    ASAN_UNPOISON_MEMORY_REGION(dynamic_, dynamic_bytes);
#endif
    fill_poison(static_cast<unsigned char*>(dynamic_), dynamic_bytes);
    variables_.push_back({"extern __shared__ (dynamic)", "", 0, used_, dynamic_bytes, 0});
    used_ += dynamic_bytes;
    guard(memory_ + used_, guard_bytes);
    used_ += guard_bytes;
  }
}

void* shared_arena::allocate(std::size_t bytes, std::size_t alignment, std::size_t element_bytes, const char* name,
                             const char* file, int line, std::string& error) {
  static_bytes_ += bytes;
  if (static_bytes_ > static_limit) {
    error = "__shared__ `" + std::string(name) + "` declared at " + (file ? file : "?") + ":" + std::to_string(line) +
            " brings the block's static shared memory to " + std::to_string(static_bytes_) +
            " bytes, over the 48 KiB (49152-byte) limit (nvcc would reject this kernel)";
    return nullptr;
  }
  std::size_t offset = align_up(used_, alignment);
  if (offset + bytes + guard_bytes > capacity_) {
    error = "shared memory arena exhausted";
    return nullptr;
  }
  unsigned char* p = memory_ + offset;
#ifdef SCANLAB_ASAN
  ASAN_UNPOISON_MEMORY_REGION(p, bytes);
#endif
  fill_poison(p, bytes);
  variables_.push_back({name, file ? file : "?", line, offset, bytes, element_bytes});
  used_ = offset + bytes;
  guard(memory_ + used_, guard_bytes);
  used_ += guard_bytes;
  return p;
}

const shared_arena::variable* shared_arena::find(std::size_t offset) const {
  for (const variable& v : variables_)
    if (offset >= v.offset && offset < v.offset + v.bytes) return &v;
  return nullptr;
}

bool shared_arena::still_poison(std::size_t offset, std::size_t bytes) const {
  for (std::size_t i = offset; i < offset + bytes; ++i) {
    const std::size_t word_start = i - i % 4;  // variables start 16-byte aligned: words line up
    if (memory_[i] != reinterpret_cast<const unsigned char*>(&poison_word)[i - word_start] && memory_[i] != 0x7f)
      return false;
  }
  return true;
}

std::optional<std::string> shared_arena::check_guards() const {
#ifdef SCANLAB_ASAN
  return std::nullopt;  // ASan reports the faulting access itself
#else
  for (std::size_t i = 0; i < guard_bytes; ++i)
    if (memory_[i] != guard_byte && !variables_.empty())
      return "out-of-bounds write to shared memory: something was written before the start of `" +
             variables_.front().name + "`" +
             (variables_.front().line ? " (declared at " + variables_.front().file + ":" +
                                            std::to_string(variables_.front().line) + ")"
                                      : std::string());
  for (const variable& v : variables_) {
    const unsigned char* g = memory_ + v.offset + v.bytes;
    for (std::size_t i = 0; i < guard_bytes; ++i)
      if (g[i] != guard_byte) {
        std::string where = v.line ? " (declared at " + v.file + ":" + std::to_string(v.line) + ")" : "";
        return "out-of-bounds write to shared memory: the block wrote past the end of `" + v.name + "`" + where +
               ", which is " + std::to_string(v.bytes) + " bytes long (first damaged byte: " +
               std::to_string(i) + " bytes past its end)";
      }
  }
  return std::nullopt;
#endif
}

}  // namespace scanlab::cpu::detail
