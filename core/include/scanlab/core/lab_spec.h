// A lab as every tool sees it: its numbers from labs/labs.json (through the lab registry,
// lab_registry.h), and for a check or a grading run the variant and the backend it runs.
#pragma once

#include <cstdint>
#include <string>

namespace scanlab::core {

enum class output_kind {
  inclusive,           // output[i] = input[0] + ... + input[i]
  inclusive_sections,  // the same, restarting at every section_size elements
  exclusive_sections,  // output[i] = sum of the elements of i's section before i
};
const char* output_kind_name(output_kind kind);
bool parse_output_kind(const std::string& text, output_kind& out);

struct lab_spec {
  int id = 0;
  std::string name;                  // "lab2-kogge-stone"
  output_kind output = output_kind::inclusive;
  unsigned section_size = 0;         // 0: the whole array is one scan
  unsigned block_size = 0;           // threads per block the lab's kernel uses
  unsigned items_per_thread = 1;
  std::uint64_t max_n = 0;           // largest n checked on a GPU
  std::uint64_t cpu_max_n = 0;       // largest n checked on the CPU backend
  double time_limit_s = 10;          // per call of scan() on a GPU
  std::string variant = "student";   // student | solution | advanced...
  std::string backend = "cpu";       // gpu | cpu | cpu-asan

  // The section length the checks are organised around: the lab's section, or 1024 (a typical
  // block's share) for whole-array labs, where sections only name where a mismatch lies.
  unsigned check_section() const { return section_size != 0 ? section_size : 1024; }
  // Elements one block of the lab's main kernel covers (lab 8: 8192).
  unsigned block_elements() const { return block_size * items_per_thread; }
  // Where the scan restarts (0 = never).
  unsigned scan_section() const { return output == output_kind::inclusive ? 0 : section_size; }
  bool is_cpu() const { return backend != "gpu"; }
  bool is_asan() const { return backend == "cpu-asan"; }
  std::uint64_t largest_n() const { return is_cpu() ? cpu_max_n : max_n; }
};

}  // namespace scanlab::core
