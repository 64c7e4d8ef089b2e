// AMPLE_ENABLE_DEBUG_CHECKS: every element access through array and array_view is checked
// against the extent, on the host and inside kernels, and an access outside it throws
// runtime_exception naming the index and the extent; so do the accesses Microsoft's runtime
// refuses (the host touching an array of access_type_none, a kernel touching an array on the
// cpu_accelerator). This file turns the checks on for itself,
// so it runs in the normal suite; the rest of the suite is built without them.
//
// tile_static arrays are plain C arrays (config.hpp) and cannot be checked.
#ifndef AMPLE_ENABLE_DEBUG_CHECKS
#define AMPLE_ENABLE_DEBUG_CHECKS 1
#endif

#include <atomic>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using ample_test::expect_runtime_usable;
using ample_test::WorkerCountTest;

static_assert(ample::detail::debug_checks);
// With the checks on, element access may throw, so it is no longer noexcept.
static_assert(!noexcept(std::declval<const array_view<int, 2>&>()[index<2>()]));
static_assert(!noexcept(std::declval<const array_view<int, 1>&>()[0]));
static_assert(!noexcept(std::declval<array<int, 2>&>()(0, 0)));

/// expect_refused() runs `access`, which must throw runtime_exception whose message holds
/// `expected` (for a bounds check the index and extent, as "index (3, 7) is outside extent
/// (3, 4)").
template <class Access>
void expect_refused(Access access, const std::string& expected) {
  try {
    access();
    ADD_FAILURE() << "the access must throw: " << expected;
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), expected)) << e.what();
    EXPECT_EQ(e.get_error_code(), error_code::e_invalidarg);
  }
}

std::vector<int> iota_vector(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  std::iota(v.begin(), v.end(), 0);
  return v;
}

// --- Host code ------------------------------------------------------------------------------

TEST(DebugChecksTest, ArrayViewInRangeAccessesDoNotThrow) {
  std::vector<int> v = iota_vector(12);
  array_view<int, 2> av(3, 4, v);
  const array_view<const int, 2> ro = av;
  int sum = 0;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      EXPECT_NO_THROW(sum += av[index<2>(i, j)] + av(i, j) + av.get_ref(index<2>(i, j)) + av[i][j] + ro(i, j));
    }
  EXPECT_EQ(sum, 5 * 66);
}

TEST(DebugChecksTest, ArrayViewElementAccessOutsideExtent) {
  std::vector<int> v = iota_vector(12);
  array_view<int, 2> av(3, 4, v);
  expect_refused([&] { (void)av[index<2>(3, 7)]; }, "array_view: index (3, 7) is outside extent (3, 4)");
  expect_refused([&] { (void)av(index<2>(0, 4)); }, "index (0, 4) is outside extent (3, 4)");
  expect_refused([&] { (void)av(2, -1); }, "index (2, -1) is outside extent (3, 4)");
  expect_refused([&] { (void)av.get_ref(index<2>(-1, 0)); }, "index (-1, 0) is outside extent (3, 4)");
  const array_view<const int, 2> ro = av;
  expect_refused([&] { (void)ro(3, 0); }, "index (3, 0) is outside extent (3, 4)");
}

TEST(DebugChecksTest, ArrayViewRankOneAndRankThree) {
  std::vector<int> v = iota_vector(24);
  array_view<int, 1> a1(10, v);
  EXPECT_EQ(a1[9], 9);
  EXPECT_EQ(a1(9), 9);
  expect_refused([&] { (void)a1[10]; }, "index (10) is outside extent (10)");
  expect_refused([&] { (void)a1(-1); }, "index (-1) is outside extent (10)");
  expect_refused([&] { (void)a1[index<1>(11)]; }, "index (11) is outside extent (10)");

  array_view<int, 3> a3(2, 3, 4, v);
  EXPECT_EQ(a3(1, 2, 3), 23);
  expect_refused([&] { (void)a3(1, 3, 0); }, "index (1, 3, 0) is outside extent (2, 3, 4)");
}

TEST(DebugChecksTest, ProjectionsAreChecked) {
  std::vector<int> v = iota_vector(24);
  array_view<int, 3> a3(2, 3, 4, v);
  EXPECT_EQ(a3[1][2][3], 23);
  expect_refused([&] { (void)a3[2]; }, "index (2) is outside extent (2) of dimension 0 of extent (2, 3, 4)");
  expect_refused([&] { (void)a3[1][3]; }, "index (3) is outside extent (3) of dimension 0 of extent (3, 4)");
  expect_refused([&] { (void)a3[1][2][4]; }, "index (4) is outside extent (4)");
  expect_refused([&] { (void)a3(-1); }, "index (-1) is outside extent (2)");
}

TEST(DebugChecksTest, SectionsAreCheckedAgainstTheirOwnExtent) {
  // The element at (2, 0) of the section exists in memory (it is (3, 1) of the whole view), but
  // lies outside the section.
  std::vector<int> v = iota_vector(16);
  array_view<int, 2> av(4, 4, v);
  array_view<int, 2> sec = av.section(index<2>(1, 1), extent<2>(2, 2));
  EXPECT_EQ(sec(1, 1), 10);
  expect_refused([&] { (void)sec(2, 0); }, "index (2, 0) is outside extent (2, 2)");
  expect_refused([&] { (void)sec[index<2>(0, 2)]; }, "index (0, 2) is outside extent (2, 2)");
  // Creating a section that does not fit is reported with or without the debug checks.
  EXPECT_THROW((void)av.section(index<2>(3, 3), extent<2>(2, 2)), runtime_exception);
}

TEST(DebugChecksTest, ArrayAccessOutsideExtent) {
  array<int, 2> a(3, 4);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) EXPECT_NO_THROW(a(i, j) = i * 4 + j);
  EXPECT_EQ(a[index<2>(2, 3)], 11);
  EXPECT_EQ(a[2][3], 11);
  expect_refused([&] { (void)a[index<2>(3, 7)]; }, "array: index (3, 7) is outside extent (3, 4)");
  expect_refused([&] { (void)a(1, 4); }, "array: index (1, 4) is outside extent (3, 4)");
  expect_refused([&] { (void)a[3]; }, "array: index (3) is outside extent (3) of dimension 0 of extent (3, 4)");
  expect_refused([&] { (void)a[2][4]; }, "index (4) is outside extent (4)");
  const array<int, 2>& ca = a;
  expect_refused([&] { (void)ca(index<2>(0, -2)); }, "array: index (0, -2) is outside extent (3, 4)");

  array<float, 1> a1(5);
  EXPECT_NO_THROW(a1[4] = 1.0f);
  expect_refused([&] { (void)a1[5]; }, "array: index (5) is outside extent (5)");
  expect_refused([&] { (void)a1(index<1>(-3)); }, "array: index (-3) is outside extent (5)");
}

// --- Kernels ------------------------------------------------------------------------------

// Kernels here run with the debug checks on (the whole file defines AMPLE_ENABLE_DEBUG_CHECKS),
// so ample_test::expect_runtime_usable() also goes through checked accesses.
class DebugChecksKernelTest : public WorkerCountTest {};

TEST_P(DebugChecksKernelTest, InRangeKernelsRunUnchanged) {
  ample_test::expect_in_bounds_kernels_unchanged();
}

TEST_P(DebugChecksKernelTest, NonTiledKernelReadingPastTheEnd) {
  std::vector<int> v = iota_vector(16);
  array_view<const int, 1> in(16, v);
  std::vector<int> out(16, 0);
  array_view<int, 1> next(16, out);
  expect_refused(
      [&] {
        parallel_for_each(next.extent, [=](index<1> i) restrict(amp) { next[i] = in[i + 1]; });
      },
      "array_view: index (16) is outside extent (16)");
  expect_runtime_usable();
}

TEST_P(DebugChecksKernelTest, NonTiledKernelWritingAnArrayOutsideItsExtent) {
  array<int, 2> a(8, 8);
  expect_refused(
      [&] {
        parallel_for_each(extent<2>(8, 8), [&a](index<2> i) restrict(amp) { a(i[1], i[0] - 1) = 0; });
      },
      ") is outside extent (8, 8)");
  expect_refused(
      [&] {
        parallel_for_each(extent<2>(8, 8), [&a](index<2> i) restrict(amp) {
          if (i == index<2>(5, 6)) a[i[0] + 3][i[1]] = 0;
        });
      },
      "array: index (8) is outside extent (8) of dimension 0 of extent (8, 8)");
  expect_runtime_usable();
}

TEST_P(DebugChecksKernelTest, TiledKernelReadingTheNeighbourTile) {
  // Every work-item reads its right-hand neighbour after the barrier; the last column of the
  // last tile column reads one past the end, while its tile-mates wait at the next barrier.
  std::vector<int> v = iota_vector(16 * 16);
  array_view<int, 2> av(16, 16, v);
  std::vector<int> out(16 * 16, 0);
  array_view<int, 2> right(16, 16, out);
  expect_refused(
      [&] {
        parallel_for_each(av.extent.tile<4, 4>(), [=](tiled_index<4, 4> t) restrict(amp) {
          t.barrier.wait();
          right[t] = av[t.global + index<2>(0, 1)];
          t.barrier.wait();
        });
      },
      "array_view: index (");
  expect_refused(
      [&] {
        parallel_for_each(av.extent.tile<4, 4>(), [=](tiled_index<4, 4> t) restrict(amp) {
          if (t.tile == index<2>(3, 3)) right[t.tile_origin + t.local + index<2>(0, 4)] = 0;
        });
      },
      "array_view: index (");
  // The message names the very index: row 12 + local row, column 16 + local column.
  expect_refused(
      [&] {
        parallel_for_each(av.extent.tile<4, 4>(), [=](tiled_index<4, 4> t) restrict(amp) {
          if (t.local == index<2>(1, 2) && t.tile == index<2>(3, 0)) (void)av[t.global + index<2>(4, 0)];
        });
      },
      "array_view: index (17, 2) is outside extent (16, 16)");
  expect_runtime_usable();
}

TEST_P(DebugChecksKernelTest, TiledKernelIndexingAPerTileArrayWithTheGlobalIndex) {
  // A common slip: an array sized for one tile indexed with the global index.
  array<int, 1> per_tile(64);
  expect_refused(
      [&] {
        parallel_for_each(extent<1>(256).tile<64>(), [&per_tile](tiled_index<64> t) restrict(amp) {
          per_tile[t.global] = t.local[0];
          t.barrier.wait();
        });
      },
      ") is outside extent (64)");
  expect_runtime_usable();
}

// --- Microsoft's refusals of who may touch an array's elements ----------------------------

TEST(DebugChecksTest, HostAccessToAnAccessTypeNoneArrayThrows) {
  const std::vector<int> v = iota_vector(8);
  array<int, 1> a(8, v.begin(), v.end(), accelerator().default_view, access_type_none);
  expect_refused([&] { (void)a[3]; },
                       "array: host access to an element of an array (8) whose cpu_access_type is access_type_none");
  const array<int, 1>& ro = a;
  EXPECT_THROW((void)ro(index<1>(0)), runtime_exception);
  // Kernels and copies still reach the elements, as in Microsoft's runtime.
  parallel_for_each(a.extent, [&a](index<1> i) restrict(amp) { a[i] += 1; });
  std::vector<int> back = a;
  EXPECT_EQ(back[7], 8);
  // An array the host may read is not refused.
  array<int, 1> readable(8, v.begin(), v.end(), accelerator().default_view, access_type_read);
  EXPECT_EQ(readable[3], 3);
}

TEST_P(DebugChecksKernelTest, KernelAccessToAStagingArrayThrows) {
  accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  accelerator_view gpu = accelerator().default_view;
  const std::vector<int> v = iota_vector(16);
  array<int, 1> staging(16, v.begin(), v.end(), cpu, gpu);
  EXPECT_EQ(staging[5], 5);  // the host may
  expect_refused(
      [&] { parallel_for_each(gpu, staging.extent, [&staging](index<1> i) restrict(amp) { staging[i] *= 2; }); },
      "array: kernel access to an element of an array (16) on the cpu_accelerator");
  expect_runtime_usable();
  // The way Microsoft's runtime asks for: copy to an array on the associated view.
  array<int, 1> on_device(staging.extent, gpu);
  copy(staging, on_device);
  parallel_for_each(gpu, on_device.extent, [&on_device](index<1> i) restrict(amp) { on_device[i] *= 2; });
  copy(on_device, staging);
  EXPECT_EQ(staging[15], 30);
}

AMPLE_INSTANTIATE_WORKER_TESTS(DebugChecksKernelTest);

}  // namespace
