// The toolkit's CUB as the baseline "cub-toolkit", beside the "cub" of the CCCL that
// -DSCANLAB_BENCH_CCCL_INCLUDE names (built only then): both in one run, so their ratio is fair.
#include "bench_gpu.h"
#include "cub_baseline.cuh"

namespace scanlab::bench {

void add_toolkit_cub(std::vector<implementation>& out) {
  out.push_back({"cub-toolkit", "baseline", 0, output_kind::inclusive, 0, max_elements, &cub_workspace, &cub_scan});
}

std::string toolkit_cub_version() { return cub_version_text(); }

}  // namespace scanlab::bench
