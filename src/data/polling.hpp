// polling: how host threads wait for queued commands, polling before they sleep.
#pragma once

#include <chrono>
#include <thread>

namespace ample::detail {

/// How long a host thread waiting for a queued command (accelerator_view::wait(), host access
/// to a view or array a kernel holds) polls before it sleeps. Waking a sleeping thread cost
/// some 20 us on the H200 machine (docs/perf/2026-11-29-gpu-check.md), 1 % of a 2 ms kernel;
/// a longer wait sleeps, and a shorter one never pays for a wake.
inline constexpr std::chrono::microseconds waiter_polls_for{2000};

/// poll_until() is true once `done()` is, false if it is not within `limit`. Every 64 polls it
/// reads the clock and yields, so that a thread the poller keeps from a core (two cores, REF's
/// kernels on the CPU engine) runs.
template <class Done>
bool poll_until(std::chrono::microseconds limit, Done done) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  for (unsigned polls = 1;; ++polls) {
    if (done()) return true;
    if (polls % 64 != 0) {
      __builtin_ia32_pause();
    } else {
      if (std::chrono::steady_clock::now() >= deadline) return false;
      std::this_thread::yield();
    }
  }
}

}  // namespace ample::detail
