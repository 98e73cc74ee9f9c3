// Thread block clusters (sm_90): valid CUDA, rejected by the CPU backend with a message that names
// them.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) pairs(int* data) {
  auto cluster = cg::this_cluster();
  data[blockIdx.x] = static_cast<int>(cluster.block_rank());
}

int main() { return 0; }
