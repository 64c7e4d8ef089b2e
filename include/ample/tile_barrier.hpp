// tile_barrier and the tile-scoped memory fences (SPEC §4.5).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "config.hpp"
#include "detail/in_kernel.hpp"
#include "exceptions.hpp"

namespace ample::detail {
class tile_sync;
}

/// ample_tile_barrier_wait() is every tile_barrier::wait. Out of line and convergent so that
/// the compiled-barrier pass finds each call as one barrier point (file and line name it in
/// divergence reports). It checks that the barrier, which is the `sync` and `serial` it
/// holds, belongs to the running tile and waits on the tile's sync; a call the pass left in a
/// compiled tile (it could not see it: another translation unit, a call through a pointer)
/// throws runtime_exception naming the site. The barrier comes by value, not by address, so
/// that the address of a work-item's tiled_index, which holds it, never reaches a call and the
/// compiler keeps the tiled_index in registers.
extern "C" AMPLE_IMPL_CONVERGENT void ample_tile_barrier_wait(ample::detail::tile_sync* sync, std::uint64_t serial,
                                                              const char* file, int line);
/// ample_tile_barrier_check() is the check alone, which a compiled tile calls when its inline
/// comparison with running_tile (below) finds a barrier of another tile, or finds no
/// running_tile to compare with; a null sync checks nothing.
extern "C" void ample_tile_barrier_check(const ample::detail::tile_sync* sync, std::uint64_t serial,
                                         const char* file, int line);

namespace ample::detail {

struct barrier_factory;

/// tile_sync is what a tile_barrier waits on: the backend object that runs one tile. Backends
/// implement arrive_and_wait(); `file` and `line` name the barrier call site so that barrier
/// divergence can be reported where it happened.
class tile_sync {
 public:
  virtual void arrive_and_wait(const char* file, int line) = 0;

 protected:
  ~tile_sync() = default;
};

/// running_tile is, per thread, the tile the thread is running now: the tile_sync that runs it
/// (null between tiles) and a serial number that no other tile in the process had. A barrier
/// remembers both when it is made, and wait() compares them before it touches its tile_sync, so
/// a barrier used outside its own tile (copied out to the host, into a non-tiled kernel, into
/// a later tile, onto another thread; even after its thread and tile_sync are gone) is reported
/// instead of corrupting another tile or the scheduler. Plain thread_local: all work-items of a
/// tile run on one thread (config.hpp, tile_static).
struct running_tile {
  const tile_sync* sync;
  std::uint64_t serial;
};
/// The compiled-barrier pass compares a barrier with it inline, rather than calling
/// ample_tile_barrier_check() each round, so it finds it by this annotation.
#if AMPLE_IMPL_COMPILED_TILES
#define AMPLE_IMPL_CURRENT_TILE [[clang::annotate("ample.current_tile")]]
#else
#define AMPLE_IMPL_CURRENT_TILE
#endif
AMPLE_IMPL_CURRENT_TILE inline constinit thread_local running_tile current_tile{nullptr, 0};

/// serial_blocks hands each thread, at its first tile, a block of 2^40 serial numbers (2^24
/// threads over the life of a process), so that serials stay unique even when a new thread's
/// tile_sync reuses a dead thread's address.
inline std::atomic<std::uint64_t> serial_blocks{0};

/// tile_scope marks the calling thread as running one tile of `sync` for its lifetime; an
/// engine holds one around all work-items of each tile (or of a run of tiles, with start_tile()
/// before each).
class tile_scope {
 public:
  explicit tile_scope(const tile_sync* sync) noexcept {
    running_tile& now = current_tile;
    // Relaxed: only uniqueness matters, and fetch_add gives it.
    if (AMPLE_IMPL_UNLIKELY(now.serial == 0))
      now.serial = (serial_blocks.fetch_add(1, std::memory_order_relaxed) + 1) << 40;
    now.sync = sync;
    first_ = ++now.serial;
  }
  ~tile_scope() { current_tile.sync = nullptr; }
  /// start_tile(n) starts tile n (0 being the first) of a run of tiles of the same sync: a
  /// barrier of another tile no longer belongs (its serial differs). A store rather than an
  /// increment, so that a loop over small compiled tiles carries no dependence through it and
  /// the compiler may vectorise the loop.
  void start_tile(std::uint64_t n) noexcept { current_tile.serial = first_ + n; }
  tile_scope(const tile_scope&) = delete;
  tile_scope& operator=(const tile_scope&) = delete;

 private:
  std::uint64_t first_;  ///< the serial of the first tile
};

}  // namespace ample::detail

namespace Concurrency {

/// tile_barrier makes every work-item of a tile wait until all of them have reached the same
/// barrier. It is obtained from tiled_index::barrier and can only be copied. Every work-item of
/// the tile must reach each wait() through tile-uniform control flow; Ample reports a violation
/// (some work-items returned, or wait at another barrier) as runtime_exception naming the site.
/// A copy waited on outside its tile (on the host, in a non-tiled kernel, in another tile)
/// throws runtime_exception naming the site too.
class AMPLE_AMP_ONLY tile_barrier {
 public:
  tile_barrier(const tile_barrier&) noexcept = default;
  tile_barrier& operator=(const tile_barrier&) = delete;

  /// wait() blocks until all work-items of the tile arrive; all memory is fenced.
  void wait(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const { arrive(file, line); }
  /// wait_with_all_memory_fence() is wait().
  void wait_with_all_memory_fence(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    arrive(file, line);
  }
  /// wait_with_global_memory_fence() waits and orders array/array_view accesses.
  void wait_with_global_memory_fence(const char* file = __builtin_FILE(), int line = __builtin_LINE()) const {
    arrive(file, line);
  }
  /// wait_with_tile_static_memory_fence() waits and orders tile_static accesses.
  void wait_with_tile_static_memory_fence(const char* file = __builtin_FILE(),
                                          int line = __builtin_LINE()) const {
    arrive(file, line);
  }

 private:
  friend struct ample::detail::barrier_factory;  // engines construct barriers; users only copy
  tile_barrier(ample::detail::tile_sync* sync, std::uint64_t serial) noexcept : sync_(sync), serial_(serial) {}

  AMPLE_IMPL_ALWAYS_INLINE void arrive(const char* file, int line) const {
    ample_tile_barrier_wait(sync_, serial_, file, line);
    // Only work-items wait, and a wait returns to the same work-item: in_kernel is still set.
    // Said here because the call is opaque (on fibers it switches to the tile's other
    // work-items), so that the compiler does not test in_kernel again for every view the
    // work-item reaches after the barrier (array_view::host_ready()).
    if (!ample::detail::in_kernel) __builtin_unreachable();
  }

  ample::detail::tile_sync* sync_;
  std::uint64_t serial_;  ///< current_tile.serial of the tile this barrier belongs to
};

// The work-items of a tile run on one thread (see config.hpp: tile_static), and each barrier
// switch is an opaque call, so the compiler neither caches nor reorders memory across it.
// Fences between barriers still have to stop compiler reordering; global memory is also
// visible to other tiles on other threads, hence a full thread fence for it.

/// all_memory_fence() orders all memory accesses of the calling work-item.
AMPLE_AMP_ONLY inline void all_memory_fence(const tile_barrier&) noexcept { std::atomic_thread_fence(std::memory_order_seq_cst); }
/// global_memory_fence() orders accesses to array and array_view memory.
AMPLE_AMP_ONLY inline void global_memory_fence(const tile_barrier&) noexcept { std::atomic_thread_fence(std::memory_order_seq_cst); }
/// tile_static_memory_fence() orders accesses to tile_static memory of the tile.
AMPLE_AMP_ONLY inline void tile_static_memory_fence(const tile_barrier&) noexcept { std::atomic_signal_fence(std::memory_order_seq_cst); }

}  // namespace Concurrency

namespace ample::detail {

/// barrier_factory is how an engine hands a work-item the barrier of its tile; it must be
/// called inside the tile's tile_scope.
struct barrier_factory {
  static concurrency::tile_barrier make(tile_sync* sync) noexcept {
    return concurrency::tile_barrier(sync, current_tile.serial);
  }
};

}  // namespace ample::detail
