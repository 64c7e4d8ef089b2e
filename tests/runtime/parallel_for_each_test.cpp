// parallel_for_each over plain extents: coverage of every index exactly once for ranks 1-4,
// function objects, explicit accelerator_views, synchronous completion, and the Ample engine
// controls (thread count, work-item stack size).
// Some kernels here record from kernels which threads run them, under a host mutex, which C++ AMP
// forbids; the restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <sched.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

// The default is every CPU the process may run on: its affinity mask, which taskset and a
// container's cpuset narrow (std::thread::hardware_concurrency() counts the machine's).
TEST(EngineControlTest, DefaultThreadCountIsTheCpusTheProcessMayUse) {
  if (std::getenv("AMPLE_NUM_THREADS") != nullptr) GTEST_SKIP() << "AMPLE_NUM_THREADS sets the default";
  cpu_set_t allowed;
  ASSERT_EQ(sched_getaffinity(0, sizeof allowed, &allowed), 0);
  ample::set_thread_count(0);
  EXPECT_EQ(ample::thread_count(), static_cast<unsigned>(CPU_COUNT(&allowed)));

  // Narrowed to one CPU (as `taskset -c <cpu>` would), the default is one thread, and kernels
  // still run.
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(sched_getcpu(), &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  ample::set_thread_count(0);
  const unsigned narrowed = ample::thread_count();
  std::vector<int> v(1000, 0);
  array_view<int, 1> av(1000, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0] * 2; });
  av.synchronize();
  ASSERT_EQ(sched_setaffinity(0, sizeof allowed, &allowed), 0);
  ample::set_thread_count(0);
  EXPECT_EQ(narrowed, 1u);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], i * 2);
}

TEST(EngineControlTest, SetThreadCountRoundTrips) {
  ample::set_thread_count(1);
  EXPECT_EQ(ample::thread_count(), 1u);
  ample::set_thread_count(3);
  EXPECT_EQ(ample::thread_count(), 3u);
  ample::set_thread_count(0);
  EXPECT_GE(ample::thread_count(), 1u);
}

TEST(EngineControlTest, WorkItemStackSizeRoundTrips) {
  const std::size_t original = ample::work_item_stack_size();
  EXPECT_GT(original, 0u);
  ample::set_work_item_stack_size(256 * 1024);
  EXPECT_GE(ample::work_item_stack_size(), 256u * 1024u);
  ample::set_work_item_stack_size(original);
  EXPECT_EQ(ample::work_item_stack_size(), original);
}

class ParallelForEachTest : public WorkerCountTest {};

// An extent whose points do not fit extent::size()'s unsigned int is refused before anything
// runs: 65536 x 65536 used to divide by a zero grain, 65536 x 65537 to run 65536 work-items.
TEST(EngineControlTest, ExtentOfMoreThanUintMaxPointsIsRefused) {
  std::atomic<long long> ran{0};
  EXPECT_THROW(parallel_for_each(extent<2>(65536, 65536), [&](index<2>) { ran.fetch_add(1); }),
               invalid_compute_domain);
  EXPECT_THROW(parallel_for_each(extent<2>(65536, 65537), [&](index<2>) { ran.fetch_add(1); }),
               invalid_compute_domain);
  EXPECT_EQ(ran.load(), 0);
  parallel_for_each(extent<1>(8), [&](index<1>) { ran.fetch_add(1); });
  accelerator().default_view.wait();  // REF queues its launches
  EXPECT_EQ(ran.load(), 8);
}

TEST_P(ParallelForEachTest, ThreadCountIsApplied) { EXPECT_EQ(ample::thread_count(), GetParam()); }

TEST_P(ParallelForEachTest, Rank1EachIndexOnce) {
  constexpr int n = 100003;  // prime: no even split over workers
  std::vector<int> hits(n, 0);
  array_view<int, 1> h(n, hits);
  parallel_for_each(h.extent, [=](index<1> i) restrict(amp) { h[i] += 1; });
  h.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(hits[i], 1) << "index " << i;
}

TEST_P(ParallelForEachTest, Rank2WritesCoordinates) {
  constexpr int rows = 37, cols = 53;
  std::vector<int> v(rows * cols, -1);
  array_view<int, 2> av(rows, cols, v);
  parallel_for_each(av.extent, [=](index<2> idx) restrict(amp) { av[idx] = idx[0] * 1000 + idx[1]; });
  av.synchronize();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) ASSERT_EQ(v[r * cols + c], r * 1000 + c);
}

// More rows than a GPU grid's 65535 blocks of 16 hold along y: on a GPU the rows go on in the
// grid's z (gpu_grid_of()); every element is written once, by its own index.
TEST_P(ParallelForEachTest, Rank2OfMoreRowsThanAGridHoldsAlongY) {
  constexpr int rows = 65535 * 16 + 3, cols = 2;
  std::vector<int> v(static_cast<std::size_t>(rows) * cols, -1);
  array_view<int, 2> av(rows, cols, v);
  parallel_for_each(av.extent, [=](index<2> idx) restrict(amp) { av[idx] += idx[0] * 2 + idx[1] + 1; });
  av.synchronize();
  for (int k = 0; k < rows * cols; ++k) ASSERT_EQ(v[k], k) << "element " << k;
}

TEST_P(ParallelForEachTest, Rank3WritesLinearIndex) {
  constexpr int d0 = 5, d1 = 7, d2 = 11;
  std::vector<int> v(d0 * d1 * d2, -1);
  array_view<int, 3> av(d0, d1, d2, v);
  parallel_for_each(av.extent, [=](index<3> i) restrict(amp) { av[i] = (i[0] * d1 + i[1]) * d2 + i[2]; });
  av.synchronize();
  for (int k = 0; k < d0 * d1 * d2; ++k) ASSERT_EQ(v[k], k);
}

TEST_P(ParallelForEachTest, Rank4WritesLinearIndex) {
  extent<4> e;  // built by element: the int[] constructor has its own test in extent_test
  e[0] = 3;
  e[1] = 4;
  e[2] = 5;
  e[3] = 6;
  std::vector<int> v(e.size(), -1);
  array_view<int, 4> av(e, v);
  parallel_for_each(e, [=](index<4> i) restrict(amp) { av[i] = ((i[0] * 4 + i[1]) * 5 + i[2]) * 6 + i[3]; });
  av.synchronize();
  for (int k = 0; k < static_cast<int>(e.size()); ++k) ASSERT_EQ(v[k], k);
}

TEST_P(ParallelForEachTest, SingleWorkItem) {
  std::vector<int> v(1, 0);
  array_view<int, 1> av(1, v);
  parallel_for_each(extent<1>(1), [=](index<1> i) restrict(amp) { av[i] = 77; });
  av.synchronize();
  EXPECT_EQ(v[0], 77);
}

struct scale_by {
  array_view<const float, 1> in;
  array_view<float, 1> out;
  float factor;
  void operator()(index<1> i) const restrict(amp) { out[i] = in[i] * factor; }
};

TEST_P(ParallelForEachTest, FunctionObject) {
  std::vector<float> a(300), b(300, 0.f);
  for (int i = 0; i < 300; ++i) a[i] = 0.5f * i;
  array_view<const float, 1> in(300, a);
  array_view<float, 1> out(300, b);
  parallel_for_each(out.extent, scale_by{in, out, 4.f});
  out.synchronize();
  for (int i = 0; i < 300; ++i) EXPECT_FLOAT_EQ(b[i], 2.f * i);
}

struct tiled_reverse {
  array_view<int, 1> data;
  void operator()(tiled_index<32> t) const restrict(amp) {
    tile_static int s[32];
    s[t.local[0]] = data[t.global];
    t.barrier.wait();
    data[t.global] = s[31 - t.local[0]];
  }
};

TEST_P(ParallelForEachTest, TiledFunctionObject) {
  std::vector<int> v(128);
  for (int i = 0; i < 128; ++i) v[i] = i;
  array_view<int, 1> av(128, v);
  parallel_for_each(av.extent.tile<32>(), tiled_reverse{av});
  av.synchronize();
  for (int i = 0; i < 128; ++i) EXPECT_EQ(v[i], (i / 32) * 32 + 31 - i % 32);
}

TEST_P(ParallelForEachTest, ExplicitAcceleratorView) {
  accelerator_view view = accelerator().default_view;
  std::vector<int> v(500, 0);
  array_view<int, 1> av(500, v);
  parallel_for_each(view, av.extent, [=](index<1> i) restrict(amp) { av[i] = 2 * i[0]; });
  parallel_for_each(view, av.extent.tile<50>(), [=](tiled_index<50> t) restrict(amp) { av[t] += 1; });
  av.synchronize();
  for (int i = 0; i < 500; ++i) EXPECT_EQ(v[i], 2 * i + 1);
}

TEST_P(ParallelForEachTest, SynchronousForTheHost) {
  std::atomic<int> done{0};
  parallel_for_each(extent<1>(20000), [&](index<1>) restrict(amp) { done.fetch_add(1, std::memory_order_relaxed); });
  // On REF (the `ref:` run) launches are queued and wait() is what finishes them; on the CPU
  // engine it has nothing to do, so this still proves the engine synchronous.
  accelerator().default_view.wait();
  EXPECT_EQ(done.load(), 20000) << "every work-item has finished when parallel_for_each returns";
}

TEST_P(ParallelForEachTest, SuccessiveKernelsSeeEarlierResults) {
  std::vector<int> v(1000, 1);
  array_view<int, 1> av(1000, v);
  for (int round = 0; round < 10; ++round)
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = av[i] * 2; });
  av.synchronize();
  for (int x : v) ASSERT_EQ(x, 1024);
}

TEST_P(ParallelForEachTest, UsesAtMostThreadCountThreads) {
  std::mutex m;
  std::set<std::thread::id> ids;
  parallel_for_each(extent<1>(4096).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
    if (t.local[0] == 0) {
      std::lock_guard<std::mutex> lock(m);
      ids.insert(std::this_thread::get_id());
    }
  });
  parallel_for_each(extent<1>(50000), [&](index<1> i) restrict(amp) {
    if (i[0] % 97 == 0) {
      std::lock_guard<std::mutex> lock(m);
      ids.insert(std::this_thread::get_id());
    }
  });
  accelerator().default_view.wait();  // REF queues its launches
  EXPECT_GE(ids.size(), 1u);
  EXPECT_LE(ids.size(), GetParam());
  if (GetParam() == 1 && accelerator().device_path != accelerator::direct3d_ref) {
    EXPECT_EQ(*ids.begin(), std::this_thread::get_id()) << "one thread means the launching thread";
  }
}

TEST_P(ParallelForEachTest, LargeStackFrameWithBiggerStack) {
  const std::size_t original = ample::work_item_stack_size();
  ample::set_work_item_stack_size(512 * 1024);
  std::vector<int> v(256, 0);
  array_view<int, 1> av(256, v);
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    volatile int local[16 * 1024];  // 64 KiB on the work-item's stack, live across the barrier
    for (int k = 0; k < 16 * 1024; ++k) local[k] = k + t.local[0];
    t.barrier.wait();
    int sum = 0;
    for (int k = 0; k < 16 * 1024; k += 1024) sum += local[k];
    av[t.global] = sum;
  });
  ample::set_work_item_stack_size(original);
  av.synchronize();
  int expected_base = 0;
  for (int k = 0; k < 16 * 1024; k += 1024) expected_base += k;
  for (int i = 0; i < 256; ++i) ASSERT_EQ(v[i], expected_base + 16 * (i % 64)) << i;
}

AMPLE_INSTANTIATE_WORKER_TESTS(ParallelForEachTest);

}  // namespace
