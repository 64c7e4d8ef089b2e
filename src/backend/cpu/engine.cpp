// The CPU engine: the process-wide worker pool, per-thread tile schedulers, and settings.
#include <sys/sysinfo.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>

#include "ample/backend/cpu/engine.hpp"
#include "ample/detail/device.hpp"
#include "ample/exceptions.hpp"
#include "ample/runtime_config.hpp"
#include "engine_config.hpp"
#include "fiber_sanitizer.hpp"
#include "thread_pool.hpp"
#include "tile_scheduler.hpp"
#include "worker_placement.hpp"

namespace ample::detail::cpu {

namespace {

constexpr std::size_t default_stack_bytes = 64 * 1024 * sanitizer_stack_factor;
constexpr std::size_t min_stack_bytes = 16 * 1024;

std::size_t page_round(std::size_t bytes) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return (std::max(bytes, min_stack_bytes) + page - 1) / page * page;
}

/// parse_size() reads "65536", "64K" or "1M"; 0 if malformed.
std::size_t parse_size(const char* text) {
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text, &end, 10);
  if (end == text) return 0;
  switch (*end) {
    case '\0': return n;
    case 'k': case 'K': return end[1] == '\0' ? n << 10 : 0;
    case 'm': case 'M': return end[1] == '\0' ? n << 20 : 0;
    default: return 0;
  }
}

std::size_t stack_size_from_environment() {
  const char* env = std::getenv("AMPLE_STACK_SIZE");
  if (env == nullptr) return default_stack_bytes;
  const std::size_t n = parse_size(env);
  if (n == 0)
    AMPLE_THROW(concurrency::runtime_exception,
                std::string("AMPLE_STACK_SIZE=\"") + env + "\" is not a size (bytes, or a number with K or M)",
                concurrency::error_code::e_invalidarg);
  return n;
}

/// How long an idle worker stays awake for the next launch before it sleeps. LLVM's OpenMP
/// runtime keeps its threads awake for 200 ms (KMP_BLOCKTIME), so a parallel region after a
/// pause of milliseconds starts at once; Ample's workers slept after 0.5 ms, and a launch after
/// 20 ms of host code first had to wake their CPUs: 44 us against OpenMP's 9.9 us on an AMD
/// Zen 5 guest, 55 against 21 us with 16 threads on a Xeon guest (docs/design/cpu-engine.md).
/// Awake, a worker yields its core to whatever else wants it.
constexpr std::chrono::milliseconds default_blocktime{200};

std::chrono::milliseconds blocktime_from_environment() {
  const char* env = std::getenv("AMPLE_BLOCKTIME");
  if (env == nullptr) return default_blocktime;
  char* end = nullptr;
  const unsigned long long ms = std::strtoull(env, &end, 10);
  if (end == env || *end != '\0' || ms > 3'600'000 || env[0] == '-')
    AMPLE_THROW(concurrency::runtime_exception,
                std::string("AMPLE_BLOCKTIME=\"") + env + "\" is not a number of milliseconds from 0 to 3600000",
                concurrency::error_code::e_invalidarg);
  return std::chrono::milliseconds(ms);
}

struct settings {
  std::atomic<std::size_t> stack_bytes{page_round(stack_size_from_environment())};
  std::atomic<unsigned> stack_generation{1};
};

settings& config() {
  static settings s;
  return s;
}

/// engine owns the pool. Launches from different host threads take turns on launch_mutex:
/// each launch already uses every core, and the pool runs one job at a time.
struct engine {
  std::mutex launch_mutex;
  std::atomic<unsigned> threads;      // how many threads run kernels, the caller included
  std::unique_ptr<thread_pool> pool;  // started by the first launch that can use it
  const std::chrono::milliseconds blocktime = blocktime_from_environment();

  explicit engine(unsigned n) : threads(n) {}
  void resize(unsigned n) {
    pool.reset();
    threads.store(n, std::memory_order_relaxed);
  }
  /// workers() returns the pool, starting it if needed; null for a single thread.
  thread_pool* workers() {
    if (!pool && threads.load(std::memory_order_relaxed) > 1)
      pool = std::make_unique<thread_pool>(threads.load(std::memory_order_relaxed), blocktime);
    return pool.get();
  }
};

AMPLE_IMPL_HOT engine& the_engine() {
  // Immortal: workers must not be joined during static destruction, when a kernel launched
  // from a static destructor elsewhere could still need them.
  static engine* e = new engine(default_thread_count());
  return *e;
}

/// run_inline() is the pool's job loop for a single thread.
AMPLE_IMPL_HOT void run_inline(const job& j) {
  in_kernel = true;
  try {
    for (std::int64_t c = 0; c < j.chunks; ++c) j.run(j.context, c);
  } catch (...) {
    in_kernel = false;
    throw;
  }
  in_kernel = false;
}

}  // namespace

unsigned default_thread_count() {
  if (const char* env = std::getenv("AMPLE_NUM_THREADS")) {
    const std::size_t n = parse_size(env);
    if (n > 0 && n <= 4096) return static_cast<unsigned>(n);
  }
  return usable_cpus();
}

std::size_t stack_size() { return config().stack_bytes.load(std::memory_order_relaxed); }
unsigned stack_generation() { return config().stack_generation.load(std::memory_order_relaxed); }

std::size_t physical_memory_kb() {
  struct sysinfo info {};
  if (sysinfo(&info) != 0) return 0;
  return static_cast<std::size_t>(info.totalram) * info.mem_unit / 1024;
}

namespace {

/// refuse_inside_kernel() throws instead of letting a kernel wait for the launch it is part of.
void refuse_inside_kernel(const char* what) {
  if (in_kernel)
    AMPLE_THROW(concurrency::runtime_exception,
                std::string(what) + " called from inside a kernel; kernels cannot launch or reconfigure the engine",
                concurrency::error_code::e_fail);
}

}  // namespace

AMPLE_IMPL_HOT void run_job(const job& j) {
  refuse_inside_kernel("parallel_for_each");
  if (j.how == order::serial) return run_inline(j);
  engine& e = the_engine();
  std::lock_guard lock(e.launch_mutex);
  thread_pool* pool = j.chunks > 1 ? e.workers() : nullptr;
  if (pool) pool->run(j);
  else run_inline(j);
}

AMPLE_IMPL_HOT unsigned thread_count() { return the_engine().threads.load(std::memory_order_relaxed); }

void release_workers() {
  refuse_inside_kernel("amp_uninitialize");
  engine& e = the_engine();
  std::lock_guard lock(e.launch_mutex);
  e.pool.reset();
}

void run_tile(item_fn fn, const void* context, int items, const tile_shape& shape) {
  // One scheduler per thread: a tile never leaves the thread that runs it (tile_scheduler.hpp).
  thread_local tile_scheduler scheduler;
  scheduler.run(fn, context, items, shape);
}

}  // namespace ample::detail::cpu

namespace ample {

void set_thread_count(unsigned n) {
  detail::cpu::refuse_inside_kernel("ample::set_thread_count");
  detail::wait_for_queued_commands();
  detail::cpu::engine& e = detail::cpu::the_engine();
  std::lock_guard lock(e.launch_mutex);
  e.resize(n == 0 ? detail::cpu::default_thread_count() : n);
}

unsigned thread_count() { return detail::cpu::thread_count(); }

void set_work_item_stack_size(std::size_t bytes) {
  detail::cpu::refuse_inside_kernel("ample::set_work_item_stack_size");
  detail::wait_for_queued_commands();
  detail::cpu::engine& e = detail::cpu::the_engine();
  std::lock_guard lock(e.launch_mutex);  // no tile may be running on the old stacks
  detail::cpu::config().stack_bytes.store(detail::cpu::page_round(bytes), std::memory_order_relaxed);
  detail::cpu::config().stack_generation.fetch_add(1, std::memory_order_relaxed);
}

std::size_t work_item_stack_size() { return detail::cpu::stack_size(); }

}  // namespace ample
