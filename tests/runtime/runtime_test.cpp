// The runtime-wide pieces of <amp.h>: amp_uninitialize, the constants, kernel debug output.
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;

TEST(RuntimeTest, ConstantsHaveMicrosoftsValues) {
  EXPECT_EQ(HLSL_MAX_NUM_BUFFERS, 192);
  EXPECT_EQ(MODULENAME_MAX_LENGTH, 1024);
}

// After amp_uninitialize the next launch starts the runtime again, as often as needed.
TEST(RuntimeTest, AmpUninitializeThenLaunchAgain) {
  for (int round = 0; round < 3; ++round) {
    std::vector<int> v(1000);
    array_view<int, 1> av(1000, v);
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0] + round; });
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], i + round);
    amp_uninitialize();
    amp_uninitialize();  // legal more than once
  }
}

TEST(RuntimeTest, UninitializedObjectIsARuntimeException) {
  const uninitialized_object e("object");
  const runtime_exception& base = e;
  EXPECT_STREQ(base.what(), "object");
}

TEST(RuntimeTest, Direct3dPrintfWritesFromAKernel) {
  ::testing::internal::CaptureStdout();
  parallel_for_each(accelerator(accelerator::direct3d_ref).default_view, extent<1>(3),
                    [](index<1> i) restrict(amp) { direct3d::direct3d_printf("item %d\n", i[0]); });
  accelerator(accelerator::direct3d_ref).default_view.wait();  // the launch was queued
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "item 0\nitem 1\nitem 2\n");
}

TEST(RuntimeTest, Direct3dErrorfAndAbortStopTheLaunch) {
  try {
    parallel_for_each(extent<1>(64), [](index<1> i) restrict(amp) {
      if (i[0] == 17) direct3d::direct3d_errorf("bad value %d", i[0]);
    });
    FAIL() << "direct3d_errorf must stop the launch";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "bad value 17")) << e.what();
  }
  EXPECT_THROW(parallel_for_each(extent<1>(8), [](index<1> i) restrict(amp) {
                 if (i[0] == 3) direct3d::direct3d_abort();
               }),
               runtime_exception);
}

}  // namespace
