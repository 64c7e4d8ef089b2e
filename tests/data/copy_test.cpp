// concurrency::copy between arrays, views and iterators, and its extent checks (SPEC §5.3).
#include <iterator>
#include <list>
#include <numeric>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;

std::vector<int> iota_vector(int n, int first = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

TEST(CopyTest, ArrayToArray) {
  std::vector<int> v = iota_vector(12);
  array<int, 2> src(extent<2>(3, 4), v.begin(), v.end());
  array<int, 2> dst(3, 4);
  concurrency::copy(src, dst);
  EXPECT_EQ(static_cast<std::vector<int>>(dst), v);
}

TEST(CopyTest, ArrayToView) {
  std::vector<int> v = iota_vector(12), w(12, 0);
  array<int, 2> src(extent<2>(3, 4), v.begin(), v.end());
  array_view<int, 2> dst(3, 4, w);
  concurrency::copy(src, dst);
  dst.synchronize();
  EXPECT_EQ(w, v);
}

TEST(CopyTest, ViewToArray) {
  std::vector<int> v = iota_vector(12);
  array_view<int, 2> src(3, 4, v);
  array<int, 2> dst(3, 4);
  concurrency::copy(src, dst);
  EXPECT_EQ(static_cast<std::vector<int>>(dst), v);

  array_view<const int, 2> csrc(3, 4, v);
  array<int, 2> dst2(3, 4);
  concurrency::copy(csrc, dst2);
  EXPECT_EQ(static_cast<std::vector<int>>(dst2), v);
}

TEST(CopyTest, ViewToView) {
  std::vector<int> v = iota_vector(12), w(12, 0);
  array_view<const int, 2> src(3, 4, v);
  array_view<int, 2> dst(3, 4, w);
  concurrency::copy(src, dst);
  dst.synchronize();
  EXPECT_EQ(w, v);
}

TEST(CopyTest, IteratorRangeToArrayAndView) {
  std::vector<int> v = iota_vector(6, 100);
  array<int, 2> a(2, 3);
  concurrency::copy(v.begin(), v.end(), a);
  EXPECT_EQ(a(1, 2), 105);

  std::vector<int> w(6, 0);
  array_view<int, 2> av(2, 3, w);
  concurrency::copy(v.begin(), v.end(), av);
  av.synchronize();
  EXPECT_EQ(w, v);

  std::list<int> l(v.begin(), v.end());
  array<int, 1> b(6);
  concurrency::copy(l.begin(), l.end(), b);
  EXPECT_EQ(static_cast<std::vector<int>>(b), v);
}

TEST(CopyTest, IteratorBeginToArrayAndView) {
  std::vector<int> v = iota_vector(6, 7);
  array<int, 1> a(6);
  concurrency::copy(v.begin(), a);
  EXPECT_EQ(static_cast<std::vector<int>>(a), v);

  std::vector<int> w(6, 0);
  array_view<int, 1> av(6, w);
  concurrency::copy(v.begin(), av);
  av.synchronize();
  EXPECT_EQ(w, v);
}

TEST(CopyTest, ToOutputIterator) {
  std::vector<int> v = iota_vector(6);
  array<int, 2> a(extent<2>(2, 3), v.begin(), v.end());
  std::vector<int> out(6, 0);
  concurrency::copy(a, out.begin());
  EXPECT_EQ(out, v);

  array_view<const int, 2> av(2, 3, v);
  std::vector<int> appended;
  concurrency::copy(av, std::back_inserter(appended));
  EXPECT_EQ(appended, v);
}

TEST(CopyTest, SectionToIteratorIsRowMajor) {
  std::vector<int> v = iota_vector(16);
  array_view<int, 2> av(4, 4, v);
  std::vector<int> out(4, 0);
  concurrency::copy(av.section(index<2>(1, 1), extent<2>(2, 2)), out.begin());
  EXPECT_EQ(out, (std::vector<int>{5, 6, 9, 10}));
}

TEST(CopyTest, IntoSectionLeavesRestUntouched) {
  std::vector<int> v(16, 0);
  array_view<int, 2> av(4, 4, v);
  std::vector<int> src{1, 2, 3, 4};
  concurrency::copy(src.begin(), src.end(), av.section(index<2>(2, 1), extent<2>(2, 2)));
  av.synchronize();
  EXPECT_EQ(v, (std::vector<int>{0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0}));
}

/// moved_in() and moved_out() count the bytes copied in and out of the memory of `home`
/// since the start (nothing, for none).
std::uint64_t moved_in(const ample::detail::device* home) {
  return home != nullptr ? home->transfers.load().bytes_in : 0;
}
std::uint64_t moved_out(const ample::detail::device* home) {
  return home != nullptr ? home->transfers.load().bytes_out : 0;
}

// A view made from an extent alone keeps its data where the default accelerator keeps data:
// on REF (the ref: runs) and a GPU, in the device's memory, with a host mirror for host
// access. A contiguous host range moves straight between that home and the program, each
// byte once, past the mirror; sections move row by row. On the CPU engine the same copies
// are plain host copies. Every way in and out agrees.
TEST(CopyTest, ContiguousHostRangesMoveStraightToAndFromAViewsHomeOnADevice) {
  array_view<int, 2> v(6, 8);  // its elements start uninitialised, as C++ AMP's
  const ample::detail::device* home = ample::detail::mirrored_home(*ample::detail::container_access::storage(v));
  std::vector<int> expected(48, 0);
  copy(expected.begin(), expected.end(), v);
  const auto in = moved_in(home), out = moved_out(home);
  const std::vector<int> rows = iota_vector(3 * 8, 100);  // rows 2 to 4: one piece
  copy(rows.begin(), rows.end(), v.section(2, 0, 3, 8));
  std::copy(rows.begin(), rows.end(), expected.begin() + 16);
  const std::vector<int> block = iota_vector(2 * 3, 500);  // two rows of three: two pieces
  copy(block.data(), block.data() + block.size(), v.section(0, 4, 2, 3));
  for (int i = 0; i < 6; ++i) expected[(i / 3) * 8 + 4 + i % 3] = 500 + i;
  if (home != nullptr) {
    EXPECT_EQ(moved_in(home) - in, (24 + 6) * sizeof(int)) << "the elements copied, at once, once";
    EXPECT_EQ(moved_out(home) - out, 0u);
  }

  std::vector<int> all(48, -1);
  copy(v, all.begin());
  EXPECT_EQ(all, expected);
  if (home != nullptr) {
    EXPECT_EQ(moved_out(home) - out, 48 * sizeof(int)) << "the mirror was stale: from home";
  }
  int corner[4] = {};
  copy(v.section(1, 5, 2, 2), corner);
  EXPECT_EQ(corner[0], 504);
  EXPECT_EQ(corner[1], 505);
  EXPECT_EQ(corner[2], expected[2 * 8 + 5]);
  if (home != nullptr) {
    EXPECT_EQ(moved_out(home) - out, (48 + 4) * sizeof(int)) << "copies out leave the mirror be";
  }

  const std::vector<int> last_row = iota_vector(8, 900);
  copy_async(last_row.begin(), last_row.end(), v.section(5, 0, 1, 8)).get();
  std::copy(last_row.begin(), last_row.end(), expected.begin() + 40);
  std::vector<int> again(48, -1);
  copy_async(array_view<const int, 2>(v), again.data()).get();
  EXPECT_EQ(again, expected);

  EXPECT_EQ(v(5, 7), 907) << "host access brings the home's elements to the mirror";
  EXPECT_EQ(v(0, 4), 500);
  if (home != nullptr) {
    const auto before = moved_out(home);
    std::vector<int> from_mirror(48, -1);
    copy(v, from_mirror.begin());
    EXPECT_EQ(from_mirror, expected);
    EXPECT_EQ(moved_out(home), before) << "with the mirror current, copies read it";
  }
}

// Between a view over host memory and a view made from an extent alone (at home in REF's
// memory in the ref: runs), a copy crosses once: from the vector straight into the device's
// memory, and back from there straight into a vector, the mirror passed by both ways.
TEST(CopyTest, CopiesBetweenHostMemoryAndAViewsHomeOnADeviceCrossOnce) {
  const std::vector<int> data = iota_vector(6 * 8, 1);
  std::vector<int> back(6 * 8, 0);
  array_view<int, 2> implicit(6, 8);
  const ample::detail::device* home = ample::detail::mirrored_home(*ample::detail::container_access::storage(implicit));
  const auto in = moved_in(home), out = moved_out(home);
  const array_view<const int, 2> source(6, 8, data);
  copy(source.section(1, 0, 4, 8), implicit.section(2, 0, 4, 8));
  if (home != nullptr) {
    EXPECT_EQ(moved_in(home) - in, 32 * sizeof(int)) << "into the device's memory at once";
  }
  const array_view<int, 2> target(6, 8, back);
  copy(implicit.section(2, 0, 4, 8), target.section(0, 0, 4, 8));
  for (int i = 0; i < 32; ++i) ASSERT_EQ(back[i], data[8 + i]) << i;
  copy(implicit.section(3, 0, 1, 8), target.section(5, 0, 1, 8));
  for (int i = 0; i < 8; ++i) ASSERT_EQ(back[40 + i], data[16 + i]) << i;
  if (home != nullptr) {
    EXPECT_EQ(moved_out(home) - out, 40 * sizeof(int)) << "each copy out from the device's memory";
  }
  EXPECT_EQ(implicit(2, 0), data[8]) << "host access brings them to the mirror";
  EXPECT_EQ(implicit(5, 7), data[39]);
}

// copy_async() between them crosses once too, on the queue of the view's home; a copy out
// queued after a kernel there that writes the view reads what the kernel wrote.
TEST(CopyTest, QueuedCopiesBetweenHostMemoryAndAViewsHomeOnADeviceCrossOnce) {
  const std::vector<int> data = iota_vector(6 * 8, 1);
  std::vector<int> back(6 * 8, 0);
  array_view<int, 2> implicit(6, 8);
  const ample::detail::device* home = ample::detail::mirrored_home(*ample::detail::container_access::storage(implicit));
  const auto in = moved_in(home), out = moved_out(home);
  const array_view<const int, 2> source(6, 8, data);
  copy_async(source.section(1, 0, 4, 8), implicit.section(2, 0, 4, 8)).get();
  if (home != nullptr) {
    EXPECT_EQ(moved_in(home) - in, 32 * sizeof(int)) << "into the device's memory, once";
  }
  const array_view<int, 2> rows = implicit.section(2, 0, 4, 8);
  parallel_for_each(rows.extent, [=](index<2> i) restrict(amp) { rows[i] += 100; });
  const array_view<int, 2> target(6, 8, back);
  copy_async(rows, target.section(1, 0, 4, 8)).get();
  for (int i = 0; i < 32; ++i) ASSERT_EQ(back[8 + i], data[8 + i] + 100) << i;
  if (home != nullptr) {
    EXPECT_EQ(moved_in(home) - in, 32 * sizeof(int)) << "the kernel read them where they were";
    EXPECT_EQ(moved_out(home) - out, 32 * sizeof(int)) << "out of the device's memory, once";
  }
}

TEST(CopyTest, ExtentMismatchThrowsNamingBothExtents) {
  array<int, 2> a(3, 4);
  array<int, 2> b(4, 3);
  try {
    concurrency::copy(a, b);
    FAIL() << "copy between extents (3, 4) and (4, 3) must throw";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "(3, 4)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "(4, 3)")) << e.what();
  }

  std::vector<int> v(10, 0);
  array_view<int, 1> av(10, v);
  array<int, 1> c(8);
  EXPECT_THROW(concurrency::copy(c, av), runtime_exception);
  EXPECT_THROW(concurrency::copy(av, c), runtime_exception);
}

TEST(CopyTest, IteratorRangeSizeMismatchThrows) {
  std::vector<int> v(5, 1);
  array<int, 1> a(6);
  EXPECT_THROW(concurrency::copy(v.begin(), v.end(), a), runtime_exception);
}

TEST(CopyTest, UnqualifiedCallFindsAmpCopy) {
  // Seed programs write `copy(...)` after `using namespace concurrency;`.
  std::vector<int> v = iota_vector(4);
  array<int, 1> a(4);
  copy(v.begin(), v.end(), a);
  std::vector<int> out(4);
  copy(a, out.begin());
  EXPECT_EQ(out, v);
}

}  // namespace
