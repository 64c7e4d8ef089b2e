// thread_pool: see thread_pool.hpp for the launch protocol.
#include "thread_pool.hpp"

#include <immintrin.h>
#include <sys/resource.h>

#include <chrono>
#include <latch>
#include <utility>

#include "worker_placement.hpp"

namespace ample::detail::cpu {
namespace {

/// About 0.2-0.5 ms of spinning on `pause` before a waiting worker starts yielding its core:
/// back-to-back launches find it there within ~100 ns.
constexpr int spin_iterations = 1 << 13;

inline void cpu_relax() noexcept { _mm_pause(); }

using idle_clock = std::chrono::steady_clock;

/// The clock and the switch count are read every polls_between_checks polls (~1 us each).
/// contended_switches involuntary context switches within one contention_window say that
/// other threads want this core; one alone is no sign (a kernel thread's turn, a timer).
constexpr unsigned polls_between_checks = 64;
constexpr std::chrono::milliseconds contention_window{20};
constexpr long contended_switches = 2;

/// involuntary_switches() counts the times the calling thread lost its CPU while runnable
/// (a yield that ran another thread, a preemption).
long involuntary_switches() noexcept {
  rusage usage{};
  return getrusage(RUSAGE_THREAD, &usage) == 0 ? usage.ru_nivcsw : 0;
}

}  // namespace

thread_pool::thread_pool(unsigned threads, std::chrono::milliseconds stay_awake) : stay_awake_(stay_awake) {
  const unsigned workers = threads > 1 ? threads - 1 : 0;
  workers_.reserve(workers);
  const std::vector<int> cpus = starting_cpus(workers);
  // Ready when constructed: every worker on its own CPU and looking for jobs. A new thread may
  // be queued on this one's CPU, so waiting here (not spinning) is also what lets it run.
  std::latch started(static_cast<std::ptrdiff_t>(workers));
  for (unsigned i = 0; i < workers; ++i) {
    const int home = cpus.empty() ? -1 : cpus[i];
    workers_.emplace_back([this, home, &started] {
      start_on(home);
      started.count_down();
      worker_main(home);
    });
  }
  started.wait();
}

thread_pool::~thread_pool() {
  stopping_.store(true, std::memory_order_relaxed);
  epoch_.fetch_add(1, std::memory_order_seq_cst);
  epoch_.notify_all();
  for (std::thread& t : workers_) t.join();
}

AMPLE_IMPL_HOT void thread_pool::run(const job& j) {
  job_ = &j;
  next_.store(0, std::memory_order_relaxed);
  failed_.store(false, std::memory_order_relaxed);
  // Release: a worker still looking at the previous epoch may find this job open, and then
  // must see job_ and next_ as stored above.
  open_.store(true, std::memory_order_release);
  // seq_cst pairs with the worker's seq_cst increment of sleepers_ before it sleeps: either
  // we see the sleeper and wake it, or it sees the new epoch and does not sleep.
  epoch_.fetch_add(1, std::memory_order_seq_cst);
  // Sleeping workers wake on their own CPUs (worker_main), not queued behind this thread.
  if (sleepers_.load(std::memory_order_seq_cst) > 0) epoch_.notify_all();

  in_kernel = true;
  execute();
  in_kernel = false;

  // No chunk is left to claim: close the job, then wait for the workers inside it.
  open_.store(false, std::memory_order_seq_cst);
  for (int spins = 0; joined_.load(std::memory_order_seq_cst) != 0; ++spins) {
    if (spins < spin_iterations) cpu_relax();
    else std::this_thread::yield();  // a worker in the job was descheduled: give it our core
  }
  job_ = nullptr;
  // The error is handed to the launcher, not kept: the launcher's thread must be the last one
  // to own it, or the next launch, from another thread, would free it under the launcher's
  // catch handler (ThreadSanitizer reported exactly that).
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

AMPLE_IMPL_HOT void thread_pool::execute() noexcept {
  const job& j = *job_;
  while (!failed_.load(std::memory_order_relaxed)) {
    const std::int64_t chunk = next_.fetch_add(1, std::memory_order_relaxed);
    if (chunk >= j.chunks) return;
    try {
      j.run(j.context, chunk);
    } catch (...) {
      std::lock_guard lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
    }
  }
}

/// Still awake while this core has nothing else to run, yielding it between polls: a yield with
/// nothing else runnable returns at once. Linux's scheduler gives a thread that always yields a
/// share of a busy core all the same, so where other threads keep taking the core from this one
/// (involuntary context switches), the worker stops polling and goes to sleep.
std::uint32_t thread_pool::poll_while_core_is_free(std::uint32_t seen) {
  std::uint32_t now = seen;
  if (stay_awake_.count() == 0) return now;
  const idle_clock::time_point start = idle_clock::now();
  idle_clock::time_point window = start;
  long switches = involuntary_switches();
  for (unsigned polls = 1; now == seen; ++polls) {
    std::this_thread::yield();
    now = epoch_.load(std::memory_order_acquire);
    if (polls % polls_between_checks != 0) continue;
    const idle_clock::time_point t = idle_clock::now();
    if (t - start >= stay_awake_) break;
    if (t - window < contention_window) continue;
    const long latest = involuntary_switches();
    if (latest - switches >= contended_switches) break;
    window = t;
    switches = latest;
  }
  return now;
}

void thread_pool::worker_main(int home) {
  in_kernel = true;
  // The epoch this worker has handled is the one at construction (0), not whatever epoch_
  // holds when the thread gets going: a launch may already have been published by then.
  std::uint32_t seen = 0;
  for (;;) {
    std::uint32_t now = epoch_.load(std::memory_order_acquire);
    for (int spins = 0; now == seen && spins < spin_iterations; ++spins) {
      cpu_relax();
      now = epoch_.load(std::memory_order_acquire);
    }
    if (now == seen) now = poll_while_core_is_free(seen);
    if (now == seen) {
      const pinned_while_asleep on_home(home);
      sleepers_.fetch_add(1, std::memory_order_seq_cst);
      epoch_.wait(seen, std::memory_order_seq_cst);
      sleepers_.fetch_sub(1, std::memory_order_relaxed);
      now = epoch_.load(std::memory_order_acquire);
      if (now == seen) continue;  // spurious wake-up
    }
    seen = now;
    if (stopping_.load(std::memory_order_relaxed)) return;
    joined_.fetch_add(1, std::memory_order_seq_cst);
    // Found open, the job is the one whose run() stored open_ (this load synchronises with
    // that store, so job_ and next_ are that job's); found closed, it is not touched.
    if (open_.load(std::memory_order_seq_cst)) execute();
    joined_.fetch_sub(1, std::memory_order_release);
  }
}

}  // namespace ample::detail::cpu
