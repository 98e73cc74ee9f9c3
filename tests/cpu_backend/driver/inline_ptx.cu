// Inline PTX cannot run on the CPU: the rewriter must stop at this line and say so.
__global__ void lane_id(unsigned* out) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));  // INLINE_PTX
  out[threadIdx.x] = lane;
}

int main() { return 0; }
