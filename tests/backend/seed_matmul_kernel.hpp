// The seeds' Fig. 5 tiled matrix multiplication kernel (tile_static arrays, two barriers a
// step), shared by the GPU tests that check it at each layer: device code launched by hand,
// and parallel_for_each on a GPU accelerator.
#pragma once

#include <amp.h>

namespace seed {

/// fig5_matmul() is the kernel computing c = a * b for n x n matrices (n a multiple of 16),
/// over c's extent tiled 16 x 16.
inline auto fig5_matmul(concurrency::array_view<const float, 2> a, concurrency::array_view<const float, 2> b,
                        concurrency::array_view<float, 2> c, int n) {
  return [=](concurrency::tiled_index<16, 16> t) restrict(amp) {
    const int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int i = 0; i < n; i += 16) {
      tile_static float sa[16][16], sb[16][16];
      sa[row][col] = a(t.global[0], col + i);
      sb[row][col] = b(row + i, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < 16; ++k) sum += sa[row][k] * sb[k][col];
      t.barrier.wait();
    }
    c[t.global] = sum;
  };
}

}  // namespace seed
