// thread_pool: persistent workers that run the chunks of one job at a time.
#pragma once

#include <atomic>
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
///   - run() publishes the job, then bumps `epoch_`; workers spinning on `epoch_` see it
///     within ~100 ns. Workers idle for longer than the spin budget sleep in a futex wait on
///     `epoch_` and are woken only when `sleepers_` says someone sleeps, so back-to-back
///     launches never pay a system call.
///   - Everyone claims chunks with one fetch_add on `next_`.
///   - Each worker decrements `busy_` when it finds no chunk left; run() returns once `busy_`
///     is 0, so no worker still reads the job when the next one is published.
class thread_pool {
 public:
  explicit thread_pool(unsigned threads);
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;
  ~thread_pool();

  /// size() is the number of threads that run chunks, the caller included.
  unsigned size() const noexcept { return static_cast<unsigned>(workers_.size()) + 1; }

  /// run() executes every chunk of `j` and rethrows the first exception a chunk threw.
  void run(const job& j);

 private:
  void worker_main();
  void execute() noexcept;

  std::vector<std::thread> workers_;
  const job* job_ = nullptr;
  std::atomic<std::int64_t> next_{0};
  std::atomic<bool> failed_{false};
  std::exception_ptr error_;
  std::mutex error_mutex_;

  alignas(64) std::atomic<std::uint32_t> epoch_{0};
  alignas(64) std::atomic<unsigned> busy_{0};
  alignas(64) std::atomic<int> sleepers_{0};
  std::atomic<bool> stopping_{false};
};

}  // namespace ample::detail::cpu
