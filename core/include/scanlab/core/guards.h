// The bit patterns a scan's buffers carry before scan() runs, shared by the lab harness (which
// fills device buffers with them), the grader's runner (the same, in a child process) and every
// checker of an output (verify.h, the grader's judge), so that "never written" means one thing.
#pragma once

#include <cstddef>
#include <cstdint>

namespace scanlab::core {

// The output before scan(): a signalling NaN that no arithmetic produces, so an element still
// holding it was never written.
constexpr std::uint32_t output_poison_bits = 0x7fbadbadu;
// What the CPU backend leaves in shared memory nobody wrote (cpu_backend/src/shared_arena.cpp's
// poison word): an output element holding it copied shared memory before any thread wrote it.
constexpr std::uint32_t cpu_shared_poison_bits = 0x7fc0deadu;
// A workspace arrives dirty, every byte this (never zero, so code that expects zeroed counters
// or flags fails at once); a float read from it is a NaN with these bits.
constexpr unsigned char workspace_fill_byte = 0xff;
constexpr std::uint32_t workspace_fill_bits = 0xffffffffu;
// The guard zone before and after each buffer (output, input, workspace): a write just outside
// a buffer lands in one. 4096 bytes keep the payload 256-byte aligned.
constexpr std::size_t guard_bytes = 4096;

}  // namespace scanlab::core
