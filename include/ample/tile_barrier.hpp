// tile_barrier and the tile-scoped memory fences (SPEC §4.5).
#pragma once

#include <atomic>

#include "config.hpp"

namespace ample::detail {

/// tile_sync is what a tile_barrier waits on: the backend object that runs one tile. Backends
/// implement arrive_and_wait(); `file` and `line` name the barrier call site so that barrier
/// divergence can be reported where it happened.
struct barrier_factory;

class tile_sync {
 public:
  virtual void arrive_and_wait(const char* file, int line) = 0;

 protected:
  ~tile_sync() = default;
};

}  // namespace ample::detail

namespace concurrency {

/// tile_barrier makes every work-item of a tile wait until all of them have reached the same
/// barrier. It is obtained from tiled_index::barrier and can only be copied. Every work-item of
/// the tile must reach each wait() through tile-uniform control flow; Ample reports a violation
/// (some work-items returned, or wait at another barrier) as runtime_exception naming the site.
class tile_barrier {
 public:
  tile_barrier(const tile_barrier&) noexcept = default;
  tile_barrier& operator=(const tile_barrier&) = delete;

  /// wait() blocks until all work-items of the tile arrive; all memory is fenced.
  void wait(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    sync_->arrive_and_wait(file, line);
  }
  /// wait_with_all_memory_fence() is wait().
  void wait_with_all_memory_fence(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    sync_->arrive_and_wait(file, line);
  }
  /// wait_with_global_memory_fence() waits and orders array/array_view accesses.
  void wait_with_global_memory_fence(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    sync_->arrive_and_wait(file, line);
  }
  /// wait_with_tile_static_memory_fence() waits and orders tile_static accesses.
  void wait_with_tile_static_memory_fence(const char* file = __builtin_FILE(),
                                          int line = __builtin_LINE()) const {
    sync_->arrive_and_wait(file, line);
  }

 private:
  friend struct ample::detail::barrier_factory;  // engines construct barriers; users only copy
  explicit tile_barrier(ample::detail::tile_sync* sync) noexcept : sync_(sync) {}

  ample::detail::tile_sync* sync_;
};

// The work-items of a tile run on one thread (see config.hpp: tile_static), and each barrier
// switch is an opaque call, so the compiler neither caches nor reorders memory across it.
// Fences between barriers still have to stop compiler reordering; global memory is also
// visible to other tiles on other threads, hence a full thread fence for it.

/// all_memory_fence() orders all memory accesses of the calling work-item.
inline void all_memory_fence(const tile_barrier&) noexcept { std::atomic_thread_fence(std::memory_order_seq_cst); }
/// global_memory_fence() orders accesses to array and array_view memory.
inline void global_memory_fence(const tile_barrier&) noexcept { std::atomic_thread_fence(std::memory_order_seq_cst); }
/// tile_static_memory_fence() orders accesses to tile_static memory of the tile.
inline void tile_static_memory_fence(const tile_barrier&) noexcept { std::atomic_signal_fence(std::memory_order_seq_cst); }

}  // namespace concurrency

namespace ample::detail {

/// barrier_factory is how an engine hands a work-item the barrier of its tile.
struct barrier_factory {
  static concurrency::tile_barrier make(tile_sync* sync) noexcept { return concurrency::tile_barrier(sync); }
};

}  // namespace ample::detail
