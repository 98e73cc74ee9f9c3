#include "build/object_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include <fmt/format.h>

#include "util/content_hash.h"
#include "run/sandbox.h"

namespace scanlab::grader {

namespace fs = std::filesystem;

namespace {

// Bump when what a cached object means changes in a way the key does not see.
constexpr const char* cache_format = "scanlab object cache 1";

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The folder is ours to write: a directory owned by this user (a cache another user could plant
// objects in would run their code as ours).
bool usable_folder(const std::string& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::geteuid()) return false;
  return ::access(dir.c_str(), W_OK | X_OK) == 0;
}

// The cache's folder; `temporary` when it is this run's own (removed at exit).
std::string choose_root(bool& temporary) {
  temporary = false;
  const char* configured = std::getenv("SCANLAB_CACHE_DIR");
  if (configured && std::string(configured) == "off") return "";
  std::string dir;
  if (configured && *configured) dir = configured;
  else if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) dir = std::string(xdg) + "/scanlab";
  else if (const char* home = std::getenv("HOME"); home && *home) dir = std::string(home) + "/.cache/scanlab";
  if (!dir.empty() && usable_folder(dir)) return dir;
  // No writable cache folder (a read-only home, as under some course platforms): a cache for this
  // run only, so that a batch still compiles each distinct file once.
  std::error_code ec;
  const std::string temp = (fs::temp_directory_path(ec) / fmt::format("scanlab-cache-{}", ::getpid())).string();
  temporary = true;
  return usable_folder(temp) ? temp : "";
}

// Every file under `dir`, sorted: with its bytes (`contents`) or its size and time.
void add_tree(sha256& h, const std::string& dir, bool contents) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) {
    h.add_field("(no folder) " + dir);
    return;
  }
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::follow_directory_symlink, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file(ec)) files.push_back(it->path());
  std::sort(files.begin(), files.end());
  h.add_field(dir);
  for (const fs::path& f : files) {
    h.add_field(f.lexically_relative(dir).string());
    if (contents) {
      h.add_field(read_bytes(f.string()));
    } else {
      struct stat st {};
      ::stat(f.c_str(), &st);
      h.add_field(fmt::format("{} {}.{}", st.st_size, st.st_mtim.tv_sec, st.st_mtim.tv_nsec));
    }
  }
}

// A program by its resolved path and bytes: a compiler upgrade changes the driver binary.
void add_program(sha256& h, const std::string& path) {
  std::error_code ec;
  const fs::path real = path.empty() ? fs::path() : fs::canonical(path, ec);
  h.add_field(path);
  h.add_field(real.string());
  h.add_field(path.empty() ? std::string() : read_bytes(real.string()));
}

std::mutex& key_mutex(const std::string& key) {
  static std::mutex guard;
  static std::map<std::string, std::unique_ptr<std::mutex>> locks;
  std::lock_guard lock(guard);
  auto& m = locks[key];
  if (!m) m = std::make_unique<std::mutex>();
  return *m;
}

// Precompiled preludes in `folder`: those unused for two days go, and all but the `keep` most
// recently used (never `in_use`). One is 50-100 MB, and each set of flags, each change of the
// backend's headers and each compiler makes another.
void prune_preludes(const std::string& folder, const std::string& in_use, std::size_t keep) {
  std::error_code ec;
  const auto old = fs::file_time_type::clock::now() - std::chrono::hours(48);
  std::vector<std::pair<fs::file_time_type, fs::path>> newest_first;
  for (const auto& e : fs::directory_iterator(folder, ec)) {
    const auto time = e.last_write_time(ec);
    if (e.path() == fs::path(in_use)) continue;
    if (time < old) fs::remove_all(e.path(), ec);
    else if (e.path().filename().string().find(".tmp-") == std::string::npos) newest_first.emplace_back(time, e.path());
  }
  std::sort(newest_first.begin(), newest_first.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::size_t others = in_use.empty() ? keep : keep - std::min<std::size_t>(keep, 1);
  for (std::size_t k = others; k < newest_first.size(); ++k) fs::remove_all(newest_first[k].second, ec);
}

// SCANLAB_CACHE_MAX_MB: the objects' share of the cache (the precompiled preludes come on top).
std::uint64_t configured_object_budget() {
  const char* text = std::getenv("SCANLAB_CACHE_MAX_MB");
  char* end = nullptr;
  const unsigned long long mb = text && *text ? std::strtoull(text, &end, 10) : 0;
  return (mb > 0 && end && *end == '\0' ? mb : 1024ull) << 20;
}

std::string temp_name(const std::string& path) {
  static std::atomic<unsigned> counter{0};
  return fmt::format("{}.tmp-{}-{}", path, ::getpid(), counter++);
}

}  // namespace

object_cache::object_cache(std::string root)
    : root_(std::move(root)), identities_(std::make_unique<identities>()) {}

object_cache::object_cache(object_cache&& other) noexcept
    : root_(std::move(other.root_)), temporary_(other.temporary_), identities_(std::move(other.identities_)) {
  other.temporary_ = false;
}

object_cache::~object_cache() {
  std::error_code ec;
  if (temporary_ && !root_.empty()) fs::remove_all(root_, ec);
}

object_cache& object_cache::instance() {
  static object_cache cache = [] {
    bool temporary = false;
    object_cache c(choose_root(temporary));
    c.temporary_ = temporary;
    if (!temporary) c.prune(configured_object_budget(), kept_preludes);
    return c;
  }();
  return cache;
}

void object_cache::prune(std::uint64_t object_bytes, std::size_t preludes) const {
  if (!enabled()) return;
  std::error_code ec;
  const auto now = fs::file_time_type::clock::now();
  // Objects: an entry is every file of one key (the object and its notes), used when last touched.
  struct entry {
    fs::file_time_type used = fs::file_time_type::min();  // the clock's zero is in 2174 (libstdc++)
    std::uint64_t bytes = 0;
    std::vector<fs::path> files;
  };
  std::map<std::string, entry> entries;
  std::uint64_t total = 0;
  for (auto it = fs::recursive_directory_iterator(root_ + "/objects", ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    std::error_code file_ec;  // a file that went meanwhile is skipped, the walk goes on
    if (!it->is_regular_file(file_ec)) continue;
    const fs::path& path = it->path();
    const std::string name = path.filename().string();
    const auto time = it->last_write_time(file_ec);
    const std::uint64_t bytes = it->file_size(file_ec);
    if (file_ec) continue;
    if (name.find(".tmp-") != std::string::npos) {  // a writer that died before its rename
      if (time < now - std::chrono::hours(1)) fs::remove(path, file_ec);
      continue;
    }
    entry& e = entries[name.substr(0, name.find('.'))];
    e.used = std::max(e.used, time);
    e.bytes += bytes;
    e.files.push_back(path);
    total += bytes;
  }
  if (total > object_bytes) {
    std::vector<const entry*> oldest_first;
    for (const auto& [key, e] : entries) oldest_first.push_back(&e);
    std::sort(oldest_first.begin(), oldest_first.end(), [](const entry* a, const entry* b) { return a->used < b->used; });
    for (const entry* e : oldest_first) {
      if (total <= object_bytes / 4 * 3) break;
      for (const fs::path& f : e->files) fs::remove(f, ec);
      total -= e->bytes;
    }
  }
  prune_preludes(root_ + "/pch", "", preludes);
}

struct object_cache::identities {
  std::mutex guard;
  std::map<std::string, std::string> known;  // toolchain paths -> identity, computed once
};

std::string object_cache::toolchain_identity(const grader_config& c) {
  auto& [guard, known] = *identities_;
  const std::string which = fmt::format("{}\n{}\n{}\n{}\n{}\n{}", c.cxx, c.rewriter, c.nvcc, c.cpu_include,
                                        c.common_include, c.cccl_include);
  std::lock_guard lock(guard);
  if (auto it = known.find(which); it != known.end()) return it->second;
  sha256 h;
  h.add_field(cache_format);
  add_program(h, c.cxx);
  add_program(h, c.rewriter);
  add_program(h, c.nvcc);
  add_tree(h, c.cpu_include, true);
  add_tree(h, c.common_include, true);
  add_tree(h, c.cccl_include, false);  // thousands of toolkit files: an upgrade changes times and sizes
  return known[which] = h.hex();
}

std::string object_cache::key_of(const grader_config& config, const std::vector<std::string>& parts, bool grader) {
  sha256 h;
  h.add_field(toolchain_identity(config));
  if (grader) {
    // This grader (its build checks run on what it caches): by size and time, since its 30 MB
    // would cost a single-submission run a quarter of a second of hashing; any rebuild changes both.
    struct stat st {};
    ::stat("/proc/self/exe", &st);
    std::error_code ec;
    h.add_field(fmt::format("grader {} {} {}.{}", fs::read_symlink("/proc/self/exe", ec).string(), st.st_size,
                            st.st_mtim.tv_sec, st.st_mtim.tv_nsec));
  }
  for (const std::string& p : parts) h.add_field(p);
  return h.hex();
}

std::string object_cache::key(const grader_config& config, const std::vector<std::string>& parts) {
  return key_of(config, parts, true);
}

bool object_cache::build_or_fetch(const std::string& key, const std::string& object, const std::function<bool()>& build,
                                  bool* hit) {
  if (hit) *hit = false;
  if (!enabled()) return build();
  std::lock_guard lock(key_mutex(key));
  const std::string entry = fmt::format("{}/objects/{}/{}.so", root_, key.substr(0, 2), key);
  std::error_code ec;
  if (fs::is_regular_file(entry, ec) && fs::copy_file(entry, object, fs::copy_options::overwrite_existing, ec)) {
    fs::last_write_time(entry, fs::file_time_type::clock::now(), ec);  // recently used: pruned last
    if (hit) *hit = true;
    return true;
  }
  if (!build()) return false;
  fs::create_directories(fs::path(entry).parent_path(), ec);
  const std::string temp = temp_name(entry);
  if (fs::copy_file(object, temp, fs::copy_options::overwrite_existing, ec)) fs::rename(temp, entry, ec);
  if (ec) fs::remove(temp, ec);  // a full disk costs the cache, never the build
  return true;
}

std::string object_cache::note(const std::string& key, const std::string& name) const {
  if (!enabled()) return "";
  return read_bytes(fmt::format("{}/objects/{}/{}.{}", root_, key.substr(0, 2), key, name));
}

void object_cache::keep_note(const std::string& key, const std::string& name, const std::string& text) const {
  if (!enabled() || text.empty()) return;
  const std::string path = fmt::format("{}/objects/{}/{}.{}", root_, key.substr(0, 2), key, name);
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  const std::string temp = temp_name(path);
  {
    std::ofstream out(temp, std::ios::binary);
    out << text;
    if (!out) return;
  }
  fs::rename(temp, path, ec);
  if (ec) fs::remove(temp, ec);
}

namespace {

// A precompiled prelude made when the grading platform's image was built (setup.sh, the
// PrairieLearn Dockerfile: a warm-up grading with SCANLAB_CACHE_DIR there), read from
// $SCANLAB_PCH_SEED: each grading there starts with an empty cache of its own, and would
// otherwise spend 2 s of CPU on it. Used only when no one but root or this user can write the
// folder: a header planted there would be compiled into every later submission.
std::string seeded_pch(const std::string& key) {
  const char* seed = std::getenv("SCANLAB_PCH_SEED");
  if (!seed || !*seed) return "";
  const std::string dir = fmt::format("{}/pch/{}", seed, key);
  for (const std::string& path : {std::string(seed), std::string(seed) + "/pch", dir}) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || (st.st_uid != 0 && st.st_uid != ::geteuid()) || (st.st_mode & 022))
      return "";
  }
  std::error_code ec;
  return fs::is_regular_file(dir + "/scanlab/cpu/prelude.h.gch", ec) && fs::is_regular_file(dir + "/scanlab/cpu/prelude.h", ec)
             ? dir
             : "";
}

}  // namespace

std::string object_cache::prelude_pch(const grader_config& config, const std::vector<std::string>& flags) {
  if (!enabled()) return "";
  std::vector<std::string> parts = {"prelude pch"};
  parts.insert(parts.end(), flags.begin(), flags.end());
  // Not keyed by the grader: a header compiled with the same compiler, flags and headers is the
  // same whichever grader build asks (every rebuild of bin/scanlab would leave 100 MB behind).
  const std::string k = key_of(config, parts, false);
  if (std::string seeded = seeded_pch(k); !seeded.empty()) return seeded;
  const std::string dir = fmt::format("{}/pch/{}", root_, k);
  const std::string gch = dir + "/scanlab/cpu/prelude.h.gch";
  std::lock_guard lock(key_mutex(k));
  std::error_code ec;
  // GCC takes the folder of a precompiled header for the header's own: a later #include of it
  // (libcu++'s wrappers, <cuda/std/...>, include it again) must find a file there, which leads to
  // the real one (#pragma once makes it a no-op). Folders made before this file existed get it too.
  const auto write_forward = [&](const std::string& folder) {
    std::ofstream forward(folder + "/scanlab/cpu/prelude.h");
    forward << "#include \"" << config.cpu_include << "/scanlab/cpu/prelude.h\"\n";
    return static_cast<bool>(forward);
  };
  if (fs::is_regular_file(gch, ec)) {
    if (!fs::is_regular_file(dir + "/scanlab/cpu/prelude.h", ec) && !write_forward(dir)) return "";
    fs::last_write_time(dir, fs::file_time_type::clock::now(), ec);  // in use: kept by the pruning below
    return dir;
  }
  // A folder of its own, renamed into place when complete.
  const std::string temp = temp_name(dir);
  fs::create_directories(temp + "/scanlab/cpu", ec);
  {
    std::ofstream wrapper(temp + "/prelude_pch.h");
    wrapper << "#include <scanlab/cpu/prelude.h>\n";
  }
  std::vector<std::string> cmd = {config.cxx};
  cmd.insert(cmd.end(), flags.begin(), flags.end());
  cmd.insert(cmd.end(), {"-x", "c++-header", temp + "/prelude_pch.h", "-o", temp + "/scanlab/cpu/prelude.h.gch"});
  sandbox_limits limits;
  limits.wall_seconds = 300;
  limits.keep_output = 64 << 10;
  const sandbox_result s = run_sandboxed(cmd, {"LC_ALL=C"}, limits, temp);
  fs::remove(temp + "/prelude_pch.h", ec);
  if (!s.ok() || !write_forward(temp)) {
    fs::remove_all(temp, ec);
    return "";  // builds read the header itself, as without a cache
  }
  fs::rename(temp, dir, ec);
  if (ec) fs::remove_all(temp, ec);  // another process put it there first
  // Headers, flags or compilers that changed leave their old precompiled headers behind.
  prune_preludes(root_ + "/pch", dir, kept_preludes);
  return fs::is_regular_file(gch, ec) ? dir : "";
}

}  // namespace scanlab::grader
