// Framework-facing controls of the CPU backend: schedules, detector reports, statistics.
// Lab code never includes this; harnesses and tests do (through scanlab/backend.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace scanlab::cpu {

// Order in which the runnable CUDA threads of a block run between two barriers, and in which
// blocks of a grid are dispatched. Running the same work under several orders and comparing the
// outputs exposes races that one fixed order (or a GPU) hides.
enum class order { forward, reverse, random };

struct schedule {
  order threads = order::forward;
  order blocks = order::forward;
  std::uint64_t seed = 1;  // for the random orders
};

void set_schedule(const schedule& s);
schedule current_schedule();
const char* order_name(order o);
bool parse_order(const std::string& text, order& out);

enum class problem {
  none,
  divergent_barrier,   // threads of a block at different barriers, or some exited while others wait
  warp_divergence,     // a warp collective whose named lanes cannot all arrive
  deadlock,            // no thread of a block can make progress
  hang,                // the watchdog ended a launch that made no progress
  shared_out_of_bounds,
  global_out_of_bounds,
  host_pointer,        // a kernel argument that points to host memory
  launch_config,       // invalid grid, block or shared-memory size
  trap,                // __trap() or a fault inside a kernel
  misaligned_address,  // a load or store not at a multiple of its size (a GPU faults on it)
};
const char* problem_name(problem p);

struct report {
  problem kind = problem::none;
  std::string message;  // multi-line, human readable, names the file:line where known
};

// The first problem found since the last call (detectors keep the first: later ones are often
// consequences). Resets the record.
report take_report();

// Blocks of one launch that may be resident at once while some wait for others (spin waits, see
// cpu_backend/README.md): 0, the default, as many as the modelled GPU would hold for the launch;
// 1 runs blocks strictly one at a time, so that any wait for a block that has not started is a
// deadlock (the labs' harness: a scan must not rely on blocks running together). A cooperative
// launch always gets the GPU's number. SCANLAB_RESIDENT_BLOCKS sets it for a program.
void set_resident_blocks(unsigned blocks);
unsigned resident_blocks();
// Many blocks in flight: at every __syncthreads a block lets the next resident block run, so that
// up to resident_blocks() (or the GPU's number) blocks progress together, as on a GPU, instead of
// one after the other. SCANLAB_INTERLEAVE_BLOCKS=1 sets it for a program.
void set_interleave_blocks(bool on);
bool interleave_blocks();

// Seconds without any scheduling progress after which a launch is ended as a hang.
void set_watchdog_seconds(double seconds);
double watchdog_seconds();

// Print detector reports to stderr as they happen (default on; tests that expect them turn it off).
void set_print_reports(bool on);

// Access checks: in programs whose kernels were compiled with scanlab's access instrumentation
// (the `cpu` flavour, with GCC), each thread's shared- and global-memory reads and writes are
// recorded per barrier interval, and a race or a read of never-written shared memory is reported
// by variable, element, the two lines, the two threads and the barriers around them.
// small_launches (the default; SCANLAB_ACCESS_CHECKS=off|on|small) checks launches of at most
// 8192 threads.
enum class access_checks { off, small_launches, on };
void set_access_checks(access_checks mode);
access_checks current_access_checks();
// True once an instrumented kernel file is part of the program.
bool access_checks_available();
struct access_finding {
  std::string summary;  // one line
  std::string report;   // the whole report, several lines
};
// What the checks found since the last call (at most 3 per launch).
std::vector<access_finding> take_access_findings();
// The access trace (what `scanlab trace` draws): while on, every launch is checked and the reads
// and writes of its first blocks are recorded, by thread and barrier interval, with each shared
// variable's contents at the end of each interval. False where the kernels are not instrumented.
bool set_access_trace(bool on);
// The trace since the last call, as JSON (cpu_backend/src/access_trace.cpp writes it).
std::string take_access_trace_json();

// Device memory and host code. Memory from cudaMalloc is out of host code's reach, as on a GPU: a
// host read or write of it ends the process with a report naming the line (outside kernels its
// pages are inaccessible). The runtime API (copies, fills, kernels) reaches it, and so may trusted
// code, through host_view.
//
// The address through which trusted host code (a harness, a test) may read and write the device
// memory at `device` (the pointer itself for any other memory).
void* host_view(const void* device);
template <class T>
T* host_view(T* device) {
  return static_cast<T*>(host_view(static_cast<const void*>(device)));
}
// Which device memory holds what the host put there (a cudaMemcpy from host memory, a cudaMemset)
// rather than what a kernel wrote. Kernel writes are seen a page at a time: a kernel that writes
// a word of a page is taken to have written the whole page.
// Forgets the writers of [device, device + bytes) (a harness, after poisoning the output).
void forget_writers(const void* device, std::size_t bytes);
struct host_written {
  std::size_t bytes = 0;       // bytes of the range that still hold what the host wrote
  bool whole_page = false;     // true when on some page every byte of the range is such a byte
  std::size_t first_byte = 0;  // the first byte of the first such page, from the range's start
};
host_written find_host_written(const void* device, std::size_t bytes);
// For a program's own SIGSEGV handler installed in front of the backend's: true when the fault at
// `address` was the backend's bookkeeping (a kernel's first write to a page the host wrote), now
// resolved: the handler must return at once and the access runs again.
bool resolve_device_memory_fault(const void* address);
// True when a fault at `address` is host code touching device memory (the backend's handler then
// names the line): for such a handler's own words about the crash.
bool host_touched_device_memory(const void* address);

struct statistics {
  std::uint64_t fiber_switches = 0;
  std::uint64_t blocks_run = 0;
  std::uint64_t launches = 0;
};
statistics stats();

}  // namespace scanlab::cpu
