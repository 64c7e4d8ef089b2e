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
#include "common/warp_synchronous_sum.hpp"

namespace {
AMPLE_TEST_USING_AMP;

constexpr int TILE = 256;

/// reduce_warp_synchronous() is such a program's fast version: -1 where it is not safe.
int reduce_warp_synchronous(const std::vector<int>& values) {
  if (accelerator(accelerator::default_accelerator).is_emulated) return -1;
  return ample_test::warp_synchronous_sum<TILE>(values, true);
}

/// reduce() is how such programs call it, with a barrier per step as the fallback.
int reduce(const std::vector<int>& values) {
  const int sum = reduce_warp_synchronous(values);
  return sum != -1 ? sum : ample_test::warp_synchronous_sum<TILE>(values, false);
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
