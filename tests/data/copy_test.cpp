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
