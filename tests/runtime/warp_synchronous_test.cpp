// Warp-synchronous kernels and is_emulated (issue 20). GPU programs end their tile reductions
// without barriers once 32 work-items or fewer take part, relying on a GPU warp running them in
// lockstep, and skip that code where it cannot work:
//     if (accelerator(accelerator::default_accelerator).is_emulated) return -1;
// Ample's engine runs work-items one after another between barriers (a CPU, as WARP), so such a
// kernel is racy there. The engine reports is_emulated, as WARP did, and the guard takes the
// program to its version with a barrier per step.
#include <numeric>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

constexpr int TILE = 256;

/// reduce_warp_synchronous() is the tile reduction of such a program: the barrier per step stops
/// at 64 active work-items; the last 32 add without one. -1 where that is not safe.
int reduce_warp_synchronous(const std::vector<int>& values) {
  if (accelerator(accelerator::default_accelerator).is_emulated) return -1;
  const int tiles = static_cast<int>(values.size()) / TILE;
  array_view<const int, 1> in(static_cast<int>(values.size()), values);
  array_view<int, 1> partial(tiles);
  partial.discard_data();
  parallel_for_each(in.extent.tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    tile_static int t[TILE];
    const int local = t_idx.local[0];
    t[local] = in[t_idx.global];
    t_idx.barrier.wait();
    for (int s = TILE / 2; s > 32; s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (local < 32) {  // one warp: no barriers from here on
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

/// reduce_with_barriers() is the program's portable version: a barrier after every step.
int reduce_with_barriers(const std::vector<int>& values) {
  const int tiles = static_cast<int>(values.size()) / TILE;
  array_view<const int, 1> in(static_cast<int>(values.size()), values);
  array_view<int, 1> partial(tiles);
  partial.discard_data();
  parallel_for_each(in.extent.tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    tile_static int t[TILE];
    const int local = t_idx.local[0];
    t[local] = in[t_idx.global];
    t_idx.barrier.wait();
    for (int s = TILE / 2; s > 0; s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (local == 0) partial[t_idx.tile] = t[0];
  });
  int sum = 0;
  for (int i = 0; i < tiles; ++i) sum += partial[i];
  return sum;
}

/// reduce() is how such programs call them.
int reduce(const std::vector<int>& values) {
  const int sum = reduce_warp_synchronous(values);
  return sum != -1 ? sum : reduce_with_barriers(values);
}

std::vector<int> test_values() {
  std::vector<int> v(64 * TILE);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<int>(i % 7) + 1;
  return v;
}

TEST(WarpSynchronousTest, TheGuardSkipsTheWarpSynchronousKernel) {
  EXPECT_EQ(reduce_warp_synchronous(test_values()), -1);
}

TEST(WarpSynchronousTest, TheGuardedProgramComputesTheRightSum) {
  const std::vector<int> v = test_values();
  EXPECT_EQ(reduce(v), std::accumulate(v.begin(), v.end(), 0));
}

TEST(WarpSynchronousTest, EveryDeviceThatRunsKernelsIsEmulated) {
  for (const wchar_t* path : {accelerator::default_accelerator, accelerator::direct3d_warp,
                              accelerator::direct3d_ref})
    EXPECT_TRUE(accelerator(path).is_emulated);
}

}  // namespace
