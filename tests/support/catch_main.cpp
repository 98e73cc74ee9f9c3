// main() for scanlab's Catch2 executables, for Catch2 v2 (single header) and v3 alike, compiled
// once for every backend: with Catch2 v2 this file carries the whole of Catch2's implementation
// (half a minute of compiling), so what differs by backend lives in test_gate.cpp instead.
#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
// Catch2 wraps messages at this width: wide enough that a lab test's replay command stays on one
// line. (Catch2 v3 fixes the width when the library is built.)
#define CATCH_CONFIG_CONSOLE_WIDTH 200
#include <catch2/catch.hpp>
#endif

#include "test_gate.h"

int main(int argc, char* argv[]) {
  if (const int status = scanlab::test_gate(argc, argv); status != 0) return status;
  return Catch::Session().run(argc, argv);
}
