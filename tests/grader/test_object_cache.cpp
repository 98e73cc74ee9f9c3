// Unit tests of the grader's throughput pieces: the object cache (grader/src/build/object_cache.h) never
// serves an object for inputs other than its own, builds each key once, stores only successes;
// the GPU lock (grader/src/run/gpu_lock.h) keeps a timing alone while shared runs overlap.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "run/gpu_lock.h"
#include "command/grader_config.h"
#include "build/object_cache.h"
#include "scanlab_catch.hpp"

using namespace scanlab::grader;
namespace fs = std::filesystem;

namespace {

std::string fresh_folder(const std::string& what) {
  std::random_device rd;
  const fs::path p = fs::temp_directory_path() / ("scanlab-test-" + what + "-" + std::to_string(::getpid()) + "-" +
                                                 std::to_string(rd()));
  fs::remove_all(p);
  fs::create_directories(p);
  return p.string();
}

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const std::string& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// A toolchain made of files in `dir`, so the test can change one of them.
grader_config toolchain(const std::string& dir) {
  grader_config c;
  fs::create_directories(dir + "/include/scanlab/cpu");
  if (!fs::exists(dir + "/cxx")) write(dir + "/cxx", "compiler 1");
  if (!fs::exists(dir + "/rewriter")) write(dir + "/rewriter", "rewriter 1");
  if (!fs::exists(dir + "/include/scanlab/cpu/prelude.h")) write(dir + "/include/scanlab/cpu/prelude.h", "// 1\n");
  c.cxx = dir + "/cxx";
  c.rewriter = dir + "/rewriter";
  c.cpu_include = dir + "/include";
  c.common_include = dir + "/include";
  return c;
}

}  // namespace

TEST_CASE("grader object cache: any change to an input is another key") {
  const std::string dir = fresh_folder("cache-key");
  object_cache cache(dir + "/cache");
  grader_config c = toolchain(dir + "/tools");
  std::mt19937 rng(std::random_device{}());
  std::string source(200 + rng() % 100, 'x');
  for (char& ch : source) ch = static_cast<char>('a' + rng() % 26);
  const std::vector<std::string> parts = {"cpu", "lab3-double-buffer", source, "lab.h bytes", "-O2"};
  const std::string k = cache.key(c, parts);
  CHECK(k.size() == 64);
  CHECK(cache.key(c, parts) == k);  // stable
  for (std::size_t i = 0; i < parts.size(); ++i) {
    std::vector<std::string> changed = parts;
    changed[i][rng() % changed[i].size()] ^= 1;  // one bit of one input
    CHECK(cache.key(c, changed) != k);
  }
  // Moving bytes from one field to the next is another key too.
  std::vector<std::string> shifted = parts;
  shifted[3] = "lab.h byte";
  shifted[4] = "s-O2";
  CHECK(cache.key(c, shifted) != k);
  // The toolchain: compiler, rewriter, the backend's headers (each a fresh cache: identities are
  // computed once per process and toolchain paths, as within one grading run).
  write(c.cxx, "compiler 2");
  CHECK(object_cache(dir + "/cache").key(c, parts) != k);
  fs::remove_all(dir);
}

TEST_CASE("grader object cache: builds each key once, fetches the very bytes, stores only successes") {
  const std::string dir = fresh_folder("cache-build");
  object_cache cache(dir + "/cache");
  REQUIRE(cache.enabled());
  const grader_config c = toolchain(dir + "/tools");
  const std::string bytes = "object " + std::to_string(std::random_device{}());
  const std::string key = cache.key(c, {"a"});
  int builds = 0;
  auto build_into = [&](const std::string& path, bool ok) {
    return [&, path, ok] {
      ++builds;
      write(path, bytes);
      return ok;
    };
  };
  bool hit = true;
  CHECK(cache.build_or_fetch(key, dir + "/one.so", build_into(dir + "/one.so", true), &hit));
  CHECK_FALSE(hit);
  CHECK(builds == 1);
  write(dir + "/one.so", "changed afterwards in the work folder");  // the cache holds its own copy
  CHECK(cache.build_or_fetch(key, dir + "/two.so", build_into(dir + "/two.so", true), &hit));
  CHECK(hit);
  CHECK(builds == 1);
  CHECK(read(dir + "/two.so") == bytes);
  // A failed build is not stored: the next one compiles again.
  const std::string bad = cache.key(c, {"b"});
  CHECK_FALSE(cache.build_or_fetch(bad, dir + "/three.so", build_into(dir + "/three.so", false), &hit));
  CHECK_FALSE(cache.build_or_fetch(bad, dir + "/three.so", build_into(dir + "/three.so", false), &hit));
  CHECK(builds == 3);
  // Off: every call builds.
  object_cache off("");
  CHECK_FALSE(off.enabled());
  CHECK(off.build_or_fetch(key, dir + "/four.so", build_into(dir + "/four.so", true), &hit));
  CHECK_FALSE(hit);
  CHECK(builds == 4);
  fs::remove_all(dir);
}

TEST_CASE("grader object cache: stays within its size, dropping what was used least recently") {
  const std::string dir = fresh_folder("cache-prune");
  object_cache cache(dir + "/cache");
  const grader_config c = toolchain(dir + "/tools");
  const std::string object(120 << 10, 'o');
  std::vector<std::string> keys;
  for (int k = 0; k < 10; ++k) {
    keys.push_back(cache.key(c, {"file " + std::to_string(k)}));
    REQUIRE(cache.build_or_fetch(keys.back(), dir + "/built.so", [&] {
      write(dir + "/built.so", object);
      return true;
    }));
    cache.keep_note(keys.back(), "symbols", "kogge_stone_kernel");
  }
  // Ages: key 0 oldest ... key 9 newest; then key 1 is used again (a hit makes it the newest).
  const auto now = fs::file_time_type::clock::now();
  for (int k = 0; k < 10; ++k)
    for (const auto& e : fs::recursive_directory_iterator(dir + "/cache/objects"))
      if (e.is_regular_file() && e.path().filename().string().rfind(keys[k], 0) == 0)
        fs::last_write_time(e.path(), now - std::chrono::minutes(100 - k));
  bool hit = false;
  REQUIRE(cache.build_or_fetch(keys[1], dir + "/again.so", [] { return false; }, &hit));
  REQUIRE(hit);
  // Ten entries of 120 KB over a budget of 1 MB: down to three quarters, the six used last stay.
  cache.prune(1 << 20, object_cache::kept_preludes);
  const auto has = [&](int k) { return !cache.note(keys[k], "symbols").empty(); };
  CHECK(has(1));
  CHECK_FALSE(has(0));
  CHECK_FALSE(has(2));
  CHECK_FALSE(has(3));
  CHECK_FALSE(has(4));
  for (int k = 5; k < 10; ++k) CHECK(has(k));
  std::uintmax_t bytes = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir + "/cache/objects"))
    if (e.is_regular_file()) bytes += e.file_size();
  CHECK(bytes <= (3u << 20) / 4);
  // A fetch after pruning builds again: nothing half-removed is served.
  int builds = 0;
  CHECK(cache.build_or_fetch(keys[0], dir + "/rebuilt.so", [&] {
    ++builds;
    write(dir + "/rebuilt.so", object);
    return true;
  }));
  CHECK(builds == 1);

  // Precompiled preludes: the eight most recently used folders stay, whatever their number.
  for (int k = 0; k < 12; ++k) {
    const std::string folder = dir + "/cache/pch/prelude-" + std::to_string(k);
    fs::create_directories(folder + "/scanlab/cpu");
    write(folder + "/scanlab/cpu/prelude.h.gch", "precompiled");
    fs::last_write_time(folder, now - std::chrono::minutes(100 - k));
  }
  cache.prune(1 << 30, 8);
  for (int k = 0; k < 12; ++k) CHECK(fs::exists(dir + "/cache/pch/prelude-" + std::to_string(k)) == (k >= 4));
  fs::remove_all(dir);
}

TEST_CASE("grader GPU lock: a timing never overlaps another GPU run, shared runs overlap") {
  const std::string dir = fresh_folder("gpu-lock");
  ::setenv("SCANLAB_GPU_LOCK_DIR", dir.c_str(), 1);
  std::atomic<int> shared_inside{0}, exclusive_inside{0}, most_shared{0};
  std::atomic<bool> overlap{false};
  auto shared_run = [&] {
    for (int k = 0; k < 20; ++k) {
      const gpu_lock lock(gpu_lock::mode::shared);
      const int now = ++shared_inside;
      if (exclusive_inside > 0) overlap = true;
      if (now > most_shared) most_shared = now;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      --shared_inside;
    }
  };
  auto timing_run = [&] {
    for (int k = 0; k < 5; ++k) {
      const gpu_lock lock(gpu_lock::mode::exclusive);
      if (++exclusive_inside > 1 || shared_inside > 0) overlap = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(3));
      if (shared_inside > 0) overlap = true;
      --exclusive_inside;
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back(shared_run);
  for (int t = 0; t < 2; ++t) threads.emplace_back(timing_run);
  for (auto& t : threads) t.join();
  CHECK_FALSE(overlap);
  CHECK(most_shared > 1);  // correctness runs do overlap
  CHECK(fs::exists(gpu_lock::path()));
  ::unsetenv("SCANLAB_GPU_LOCK_DIR");
  fs::remove_all(dir);
}
