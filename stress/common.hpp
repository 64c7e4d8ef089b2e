// What the parts of ample_stress share: the values kernels write, the regions launches and
// copies cover, injected faults, the run's counters and how a failure is reported.
#pragma once

#include <amp.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace ample_stress {

using word = std::uint32_t;

/// mix() is what kernels write: a hash of the element's old value, its row-major position in
/// the launch's extent and the launch's salt. A lost, repeated, misplaced or stale write
/// changes every later value of the element, so the final checksum sees it.
constexpr word mix(word old, word position, word salt) noexcept {
  word x = old * 0x9E3779B1u + position * 0x85EBCA77u + salt;
  x ^= x >> 15;
  x *= 0x2C1B3C6Du;
  x ^= x >> 12;
  return x;
}

/// region is the part of a slot (a buffer of words) that one launch or copy covers: an extent
/// of rank 1 to 3, either `ext.size()` contiguous elements from `base` viewed in that shape
/// (section + view_as), or a section at `origin` of the slot's first elements viewed in shape
/// `parent` (strided rows).
struct region {
  int rank = 1;
  int ext[3] = {1, 1, 1};
  bool strided = false;
  std::int64_t base = 0;
  int parent[3] = {1, 1, 1};
  int origin[3] = {0, 0, 0};

  std::int64_t size() const noexcept {
    std::int64_t n = 1;
    for (int d = 0; d < rank; ++d) n *= ext[d];
    return n;
  }
  /// element() is the slot element at row-major position `p` of the extent.
  std::int64_t element(std::int64_t p) const noexcept {
    if (!strided) return base + p;
    int idx[3];
    for (int d = rank - 1; d >= 0; --d) {
      idx[d] = static_cast<int>(p % ext[d]);
      p /= ext[d];
    }
    std::int64_t off = 0;
    for (int d = 0; d < rank; ++d) off = off * parent[d] + origin[d] + idx[d];
    return off;
  }
  std::string describe() const;
};

/// stress_fault is the one exception type injected work-items throw. It deliberately does not
/// derive from std::exception: the runtime must carry any type to the launching thread.
struct stress_fault {
  std::uint64_t launch;
  std::int64_t position;
};

/// fault_plan arms up to three work-items of one launch, by row-major position, to throw
/// stress_fault: at `phase` 0 before touching anything, 1 after the kernel's first barrier
/// (before its write), 2 after its write.
struct fault_plan {
  std::uint64_t launch = 0;
  int count = 0;
  std::int64_t position[3] = {-1, -1, -1};
  int phase[3] = {0, 0, 0};

  /// at() returns the phase armed at position p, or -1.
  int at(std::int64_t p) const noexcept {
    for (int i = 0; i < count; ++i)
      if (position[i] == p) return phase[i];
    return -1;
  }
  bool armed(std::int64_t p) const noexcept { return at(p) >= 0; }
};

/// counters are the run's figures, summed over all host threads.
struct counters {
  std::atomic<std::uint64_t> kernels{0};          ///< launches, tiled ones included
  std::atomic<std::uint64_t> tiled_kernels{0};
  std::atomic<std::uint64_t> barrier_kernels{0};  ///< tiled launches whose kernel waits at barriers
  std::atomic<std::uint64_t> exceptions{0};       ///< launches with injected stress_faults
  std::atomic<std::uint64_t> caught{0};           ///< stress_faults caught by the launching thread
  std::atomic<std::uint64_t> misuse{0};           ///< requests that must fail (divergence, nesting, cpu, memory)
  std::atomic<std::uint64_t> misuse_caught{0};
  std::atomic<std::uint64_t> copies{0};
  std::atomic<std::uint64_t> views{0};            ///< array_views created for a slot or an operation
  std::atomic<std::uint64_t> syncs{0};            ///< synchronize / refresh / discard_data calls
  std::atomic<std::uint64_t> arrays{0};           ///< arrays and implicit-storage views created
  std::atomic<std::uint64_t> reconfigs{0};        ///< set_thread_count, stack size, amp_uninitialize
  std::atomic<std::uint64_t> host_threads{0};     ///< short-lived host threads started
  std::atomic<std::uint64_t> writes_verified{0};  ///< element writes whose result a check confirmed
  std::atomic<std::uint64_t> elements_checked{0};
};

/// thread_status is what the watchdog knows of one host thread: what it is doing and when it
/// last finished something.
struct thread_status {
  std::atomic<std::int64_t> progress_ns{0};
  std::atomic<bool> active{false};
  std::mutex mutex;
  std::string doing;  ///< guarded by mutex

  static std::int64_t now_ns() noexcept {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  /// begin() records the operation about to run and counts as progress.
  void begin(std::string what) {
    {
      std::lock_guard lock(mutex);
      doing = std::move(what);
    }
    progress_ns.store(now_ns(), std::memory_order_relaxed);
  }
  std::string describe() {
    std::lock_guard lock(mutex);
    return doing;
  }
};

/// options are the command line.
struct options {
  double seconds = 10;
  std::uint64_t seed = 0;
  int threads = 4;
  double watchdog_seconds = 60;
  double progress_seconds = 30;
};

/// run_state is what every host thread of the run shares.
struct run_state {
  explicit run_state(const options& o)
      : opt(o),
        shared_words(static_cast<std::size_t>(o.threads) * stripe_words),
        stripe_models(o.threads),
        status(o.threads + 1) {}

  static constexpr int stripe_words = 4096;
  const options opt;
  counters count;
  std::atomic<bool> stop{false};
  std::atomic<bool> failed{false};
  /// shared_words is one host vector that every thread writes, each in its own stripe of
  /// stripe_words elements, through views of the whole vector.
  std::vector<word> shared_words;
  /// stripe_models[t] is thread t's model of its stripe, left there when it finishes.
  std::vector<std::vector<word>> stripe_models;
  /// status[t] is host thread t's; status[threads] the main thread's final checks.
  std::vector<thread_status> status;
  std::mutex print_mutex;

  /// fail() reports a failure once per call, stops the run and makes it exit non-zero.
  void fail(const std::string& where, const std::string& what);
  /// say() prints one line to stdout.
  void say(const std::string& line);
};

}  // namespace ample_stress
