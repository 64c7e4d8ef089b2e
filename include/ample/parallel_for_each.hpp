// parallel_for_each: run a kernel once per point of a compute domain (SPEC §7).
#pragma once

#include "config.hpp"
#include "accelerator.hpp"
#include "detail/launch.hpp"
#include "extent.hpp"
#include "tiled_extent.hpp"

namespace ample::detail {

/// check_tile_shape<D0, D1, D2>() refuses, at compile time, a tile Microsoft's limits do not
/// allow (SPEC §7; Direct3D's numthreads): at most 1024 work-items in a tile, 1024 along any
/// dimension, and 64 along the first of a 3-D tile. Visual C++ reports them where the tiled
/// kernel is launched, not where the tiled_extent is written.
template <int D0, int D1, int D2>
constexpr void check_tile_shape() {
  static_assert(D0 * (D1 > 0 ? D1 : 1) * (D2 > 0 ? D2 : 1) <= 1024, "a tile holds at most 1024 work-items");
  static_assert(D0 <= 1024 && D1 <= 1024 && D2 <= 1024, "a tile dimension holds at most 1024 work-items");
  static_assert(D2 == 0 || D0 <= 64, "the first dimension of a 3-D tile holds at most 64 work-items");
}

}  // namespace ample::detail

namespace Concurrency {

/// parallel_for_each(domain, kernel) calls kernel(index<N>) once for every index in `domain`
/// and returns when all calls have finished. Work-items run in no particular order. It runs
/// on the accelerator_view of the arrays, textures and views of arrays the kernel captures,
/// else on the default accelerator's default view (C++ AMP's automatic selection: launch.cpp).
///
///     parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] *= 2; });
///
/// invalid_compute_domain if a dimension is not positive; an exception thrown by the kernel
/// stops the launch and is rethrown here.
template <int N, class Kernel>
void parallel_for_each(const extent<N>& domain, const Kernel& kernel) {
  ample::detail::launch(*ample::detail::default_device().auto_selection_view, domain, kernel);
}

/// parallel_for_each(tiled_domain, kernel) calls kernel(tiled_index<D0,D1,D2>) for every
/// work-item; the work-items of one tile share tile_static memory and a tile_barrier.
/// invalid_compute_domain if the tile does not divide the extent, or makes more than 65535
/// tiles along a dimension; a tile over Microsoft's limits does not compile (check_tile_shape).
template <int D0, int D1, int D2, class Kernel>
void parallel_for_each(const tiled_extent<D0, D1, D2>& domain, const Kernel& kernel) {
  ample::detail::check_tile_shape<D0, D1, D2>();
  ample::detail::launch(*ample::detail::default_device().auto_selection_view, domain, kernel);
}

/// parallel_for_each(view, ...) runs the kernel on the accelerator behind `view`.
template <int N, class Kernel>
void parallel_for_each(const accelerator_view& view, const extent<N>& domain, const Kernel& kernel) {
  ample::detail::launch(*view.state(), domain, kernel);
}
template <int D0, int D1, int D2, class Kernel>
void parallel_for_each(const accelerator_view& view, const tiled_extent<D0, D1, D2>& domain, const Kernel& kernel) {
  ample::detail::check_tile_shape<D0, D1, D2>();
  ample::detail::launch(*view.state(), domain, kernel);
}

}  // namespace Concurrency
