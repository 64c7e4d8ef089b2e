// The kernels ample_stress launches and the host model of what each one writes.
#pragma once

#include <array>
#include <chrono>
#include <string>
#include <vector>

#include "common.hpp"

namespace ample_stress {

/// variant is what a kernel computes. Every variant writes each element of its extent once,
/// from values read before any write of the launch, so its result is one value per element:
///   - plain:    new = mix(old, p, salt); tiled launches wait at no barrier;
///   - fill:     new = mix(0, p, salt), without reading (what follows a discard_data);
///   - exchange: tile_static copy of the tile, one barrier, each work-item writes the value of
///               its mirror image in the tile (local l takes local items-1-l);
///   - reduce:   tile_static tree sum of the tile, log2(items)+1 barriers, new = mix(old, p,
///               salt ^ sum);
///   - count:    tile_static counter of the tile's odd values by atomic_fetch_add, two
///               barriers, new = mix(old, p, salt + count).
enum class variant { plain, fill, exchange, reduce, count };

/// shapes_per_rank is how many tile shapes each rank has; all hold a power of two work-items,
/// from 1 to 1024 (the C++ AMP maximum).
inline constexpr int shapes_per_rank = 5;

/// tile_dims() returns tile shape `shape` (0 .. shapes_per_rank-1) of rank `rank`; unused
/// trailing dimensions are 1.
std::array<int, 3> tile_dims(int rank, int shape);

/// launch_desc is one kernel launch over a region of a slot.
struct launch_desc {
  variant var = variant::plain;
  int tile_shape = -1;     ///< index into the shapes of the region's rank; -1: not tiled
  word salt = 0;
  fault_plan faults;
  std::int64_t diverge = -1;  ///< exchange only: this work-item returns before the barrier
  bool count = false;         ///< count every write with atomic_fetch_add on a global counter

  bool tiled() const noexcept { return tile_shape >= 0; }
  bool has_barrier() const noexcept { return tiled() && var != variant::plain && var != variant::fill; }
  std::string describe(int rank) const;
};

/// launch() runs `d` over view `v` on `av`. When d.count, each write adds one to counter[0].
/// Injected faults leave as stress_fault, divergence as runtime_exception.
template <int N>
void launch(const concurrency::accelerator_view& av, const concurrency::array_view<word, N>& v,
            const launch_desc& d, const concurrency::array_view<word, 1>& counter);

/// expected() is the host model of `d`: the value it writes at each row-major position of
/// region `r`, computed from `model`, the slot's contents before the launch.
std::vector<word> expected(const std::vector<word>& model, const region& r, const launch_desc& d);

/// relay() runs two kernels that reach `a` by reference, back to back, without waiting between
/// them: on `first`, a[i] = mix(a[i], i, salt); then on `second`, a[i] = mix(a[i], i, ~salt).
/// A null view launches without one, which selects the array's view. Where the two views have
/// different queues (REF's), or one runs on the CPU engine, the second must still see every
/// write of the first, and the host every write of both (launches find the arrays in their
/// kernel objects). relayed() is the model of one element.
void relay(const concurrency::accelerator_view* first, const concurrency::accelerator_view* second,
           concurrency::array<word, 1>& a, word salt);
constexpr word relayed(word old, word position, word salt) noexcept {
  return mix(mix(old, position, salt), position, ~salt);
}

/// launch_nested() runs a kernel whose work-items each try to launch a kernel; the runtime
/// must refuse with runtime_exception, which this rethrows.
void launch_nested(const concurrency::accelerator_view& av, int items);

/// launch_on_cpu_accelerator() launches on the cpu_accelerator, which runs no kernels.
void launch_on_cpu_accelerator();

/// launch_on_every_worker() runs a kernel of 8 work-items per thread in which each thread's
/// first work-item waits until all `threads` threads have arrived, so it completes only if
/// every worker of the pool takes part. Returns how many arrived; gives up after `limit`.
unsigned launch_on_every_worker(unsigned threads, std::chrono::milliseconds limit);

}  // namespace ample_stress
