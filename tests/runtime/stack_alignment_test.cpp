// Over-aligned locals of work-items: a work-item's frame lives on the worker's stack until its
// first barrier and on a fiber stack after it; in sanitizer builds it may live on ASan's fake
// stack. alignas() must hold in all of them, and values must survive every barrier. With
// -march=native on an AVX-512 machine the compiler reads these arrays with aligned 64-byte
// loads, so a misplaced one faults instead of passing quietly.
// Some kernels here read the addresses of kernel locals, which C++ AMP forbids; the restriction
// checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <cstdint>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

constexpr int tile_size = 64;
constexpr int tiles = 8;
constexpr int lanes = 16;

/// is_aligned() tells whether p sits on a multiple of `alignment` bytes.
bool is_aligned(const void* p, std::uintptr_t alignment) restrict(amp, cpu) {
  return reinterpret_cast<std::uintptr_t>(p) % alignment == 0;
}

/// fill() writes a work-item's pattern into an over-aligned block, through a call the
/// optimiser keeps, so the block is a real object in the frame.
__attribute__((noinline)) void fill(float* block, int item) restrict(amp, cpu) {
  for (int k = 0; k < lanes; ++k) block[k] = static_cast<float>(item * lanes + k);
}

/// expected_sum() is what the kernel below stores for work-item `item`: its own block's sum
/// plus its neighbour's, read through tile_static, twice over (two rounds of the loop).
float expected_sum(int item) {
  auto block_sum = [](int i) {
    float s = 0;
    for (int k = 0; k < lanes; ++k) s += static_cast<float>(i * lanes + k);
    return s;
  };
  const int tile_base = item / tile_size * tile_size;
  const int neighbour = tile_base + (item % tile_size + 1) % tile_size;
  return 2 * (block_sum(item) + block_sum(neighbour));
}

class StackAlignmentTest : public ample_test::WorkerCountTest {};

TEST_P(StackAlignmentTest, AlignedLocalsHoldAcrossBarriers) {
  std::vector<float> sums(tile_size * tiles, 0.0f);
  std::vector<int> misaligned(tile_size * tiles, -1);
  array_view<float, 1> sum_view(tile_size * tiles, sums);
  array_view<int, 1> misaligned_view(tile_size * tiles, misaligned);
  parallel_for_each(sum_view.extent.tile<tile_size>(), [=](tiled_index<tile_size> t) restrict(amp) {
    tile_static float shared[tile_size];
    const int item = t.global[0];
    int bad = 0;
    // Lives from before the first barrier (the work-item still runs in the tile's loop) to the end.
    alignas(64) float before[lanes];
    fill(before, item);
    bad += !is_aligned(before, 64);
    float total = 0;
    for (int round = 0; round < 2; ++round) {
      // Made on the fiber stack, after the work-item became a fiber.
      alignas(128) float inside[lanes];
      float own = 0;
      for (int k = 0; k < lanes; ++k) own += before[k];
      shared[t.local[0]] = own;
      t.barrier.wait();
      fill(inside, item);
      bad += !is_aligned(inside, 128) + !is_aligned(before, 64);
      total += own + shared[(t.local[0] + 1) % tile_size];
      t.barrier.wait();
      for (int k = 0; k < lanes; ++k) bad += inside[k] != before[k];
    }
    sum_view[t.global] = total;
    misaligned_view[t.global] = bad;
  });
  sum_view.synchronize();
  misaligned_view.synchronize();
  for (int i = 0; i < tile_size * tiles; ++i) {
    ASSERT_EQ(misaligned[i], 0) << "work-item " << i << " saw a misaligned or clobbered local";
    ASSERT_EQ(sums[i], expected_sum(i)) << "work-item " << i;
  }
}

TEST_P(StackAlignmentTest, AlignedLocalsInPlainKernels) {
  std::vector<int> misaligned(1024, -1);
  array_view<int, 1> view(1024, misaligned);
  parallel_for_each(view.extent, [=](index<1> i) restrict(amp) {
    alignas(64) float block[lanes];
    fill(block, i[0]);
    float sum = 0;
    for (int k = 0; k < lanes; ++k) sum += block[k];
    view[i] = !is_aligned(block, 64) + (sum != static_cast<float>(i[0] * lanes * lanes + lanes * (lanes - 1) / 2));
  });
  view.synchronize();
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(misaligned[i], 0) << "work-item " << i;
}

AMPLE_INSTANTIATE_WORKER_TESTS(StackAlignmentTest);

}  // namespace
