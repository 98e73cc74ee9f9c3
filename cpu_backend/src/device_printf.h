// Device printf, held per block and written in a GPU's warp order (device_printf.cpp).
#pragma once

namespace scanlab::cpu::detail {
// Writes the lines the block that ran on this OS thread printed (at the block's end, finished or not).
void flush_device_printf();
}  // namespace scanlab::cpu::detail
