// Cache-hinted loads and stores (__ldg, __ldcg, __stcs, ...): the hints steer the GPU's caches;
// on the CPU each is a plain access of the same type (and alignment, so a misaligned float4 still
// faults under the sanitizers).
#pragma once

namespace scanlab::cpu::detail {
template <class T>
T cache_hinted_load(const T* address) { return *address; }
template <class T>
void cache_hinted_store(T* address, T value) { *address = value; }
}  // namespace scanlab::cpu::detail
