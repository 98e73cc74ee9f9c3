// Test files include this instead of a version-specific Catch2 header: Catch2 v2.13 (Debian 12)
// ships one header, v3 (Ubuntu 24.04, the GPU machine) split ones, and renamed the substring
// matcher. Use `scanlab_test::contains_text(...)` with CHECK_THAT.
#pragma once
#include <string>

#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
namespace scanlab_test {
inline auto contains_text(const std::string& s) { return Catch::Matchers::ContainsSubstring(s); }
}  // namespace scanlab_test
#else
#include <catch2/catch.hpp>
namespace scanlab_test {
inline auto contains_text(const std::string& s) { return Catch::Matchers::Contains(s); }
}  // namespace scanlab_test
#endif
