// The kernels that direct3d_out_of_bounds_kernels.cpp compiles in Direct3D's out-of-bounds mode.
#pragma once

#include <amp.h>

namespace bench::direct3d_mode {

/// active() is whether these kernels were compiled in the mode (not in a build that turns the
/// debug checks on for every file).
bool active();

/// b = 2a, spelled b[idx], b(i, j) and b[i][j] as in the element_access workload.
void scale_index(const concurrency::array_view<const float, 2>& a, const concurrency::array_view<float, 2>& b);
void scale_call(const concurrency::array_view<const float, 2>& a, const concurrency::array_view<float, 2>& b);
void scale_projection(const concurrency::array_view<const float, 2>& a, const concurrency::array_view<float, 2>& b);
/// out = in plus its four neighbours, those beyond the edges read as 0 by the mode.
void stencil(const concurrency::array_view<const float, 2>& in, const concurrency::array_view<float, 2>& out);

}  // namespace bench::direct3d_mode
