// Whether a test executable may run its cases here (tests/support/test_gate.cpp).
#pragma once

namespace scanlab {

// 0 to run the tests; otherwise the exit status main() returns without running them (77: CTest's
// "skipped").
int test_gate(int argc, char* argv[]);

}  // namespace scanlab
