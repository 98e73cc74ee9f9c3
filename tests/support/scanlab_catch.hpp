// Test files include this instead of a version-specific Catch2 header: Catch2 v2.13 (Debian 12)
// ships one header, v3 (Ubuntu 24.04, the GPU machine) split ones.
#pragma once
#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#else
#include <catch2/catch.hpp>
#endif
