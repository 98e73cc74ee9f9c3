#include "hints.h"

#include <cmath>

#include <fmt/format.h>

namespace scanlab::harness {

namespace {

// The "grid of 0 blocks" part of the invalid-launch hints: at n = 0 the launch must not happen at
// all; at n > 0 the number of blocks was computed rounding down.
std::string zero_grid_text(std::uint64_t n) {
  if (n == 0) return "a grid of 0 blocks (n = 0 must return before launching)";
  return fmt::format("a grid of 0 blocks (n = {} needs at least one: round the number of blocks up, "
                     "(n + per_block - 1) / per_block)",
                     n);
}

// The same words for the CPU backend's detector and the GPU's cudaErrorMisalignedAddress.
std::string misaligned_text() {
  return "a float4 (or float2) load or store must start at a multiple of 16 (8) bytes: take vectors only "
         "at indices that are multiples of 4 (2), from pointers that are (cudaMalloc's are; input + 1 or a "
         "workspace level at an odd offset is not), and handle the elements before and after element by "
         "element";
}

}  // namespace

std::string hint_for_detector(const std::string& kind, std::uint64_t n) {
  if (kind == "divergent barrier")
    return "every thread of a block must reach every __syncthreads(): no early return, and no barrier "
           "inside if (i < n) -- let out-of-range threads load 0 and keep going";
  if (kind == "hang")
    return "a block waits for something no running block will ever do: in a chained scan take the section "
           "number from an atomicAdd ticket, not blockIdx.x (blocks may run in any order), and reset the "
           "ticket counter and flags in the workspace at every call";
  if (kind == "deadlock")
    return "no thread of the block can move on: a thread waits (barrier, warp collective or flag) for "
           "threads that wait for something else";
  if (kind == "warp collective misuse")
    return "a __shfl_*_sync / __ballot_sync mask names lanes that never reach the same call: call it with "
           "every lane of the mask, outside divergent branches";
  if (kind == "shared memory out of bounds")
    return "an index into a __shared__ array is outside it: check t - stride >= 0 and the array's size "
           "(SECTION_SIZE, plus padding if you pad)";
  if (kind == "global memory out of bounds")
    return "a read or write outside input, output or the workspace: guard global accesses with i < n "
           "(and keep the workspace within scan_workspace_bytes(n))";
  if (kind == "host pointer passed to a kernel")
    return "a kernel got a host pointer: pass the device pointers scan() received, or memory from cudaMalloc";
  if (kind == "invalid launch configuration")
    return "the launch itself is invalid: " + zero_grid_text(n) +
           ", or a block larger than 1024 threads or the shared memory available";
  if (kind == "misaligned address") return misaligned_text();
  if (kind == "kernel trap")
    return "the kernel crashed or called __trap(): see the report above for the line";
  return "see the detector's report above";
}

std::string hint_for_cuda_error(const std::string& error_name, std::uint64_t n) {
  if (error_name == "cudaErrorInvalidConfiguration")
    return "invalid launch configuration: " + zero_grid_text(n) + ", or too many threads per block";
  if (error_name == "cudaErrorIllegalAddress")
    return "a kernel accessed memory outside its buffers: check every index against n (run on the CPU "
           "backend, or under compute-sanitizer, for the line)";
  if (error_name == "cudaErrorMisalignedAddress") return misaligned_text();
  if (error_name == "cudaErrorLaunchTimeout")
    return "the kernel did not finish: a wait that never ends (see the hang hint of the CPU backend)";
  if (error_name == "cudaErrorLaunchOutOfResources")
    return "the block needs more registers or shared memory than a multiprocessor has: fewer threads per "
           "block or less shared memory";
  return "a CUDA call failed: check the arguments of your launches and copies";
}

std::string hint_for_guard(const std::string& buffer, bool before) {
  if (before)
    return fmt::format("something wrote just before the start of {}: a negative index (t - stride without "
                       "t >= stride, or i - 1 at i = 0)",
                       buffer);
  if (buffer == "input")
    return "something wrote past the end of input: the kernel must not write to input at all";
  if (buffer == "workspace")
    return "something wrote past the end of the workspace: make scan_workspace_bytes(n) cover everything "
           "scan() stores there";
  return fmt::format("something wrote past the end of {}: guard every store with i < n (the last section is "
                     "usually partial)",
                     buffer);
}

std::string hint_for_output(const core::output_check& c, const core::lab_spec& spec) {
  const unsigned S = spec.check_section();
  const bool exclusive = spec.output == core::output_kind::exclusive_sections;
  const std::string section_word = spec.section_size != 0 ? "section" : "1024-element piece";
  if (c.all_never_written()) {
    if (c.n == 1)  // the one element is also the last: a store guard one short looks just like no launch
      return "scan() did not write output[0], the only element: is the kernel launched, and is its store "
             "guarded with i < n? A guard one short (i < n - 1, i + 1 < n) skips the last element, and at "
             "n = 1 that is all of them";
    return "scan() did not write the output at all: is the kernel launched, with enough blocks, and does "
           "it store to output[i]?";
  }
  if (c.shared_poison > 0)
    return "NaN read from shared memory that no thread wrote (the CPU backend fills shared memory with a NaN "
           "pattern): a barrier is missing, or a thread reads a slot nobody loaded";
  if (c.workspace_fill > 0)
    return "NaN with the workspace's fill pattern: the kernel reads workspace memory it never wrote (the "
           "workspace arrives dirty, filled with 0xff bytes, not zeros)";
  if (c.nan > 0)
    return "NaN in the output: a read of memory no thread wrote (shared memory before the barrier that "
           "publishes it, or the uninitialised workspace)";
  // Only the last element is wrong: the mark of a bounds check one short (i < n - 1), on its store
  // (never written) or on its load (the element lacks exactly its own input). A last element that
  // is also the first of its block or section can be wrong for other reasons (a block never
  // launched, a missing carry-in), so those keep their own hints unless the pattern is that exact.
  const bool only_last_wrong = c.wrong == 1 && c.first_found && c.first + 1 == c.n;
  const bool lacks_own_input =
      only_last_wrong && !exclusive && !c.first_mismatches.empty() && std::isfinite(c.got) &&
      std::fabs(static_cast<double>(c.got) + c.first_mismatches.front().input - c.expected) <= c.tolerance;
  if (c.never_written > 0 && c.never_written == c.wrong) {
    if (only_last_wrong && c.first % spec.block_elements() != 0)
      return fmt::format("only the last element, output[{}], was never written: the store's guard is one short "
                         "(i < n - 1 or i + 1 < n instead of i < n)",
                         c.first);
    if (only_last_wrong)
      return fmt::format("only the last element, output[{}], was never written, and it is the first of its block: "
                         "is that block launched (round the number of blocks up), and is the store guarded with "
                         "i < n (not i < n - 1)?",
                         c.first);
    if (c.wrong_in_full_sections == 0)
      return "the elements of the partial last section were never written: launch enough blocks "
             "(round n / SECTION_SIZE up) and store every i < n";
    return "some elements were never written: are there enough blocks (n / per-block rounded up), and does "
           "every thread store all of its elements?";
  }
  // The specific patterns first: every case with n < S is "partial", so the bounds-check hint
  // below would otherwise claim bugs that have nothing to do with the tail. The exception: the last
  // element alone is wrong, by exactly its own input (n = 1 included, where it is also the first).
  if (lacks_own_input) {
    if (c.n == 1)
      return "the only element, output[0], is wrong: it must be input[0], and it lacks exactly that. At n = 1 "
             "the first element is also the last: check the bounds on its load (i < n, not i < n - 1 or "
             "i + 1 < n)";
    return fmt::format("only the last element, output[{}], is wrong, and by exactly its own input: the bounds "
                       "check on the load is one short (i < n, not i < n - 1 or i + 1 < n)",
                       c.first);
  }
  if (c.first == 0)
    return exclusive ? "the very first element is wrong: an exclusive scan starts with 0"
                     : "the very first element is wrong: an inclusive scan starts with input[0]";
  if (c.first % S == 0) {
    if (exclusive)
      return fmt::format("the first element of a section is wrong: each section of an exclusive scan starts "
                         "with 0 (shift the input by one within the section)");
    if (spec.output == core::output_kind::inclusive_sections)
      return "the first element of a section is wrong: each section restarts its sum at input[section start] "
             "(no carry from the previous section, and index with blockIdx.x * SECTION_SIZE)";
    return fmt::format("everything before element {} is right, and from the start of a {} on it is off: "
                       "the carry-in of the earlier sections' total is missing or wrong",
                       c.first, section_word);
  }
  const unsigned items = spec.items_per_thread;
  if (items >= 4 && c.first % items == 0 && c.errors_change_within_chunks == 0) {
    // A coarsened scan (each thread scans its own run of `items` consecutive elements, then adds
    // the total of the threads before it): the first chunk is right, and from the first item of a
    // later thread's chunk on, every element of a chunk is off by the same amount.
    const unsigned per_block = spec.block_elements();
    const std::size_t in_block = c.first % per_block;
    return fmt::format("the block's first {} elements are right, and from element {} of the block's {} -- the "
                       "first item of thread {} -- each thread's {} items are all off by the same amount: the "
                       "per-thread carry is missing (phase 3: add the scanned total of the threads before it to "
                       "each of a thread's items)",
                       in_block, in_block, per_block, in_block / items, items);
  }
  if (c.wrong_in_full_sections == 0 && c.n % S != 0)
    return "only the partial last section is wrong: the bounds checks (i < n on loads -- load 0 beyond n -- "
           "and on stores) or the size of the last block";
  if (c.wrong_at_section_start == 0 && c.wrong > 0)
    return "the first element of every section is right and later ones are wrong: the scan steps inside a "
           "section (strides, barriers between reading and writing, or the down-sweep)";
  return "the output is wrong: compare the first mismatch with what your kernel does at that index";
}

std::string hint_for_race(std::size_t index, const core::lab_spec& spec) {
  return fmt::format("the output depends on the order threads run in: a race (element {}, section {}). A "
                     "thread reads shared memory that another thread writes in the same step: put a "
                     "__syncthreads() between the reads and the writes (or double-buffer)",
                     index, index / spec.check_section());
}

std::string hint_for_block_order(std::size_t index, const core::lab_spec& spec) {
  return fmt::format("the output depends on the order blocks run in, with threads always in the same order "
                     "(element {}, section {}): a block uses another block's result without waiting until it is "
                     "complete -- a flag set before the value it guards, a tile order taken from blockIdx.x instead "
                     "of a ticket, a value read before its writer published it, or (single pass) predecessors' "
                     "words combined wrongly: a look-back adds aggregates up to the nearest inclusive prefix and "
                     "nothing beyond it",
                     index, index / spec.check_section());
}

std::string hint_for_second_call(const std::string& what) {
  return fmt::format("the first call was right and the second, on the same workspace, {}: scan() keeps state "
                     "between calls (reset counters and flags in the workspace at every call; it arrives dirty)",
                     what);
}

std::string hint_for_changing_result() {
  return "the first call was right and the second, on the same input and with no workspace, was not: the result "
         "changes from run to run -- a race, or a read of memory no thread wrote (shared memory keeps what an "
         "earlier block left)";
}

std::string hint_for_crash(int call, bool has_workspace) {
  if (call == 2)
    return hint_for_second_call("crashed");
  if (call == 1 && has_workspace)
    return "the process crashed in the first call, right after the harness filled the workspace with 0xff bytes: "
           "a scan that relies on a zeroed workspace (a ticket counter or flags taken as 0) indexes with garbage "
           "-- reset the ticket counter and flags in the workspace at every call (cudaMemsetAsync at the start of "
           "scan()); otherwise an index out of bounds (BACKEND=cpu-asan shows the line)";
  if (call == 0)
    return "the process crashed outside scan(), while the harness checked the buffers: a kernel may have "
           "damaged memory outside its buffers";
  return "the process crashed inside scan(): an index out of bounds, or a host pointer used in a kernel "
         "(BACKEND=cpu-asan shows the line)";
}

std::string hint_for_host_access() {
  return "host code cannot read or write memory from cudaMalloc (on a GPU it is a segmentation fault): copy "
         "what you want to look at to the host with cudaMemcpy(..., cudaMemcpyDeviceToHost), and write the output "
         "from a kernel";
}

}  // namespace scanlab::harness
