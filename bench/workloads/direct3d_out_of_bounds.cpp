// direct3d_oob_scale and direct3d_oob_stencil: what AMPLE_DIRECT3D_OUT_OF_BOUNDS costs. Each
// kernel runs in the Direct3D mode (direct3d_out_of_bounds_kernels.cpp) and in the normal mode
// (here), alternately, in one process, over 4096 x 4096 floats (64 MiB per array, beyond any
// cache), as rank-2 views over arrays:
//
//   direct3d_oob_scale    b = 2a, spelled b[idx], b(i, j), b[i][j]; every access in bounds,
//                         so the mode's cost is its compare and branch per access.
//     ample_<spelling>           the normal mode
//     ample_direct3d_<spelling>  the Direct3D mode
//   direct3d_oob_stencil  out = in plus its four neighbours, zero beyond the edges.
//     ample_guarded       the normal mode needs the edge tests in the kernel
//     ample_direct3d      the mode's rule supplies the zeros; the kernel has no tests
//
// Every output is checked against a serial loop.
#include <amp.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

#include "common.hpp"
#include "direct3d_out_of_bounds.hpp"

using namespace concurrency;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

constexpr int side = 4096;

using kernel = void (*)(const array_view<const float, 2>&, const array_view<float, 2>&);

void normal_scale_index(const array_view<const float, 2>& a, const array_view<float, 2>& b) {
  parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b[i] = 2 * a[i]; });
}
void normal_scale_call(const array_view<const float, 2>& a, const array_view<float, 2>& b) {
  parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b(i[0], i[1]) = 2 * a(i[0], i[1]); });
}
void normal_scale_projection(const array_view<const float, 2>& a, const array_view<float, 2>& b) {
  parallel_for_each(b.extent, [=](index<2> i) restrict(amp) { b[i[0]][i[1]] = 2 * a[i[0]][i[1]]; });
}
void normal_stencil_guarded(const array_view<const float, 2>& in, const array_view<float, 2>& out) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) {
    const int r = i[0], c = i[1];
    float s = in[i];
    if (r > 0) s += in(r - 1, c);
    if (r + 1 < in.extent[0]) s += in(r + 1, c);
    if (c > 0) s += in(r, c - 1);
    if (c + 1 < in.extent[1]) s += in(r, c + 1);
    out[i] = s;
  });
}

void direct3d_out_of_bounds(const options& o, reporter& rep) {
  if (ample::detail::direct3d_out_of_bounds || !direct3d_mode::active()) {
    std::fprintf(stderr, "  direct3d_oob skipped: it compares the two modes, which a build with "
                         "AMPLE_DIRECT3D_OUT_OF_BOUNDS or AMPLE_ENABLE_DEBUG_CHECKS for every file does not have\n");
    return;
  }
  const std::vector<float> input = pattern<float>(std::size_t(side) * side, 11);
  auto at = [&](int r, int c) {
    return r < 0 || r >= side || c < 0 || c >= side ? 0.0f : input[std::size_t(r) * side + c];
  };
  std::vector<float> scaled(input.size()), summed(input.size());
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      scaled[std::size_t(r) * side + c] = 2 * at(r, c);
      // Small integers: the sum is exact in any order.
      summed[std::size_t(r) * side + c] = at(r, c) + at(r - 1, c) + at(r + 1, c) + at(r, c - 1) + at(r, c + 1);
    }
  const double bytes = 2.0 * sizeof(float) * input.size();

  array<float, 2> in(side, side, input.begin(), input.end()), out(side, side);
  const array_view<const float, 2> a(in);
  const array_view<float, 2> b(out);
  auto run = [&](const char* workload, const char* impl, kernel k, const std::vector<float>& want) {
    std::fill(out.data(), out.data() + input.size(), -1.0f);
    const timing t = measure(o, [&] { k(a, b); });
    record(rep, result{workload, impl, t, "GB/s", gbps(bytes, t.median_s)},
           [&] { return first_difference(std::vector<float>(out), want); });
  };

  run("direct3d_oob_scale", "ample_index", normal_scale_index, scaled);
  run("direct3d_oob_scale", "ample_direct3d_index", direct3d_mode::scale_index, scaled);
  run("direct3d_oob_scale", "ample_call", normal_scale_call, scaled);
  run("direct3d_oob_scale", "ample_direct3d_call", direct3d_mode::scale_call, scaled);
  run("direct3d_oob_scale", "ample_projection", normal_scale_projection, scaled);
  run("direct3d_oob_scale", "ample_direct3d_projection", direct3d_mode::scale_projection, scaled);
  run("direct3d_oob_stencil", "ample_guarded", normal_stencil_guarded, summed);
  run("direct3d_oob_stencil", "ample_direct3d", direct3d_mode::stencil, summed);
}

}  // namespace

workload direct3d_out_of_bounds_workload() { return {"direct3d_oob", direct3d_out_of_bounds}; }

}  // namespace bench
