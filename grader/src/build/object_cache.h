// Compiled objects kept by the SHA-256 of everything that goes into them, so that a file the
// grader has compiled before (an untouched stub, a copied file, the reference solution of every
// submission in a batch) is compiled once: within one grading run and across runs.
//
// The key is the caller's description of the build (compiler command with the work folder left
// out, the source and lab.h bytes) plus what this class adds itself: the bytes of the compiler,
// of the rewriter, the grader executable (its size and time), and the backend's headers (contents for scanlab's
// own, names, sizes and times for libcu++). A change to any of them is a different key, so a stale
// object is never used. Entries are written to a temporary name and renamed, so a reader never
// sees half an object; two processes that build the same key at once both rename a complete file.
//
// Where: $SCANLAB_CACHE_DIR, else $XDG_CACHE_HOME/scanlab, else ~/.cache/scanlab; a folder that
// cannot be created (or is not the user's own) leaves a cache for this run only, in the
// temporary folder. SCANLAB_CACHE_DIR=off turns it off (every build compiles, as before).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "command/grader_config.h"

namespace scanlab::grader {

class object_cache {
 public:
  static object_cache& instance();

  bool enabled() const { return !root_.empty(); }
  const std::string& root() const { return root_; }

  // The key of a build: `parts` (the caller's flags and inputs, each as one field) and the
  // toolchain identity of `config` (compiler, rewriter, headers, this grader).
  std::string key(const grader_config& config, const std::vector<std::string>& parts);

  // Runs `build` (which writes `object` and returns whether it succeeded) unless the cache has
  // `key`: then the cached object is copied to `object`. A successful build is stored. Builds of
  // one key in this process happen once at a time, so identical files compiled at the same moment
  // by two workers compile once. Returns whether `object` is there; `hit` says where it came from.
  bool build_or_fetch(const std::string& key, const std::string& object, const std::function<bool()>& build,
                      bool* hit = nullptr);

  // A small text kept next to the object of `key` (what nm says of it: the same for the same
  // bytes), or "" when there is none; `keep_note` stores one (empty texts are not kept).
  std::string note(const std::string& key, const std::string& name) const;
  void keep_note(const std::string& key, const std::string& name, const std::string& text) const;

  // A precompiled scanlab/cpu/prelude.h for these compile flags: a folder to put first on the
  // include path (GCC takes prelude.h.gch from it when the flags match and otherwise reads the
  // header as usual), or "" when none could be built. Built once per flags and toolchain.
  std::string prelude_pch(const grader_config& config, const std::vector<std::string>& flags);

  // Keeps the folder within bounds, so that a semester of gradings (every rebuild of the grader
  // or of the backend's headers is a new set of keys) never fills the disk: objects and notes
  // over `object_bytes` lose their least recently used entries down to three quarters of it;
  // precompiled preludes (50-100 MB each) keep the `preludes` most recently used. Runs once per
  // process on the shared cache (SCANLAB_CACHE_MAX_MB sets `object_bytes`, 1024 by default).
  void prune(std::uint64_t object_bytes, std::size_t preludes) const;
  static constexpr std::size_t kept_preludes = 8;

  // For tests: a cache at `root` ("" = off).
  explicit object_cache(std::string root);
  ~object_cache();
  object_cache(object_cache&& other) noexcept;

 private:
  std::string toolchain_identity(const grader_config& config);
  std::string key_of(const grader_config& config, const std::vector<std::string>& parts, bool grader);
  std::string root_;
  bool temporary_ = false;  // this run's own folder, removed at exit
  struct identities;
  std::unique_ptr<identities> identities_;
};

}  // namespace scanlab::grader
