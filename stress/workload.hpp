// One host thread's share of an ample_stress run.
#pragma once

#include <chrono>

#include "common.hpp"

namespace ample_stress {

/// run_host_thread() performs random operations as host thread `id` until `end` or until the
/// run stops, then verifies every buffer it still holds against its model. Its operations are
/// a function of the run's seed and `id` alone, so a seed replays every thread's sequence
/// (though not how the threads interleave).
void run_host_thread(run_state& run, int id, std::chrono::steady_clock::time_point end);

}  // namespace ample_stress
