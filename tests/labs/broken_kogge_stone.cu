// Copies of lab 2's reference solution, each with one deliberate bug (see broken_kogge_stone.h).
#include "broken_kogge_stone.h"

#include "lab.h"  // labs/lab2-kogge-stone: SECTION_SIZE, BLOCK_SIZE

namespace {

enum class bug {
    none, missing_barrier, no_store, unguarded_store, early_return, in_place, in_place_unguarded_store, skips_first_step
};

constexpr bool in_place_step(bug b) { return b == bug::in_place || b == bug::in_place_unguarded_store; }
constexpr bool unguarded(bug b) { return b == bug::unguarded_store || b == bug::in_place_unguarded_store; }

template <bug B>
__global__ void kogge_stone_kernel(const float* input, float* output, unsigned n) {
    __shared__ float XY[SECTION_SIZE];
    const unsigned t = threadIdx.x;
    const std::size_t i = std::size_t(blockIdx.x) * SECTION_SIZE + t;
    if (B == bug::early_return && i >= n) return;
    XY[t] = (i < n) ? input[i] : 0.0f;
    for (unsigned stride = B == bug::skips_first_step ? 2 : 1; stride < SECTION_SIZE; stride *= 2) {
        __syncthreads();
        if (in_place_step(B)) {  // the race every class writes: one barrier, read and write in one step
            if (t >= stride) XY[t] += XY[t - stride];
            continue;
        }
        float temp = 0.0f;
        if (t >= stride) temp = XY[t] + XY[t - stride];
        if (B != bug::missing_barrier) __syncthreads();
        if (t >= stride) XY[t] = temp;
    }
    if (B == bug::no_store) return;
    if (unguarded(B) || i < n) output[i] = XY[t];
}

template <bug B>
void launch(const float* input, float* output, unsigned n) {
    if (n == 0) return;
    const unsigned sections = n / SECTION_SIZE + (n % SECTION_SIZE != 0);
    kogge_stone_kernel<B><<<sections, BLOCK_SIZE>>>(input, output, n);
}

}  // namespace

#define SCANLAB_LAB2_DEFINE(ns, B)                                                           \
  namespace ns {                                                                             \
  std::size_t scan_workspace_bytes(unsigned) { return 0; }                                   \
  void scan(const float* input, float* output, unsigned n, void*) { launch<B>(input, output, n); } \
  }

SCANLAB_LAB2_DEFINE(correct, bug::none)
SCANLAB_LAB2_DEFINE(missing_barrier, bug::missing_barrier)
SCANLAB_LAB2_DEFINE(stub, bug::no_store)
SCANLAB_LAB2_DEFINE(unguarded_store, bug::unguarded_store)
SCANLAB_LAB2_DEFINE(early_return, bug::early_return)
SCANLAB_LAB2_DEFINE(in_place, bug::in_place)
SCANLAB_LAB2_DEFINE(in_place_unguarded_store, bug::in_place_unguarded_store)
SCANLAB_LAB2_DEFINE(skips_first_step, bug::skips_first_step)
