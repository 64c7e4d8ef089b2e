// thread_pool: persistent workers that run the chunks of one job at a time.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "ample/backend/cpu/engine.hpp"
#include "ample/detail/kernel_context.hpp"

namespace ample::detail::cpu {

/// thread_pool runs jobs on `threads - 1` persistent workers plus the calling thread.
///
/// Protocol (one job at a time; callers serialise on engine.cpp's launch mutex):
///   - run() publishes the job, opens it, then bumps `epoch_`; workers spinning on `epoch_`
///     see it within ~100 ns. A waiting worker spins on `pause` for a few hundred
///     microseconds, then polls `epoch_` between yields of its core until `stay_awake` has
///     passed (AMPLE_BLOCKTIME, as OpenMP's KMP_BLOCKTIME) or other threads keep taking the
///     core, and only then sleeps in a futex wait on `epoch_`; it is woken only when
///     `sleepers_` says someone sleeps, so launches less than `stay_awake` apart on an
///     otherwise idle machine pay neither a system call nor a sleeping CPU's wake-up.
///   - A worker joins the job by incrementing `joined_` and then checking that it is still
///     `open_`; if it is not, it leaves at once without touching the job.
///   - Everyone in the job claims chunks with one fetch_add on `next_`.
///   - When the caller finds no chunk left it closes the job and waits only for the workers
///     that joined it. A worker that has not joined yet (asleep, or not scheduled: on a
///     virtual machine a woken vCPU can take hundreds of microseconds, and a new worker may
///     share the caller's core until the scheduler moves it) cannot delay the launch; it
///     finds the job closed. Joining (an increment of `joined_`, then a load of `open_`) and
///     closing (a store to `open_`, then a load of `joined_`) are seq_cst: either the caller
///     sees the worker in `joined_`, or the worker sees the job closed. So no worker still
///     reads the job when run() returns.
///   - A new worker starts on another CPU than the thread that made the pool, and sleeps
///     pinned to that CPU, so that it wakes there rather than queued behind the launcher
///     (worker_placement.hpp).
class thread_pool {
 public:
  /// `stay_awake`: how long an idle worker keeps polling for the next job before it sleeps.
  thread_pool(unsigned threads, std::chrono::milliseconds stay_awake);
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool();

  /// size() is the number of threads that run chunks, the caller included.
  unsigned size() const noexcept { return static_cast<unsigned>(workers_.size()) + 1; }

  /// run() executes every chunk of `j` and rethrows the first exception a chunk threw.
  void run(const job& j);

 private:
  /// worker_main() is a worker's life; `home` is the CPU it started on (-1: none chosen).
  void worker_main(int home);
  void execute() noexcept;
  /// poll_while_core_is_free() waits for an epoch after `seen` without sleeping, for at most
  /// `stay_awake_` and only while no other thread wants this core; it returns the epoch last
  /// read (still `seen` if none came).
  std::uint32_t poll_while_core_is_free(std::uint32_t seen);

  const std::chrono::milliseconds stay_awake_;
  std::vector<std::thread> workers_;
  const job* job_ = nullptr;
  std::atomic<std::int64_t> next_{0};
  std::atomic<bool> failed_{false};
  std::exception_ptr error_;
  std::mutex error_mutex_;

  alignas(64) std::atomic<std::uint32_t> epoch_{0};
  alignas(64) std::atomic<bool> open_{false};
  alignas(64) std::atomic<unsigned> joined_{0};
  alignas(64) std::atomic<int> sleepers_{0};
  std::atomic<bool> stopping_{false};
};

}  // namespace ample::detail::cpu
