// Asynchrony: completion_future, copy_async, synchronize_async, markers, and submission order
// on one accelerator_view.
#include <chrono>
#include <future>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

TEST(AsyncTest, DefaultFutureIsNotValid) {
  const completion_future f;
  EXPECT_FALSE(f.valid());
}

TEST(AsyncTest, MarkerCompletesAndConvertsToSharedFuture) {
  const accelerator_view av = accelerator().create_view();
  completion_future marker = av.create_marker();
  ASSERT_TRUE(marker.valid());
  EXPECT_EQ(marker.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  EXPECT_EQ(marker.wait_until(std::chrono::steady_clock::now()), std::future_status::ready);
  marker.wait();
  marker.get();
  const std::shared_future<void> shared = marker;
  EXPECT_TRUE(shared.valid());
}

TEST(AsyncTest, ThenRunsOnceTheOperationHasCompleted) {
  std::vector<int> src(64, 7), dst(64, 0);
  array<int, 1> a(64);
  completion_future f = copy_async(src.begin(), src.end(), a);
  std::promise<int> seen;
  f.then([&] { seen.set_value(a[5]); });
  EXPECT_EQ(seen.get_future().get(), 7);
}

// Work submitted to one accelerator_view completes in submission order: host -> array, kernel,
// array -> host, each depending on the one before.
TEST(AsyncTest, OperationsOnOneViewCompleteInSubmissionOrder) {
  const accelerator_view av = accelerator().default_view;
  std::vector<int> in(1000), out(1000, -1);
  for (int i = 0; i < 1000; ++i) in[i] = i;
  array<int, 1> a(1000, av);
  completion_future up = copy_async(in.begin(), in.end(), a);
  parallel_for_each(av, a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] * 2; });
  completion_future down = copy_async(a, out.begin());
  av.create_marker().get();
  up.get();
  down.get();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], 2 * i);
}

TEST(AsyncTest, SynchronizeAsyncAndGetRef) {
  std::vector<int> v(16, 0);
  array_view<int, 1> view(16, v);
  parallel_for_each(view.extent, [=](index<1> i) restrict(amp) { view.get_ref(i) = i[0] + 1; });
  view.synchronize_async().get();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(v[i], i + 1);
}

TEST(AsyncTest, AutoSelectionViewRunsKernels) {
  const accelerator_view av = accelerator::get_auto_selection_view();
  EXPECT_TRUE(av.get_is_auto_selection());
  std::vector<int> v(8, 0);
  array_view<int, 1> view(8, v);
  parallel_for_each(av, view.extent, [=](index<1> i) restrict(amp) { view[i] = 5; });
  for (int x : v) EXPECT_EQ(x, 5);
  EXPECT_TRUE(accelerator().supports_cpu_shared_memory);
}

}  // namespace
