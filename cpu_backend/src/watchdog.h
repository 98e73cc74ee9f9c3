// Ends launches that stop making progress (a thread spinning on a flag no running block will ever
// set, an endless loop) and reports crashes with the launch they happened in.
#pragma once

#include <string>

#include "launch_state.h"

namespace scanlab::cpu::detail {

void watchdog_launch_started(launch_state& state);
void watchdog_launch_finished();
// Blocks resident together (resident_blocks.cpp) run on several OS threads, one at a time: the one
// whose turn it is says so, so that a hang ends its fiber.
void watchdog_running_here();
// A hang the watchdog found while this OS thread waited for its turn: true once, with the report.
bool take_pending_hang(std::string& message);
// True while this OS thread waits for its turn (resident_blocks.cpp).
bool waiting_for_turn_here();

}  // namespace scanlab::cpu::detail
