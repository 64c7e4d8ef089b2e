// The Direct3D out-of-bounds mode on the fake driver's GPU: kernels whose accesses may fall
// outside the extent get device code (their scratch element a variable of each GPU thread's
// frame: compiler/src/WorkItemScratch.h) and are launched on the GPU, where the test plays
// them; reads outside the extent give zero and writes there are dropped, as on Direct3D.
#ifndef AMPLE_DIRECT3D_OUT_OF_BOUNDS
#define AMPLE_DIRECT3D_OUT_OF_BOUNDS 1
#endif

#include "backend/gpu_launch_fixture.hpp"

namespace {

static_assert(ample::detail::direct3d_out_of_bounds);

/// Under ThreadSanitizer the scratch element is announced to it once per thread, through a
/// thread_local flag and a call into its runtime, neither of which a GPU has: there these
/// kernels run on the CPU engine.
#if defined(AMPLE_IMPL_SCRATCH_TSAN)
constexpr bool expect_gpu = false;
#else
constexpr bool expect_gpu = expect_device_code;
#endif

TEST_F(GpuLaunchTest, Direct3DOutOfBoundsKernelsRunOnTheGpu) {
  std::vector<int> in(16), out(16, -1);
  std::iota(in.begin(), in.end(), 1);
  const array_view<const int, 1> a(16, in);
  const array_view<int, 1> b(16, out);
  const auto neighbours = [=](index<1> i) restrict(amp) {
    b[i] = a[i - 1] + a[i + 1];  // zero past either end
    b[i + 16] = 1000;            // dropped
  };
  hook_.play = play_flat<decltype(neighbours), 1>(in.data(), out.data());
  testing::internal::CaptureStderr();
  parallel_for_each(gpu_.get_default_view(), b.extent, neighbours);
  b.synchronize();
  const std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(hook_.launches, expect_gpu ? 1 : 0);
  if (expect_gpu) {
    EXPECT_EQ(said, "");
  }
  for (int i = 0; i < 16; ++i) ASSERT_EQ(out[i], (i > 0 ? i : 0) + (i < 15 ? i + 2 : 0)) << "element " << i;
}

// A struct element, read and written outside the extent of a rank-2 view: each work-item
// writes the field `a` of the element below it from the field `b` of the one on its right.
struct pair {
  int a, b;
};

TEST_F(GpuLaunchTest, Direct3DOutOfBoundsStructElementsOnTheGpu) {
  std::vector<pair> data(12);
  for (int k = 0; k < 12; ++k) data[k] = {k, 100 + k};
  const array_view<pair, 2> v(3, 4, data);
  const auto shift = [=](index<2> i) restrict(amp) {
    const int right = v[i + index<2>(0, 1)].b;  // zero in the last column
    v[i + index<2>(1, 0)].a = right;            // dropped in the last row
  };
  hook_.play = play_flat<decltype(shift), 2>(data.data());
  parallel_for_each(gpu_.get_default_view(), v.extent, shift);
  v.synchronize();
  EXPECT_EQ(hook_.launches, expect_gpu ? 1 : 0);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) {
      const pair& p = data[r * 4 + c];
      const int right_above = c < 3 ? 100 + (r - 1) * 4 + c + 1 : 0;
      EXPECT_EQ(p.a, r == 0 ? c : right_above) << "element (" << r << ", " << c << ")";
      EXPECT_EQ(p.b, 100 + r * 4 + c) << "element (" << r << ", " << c << ")";
    }
}

}  // namespace
