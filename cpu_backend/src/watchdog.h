// Ends launches that stop making progress (a thread spinning on a flag no running block will ever
// set, an endless loop) and reports crashes with the launch they happened in.
#pragma once

#include "launch_state.h"

namespace scanlab::cpu::detail {

void watchdog_launch_started(launch_state& state);
void watchdog_launch_finished();

}  // namespace scanlab::cpu::detail
