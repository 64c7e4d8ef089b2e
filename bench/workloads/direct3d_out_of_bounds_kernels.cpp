// The kernels of the direct3d_oob workloads in Direct3D's out-of-bounds mode: this translation
// unit alone is compiled with AMPLE_DIRECT3D_OUT_OF_BOUNDS, and direct3d_out_of_bounds.cpp runs
// them next to the same kernels in the normal mode, in one process. The mode's accessors carry
// an ABI tag (detail/direct3d_out_of_bounds.hpp), so neither translation unit gets the other's.
//
// A build with the debug checks on for every file cannot have the mode here (the two exclude
// each other); the workload is then skipped (active()).
#if !defined(AMPLE_ENABLE_DEBUG_CHECKS) && !defined(AMPLE_DIRECT3D_OUT_OF_BOUNDS)
#define AMPLE_DIRECT3D_OUT_OF_BOUNDS 1
#endif
#include <amp.h>

#include "direct3d_out_of_bounds.hpp"

namespace bench::direct3d_mode {

using concurrency::index;

bool active() { return ample::detail::direct3d_out_of_bounds; }

void scale_index(const concurrency::array_view<const float, 2>& a, const concurrency::array_view<float, 2>& b) {
  concurrency::parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b[i] = 2 * a[i]; });
}

void scale_call(const concurrency::array_view<const float, 2>& a, const concurrency::array_view<float, 2>& b) {
  concurrency::parallel_for_each(b.extent,
                                 [=](index<2> i) restrict(amp) { b(i[0], i[1]) = 2 * a(i[0], i[1]); });
}

void scale_projection(const concurrency::array_view<const float, 2>& a, const concurrency::array_view<float, 2>& b) {
  concurrency::parallel_for_each(b.extent,
                                 [=](index<2> i) restrict(amp) { b[i[0]][i[1]] = 2 * a[i[0]][i[1]]; });
}

void stencil(const concurrency::array_view<const float, 2>& in, const concurrency::array_view<float, 2>& out) {
  // Neighbours beyond the edges read 0: no guard, as Direct3D-era samples are written.
  concurrency::parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
    const int r = i[0], c = i[1];
    out[i] = in[i] + in(r - 1, c) + in(r + 1, c) + in(r, c - 1) + in(r, c + 1);
  });
}

}  // namespace bench::direct3d_mode
