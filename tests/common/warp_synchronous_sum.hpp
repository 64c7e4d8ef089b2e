// The tile reduction of GPU programs that end it warp-synchronously, shared by the tests of
// is_emulated (runtime/warp_synchronous_test.cpp) and of the race it is (sanitizers/).
#pragma once

#include <vector>

#include <amp.h>

namespace ample_test {

/// warp_synchronous_sum() sums `values` (a whole number of tiles of Tile ints) with a tree in
/// tile_static memory per tile, a barrier after each step. With `warp_synchronous` the barriers
/// stop once 32 work-items or fewer take part, and those add without one, as GPU programs do
/// relying on a warp's lockstep: a race on any device without it, Ample's engine included.
template <int Tile>
int warp_synchronous_sum(const std::vector<int>& values, bool warp_synchronous) {
  static_assert(Tile >= 64 && (Tile & (Tile - 1)) == 0, "the warp-synchronous steps need 64 or more");
  const int tiles = static_cast<int>(values.size()) / Tile;
  concurrency::array_view<const int, 1> in(static_cast<int>(values.size()), values);
  concurrency::array_view<int, 1> partial(tiles);
  partial.discard_data();
  concurrency::parallel_for_each(in.extent.tile<Tile>(), [=](concurrency::tiled_index<Tile> t_idx) restrict(amp) {
    tile_static int t[Tile];
    const int local = t_idx.local[0];
    t[local] = in[t_idx.global];
    t_idx.barrier.wait();
    for (int s = Tile / 2; s > (warp_synchronous ? 32 : 0); s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (warp_synchronous && local < 32) {  // one warp: no barriers from here on
      t[local] += t[local + 32];
      t[local] += t[local + 16];
      t[local] += t[local + 8];
      t[local] += t[local + 4];
      t[local] += t[local + 2];
      t[local] += t[local + 1];
    }
    if (local == 0) partial[t_idx.tile] = t[0];
  });
  int sum = 0;
  for (int i = 0; i < tiles; ++i) sum += partial[i];
  return sum;
}

}  // namespace ample_test
