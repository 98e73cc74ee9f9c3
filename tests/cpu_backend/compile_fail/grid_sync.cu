// Grid-wide synchronisation through cooperative groups: valid CUDA (with a cooperative launch),
// rejected by the CPU backend with a message that names it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_phases(int* data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] = 1;
  grid.sync();
  data[0] += 1;
}

int main() { return 0; }
