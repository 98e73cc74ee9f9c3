// The CPU backend's context switch on its own, against the Boost.Context this machine has.
// Compiled twice (tests/cpu_backend/CMakeLists.txt): with scanlab's own switch (x86-64 ELF) and
// with Boost's make_fcontext/jump_fcontext (SCANLAB_BOOST_FIBER_SWITCH, what every other target
// and the sanitizer builds use). A switch that disagrees with the frame its contexts were made
// with (Boost 1.74's layout against Boost 1.83's) lands nowhere near the fiber: this test then
// dies or exits early instead of passing.
#include <array>
#include <cstdint>

#include "fiber.h"
#include "scanlab_catch.hpp"

namespace {

using namespace scanlab::cpu::detail;

constexpr unsigned fibers = 64;
constexpr unsigned rounds = 200;

context_slot main_slot;
std::array<context_slot, fibers> slots;
std::array<std::uint64_t, fibers> sums{};
std::array<double, fibers> products{};
unsigned current = 0;

// Round robin: each fiber adds to its own sum and, to see that callee-saved registers and
// floating-point state survive, keeps a running product and a local it checks after each switch.
// A fiber that is done hands over for good: the next one, or the test after the last.
void entry(ctx::transfer_t incoming) {
  finish_switch(incoming, nullptr);
  const unsigned me = current;  // set by whoever switched here first
  const std::uint64_t mark = 0x9e3779b97f4a7c15ull * (me + 1);
  volatile std::uint64_t local = mark;
  double product = 1.0 + me;
  for (unsigned r = 0; r < rounds; ++r) {
    sums[me] += r * (me + 1);
    product *= 1.0009765625;  // exact in binary, so the result is predictable
    if (local != mark) sums[me] = ~std::uint64_t(0);
    if (r + 1 == rounds) break;
    current = (me + 1) % fibers;
    switch_context(slots[me], slots[current]);
  }
  products[me] = product;
  abandon_to(me + 1 == fibers ? main_slot : slots[me + 1]);
}

TEST_CASE("fiber switch: " SCANLAB_FIBER_SWITCH_NAME " runs 64 fibers round robin", "[cpu_backend][fibers]") {
  stack_region stacks(fibers, default_fiber_stack_bytes());
  for (unsigned i = 0; i < fibers; ++i) make_context(slots[i], stacks, i, &entry);
  current = 0;
  switch_context(main_slot, slots[0]);
  for (unsigned i = 0; i < fibers; ++i) {
    INFO("fiber " << i);
    CHECK(sums[i] == std::uint64_t(rounds) * (rounds - 1) / 2 * (i + 1));
    double expected = 1.0 + i;
    for (unsigned r = 0; r < rounds; ++r) expected *= 1.0009765625;
    CHECK(products[i] == expected);
    CHECK_FALSE(stacks.overflowed(i));
  }
}

}  // namespace
