// The kernels of seed 003's matrix transpose in C++ AMP, shared by the CPU suite
// (transpose.cpp) and the GPU one (gpu/gpu_bench.cpp). Each writes b, the transpose of a,
// over b's extent tiled 16 x 16: i runs along columns (CUDA's x, C++ AMP dimension 1), j
// along rows.
//
// The kernels have internal linkage (an unnamed namespace: a copy per program), as a kernel
// written in one source file has: the compiler then inlines each into the CPU engine's
// work-item loop, its only caller. Inline functions' kernels would be shared between files,
// and on fibers, where nothing else inlines them, a call per work-item took the transposes
// from 0.40 s to 0.60-0.75 s (docs/perf/2026-11-29-launch-layout.md).
#pragma once

#include <amp.h>

namespace bench::transpose_kernels {
namespace {

inline constexpr int BSX = 16, BSY = 16;

/// variant_1: as the seed launches it, 16x16 blocks, no shared memory.
auto variant_1(concurrency::array_view<const float, 2> a, concurrency::array_view<float, 2> b) {
  return [=](concurrency::tiled_index<BSY, BSX> t_idx) restrict(amp) {
    int i = t_idx.local[1] + t_idx.tile[1] * BSX;
    int j = t_idx.local[0] + t_idx.tile[0] * BSY;
    b(j, i) = a(i, j);
  };
}

/// variant_2: the block goes through tile_static memory, sh[BSY][BSX].
auto variant_2(concurrency::array_view<const float, 2> a, concurrency::array_view<float, 2> b) {
  return [=](concurrency::tiled_index<BSY, BSX> t_idx) restrict(amp) {
    tile_static float sh[BSY][BSX];
    int x = t_idx.tile[1] * BSX;
    int y = t_idx.tile[0] * BSY;
    sh[t_idx.local[0]][t_idx.local[1]] = a(y + t_idx.local[0], x + t_idx.local[1]);
    t_idx.barrier.wait();
    b(x + t_idx.local[0], y + t_idx.local[1]) = sh[t_idx.local[1]][t_idx.local[0]];
  };
}

/// variant_3: as variant 2 with rows padded to BSX + 1 against shared-memory bank conflicts.
auto variant_3(concurrency::array_view<const float, 2> a, concurrency::array_view<float, 2> b) {
  return [=](concurrency::tiled_index<BSY, BSX> t_idx) restrict(amp) {
    tile_static float sh[BSY][BSX + 1];
    int x = t_idx.tile[1] * BSX;
    int y = t_idx.tile[0] * BSY;
    sh[t_idx.local[0]][t_idx.local[1]] = a(y + t_idx.local[0], x + t_idx.local[1]);
    t_idx.barrier.wait();
    b(x + t_idx.local[0], y + t_idx.local[1]) = sh[t_idx.local[1]][t_idx.local[0]];
  };
}

}  // namespace
}  // namespace bench::transpose_kernels
