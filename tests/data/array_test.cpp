// array<T,N>: owning containers, element access, views over them and capture by reference
// in kernels (SPEC §5.1).
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

std::vector<int> iota_vector(int n, int first = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

TEST(ArrayTest, ConstructFromExtentAndDimensions) {
  array<int, 1> a1(extent<1>(5));
  array<int, 1> b1(7);
  array<int, 2> a2(3, 4);
  array<int, 3> a3(2, 3, 4);
  array<int, 2> e2(extent<2>(6, 2));
  EXPECT_EQ(a1.extent, extent<1>(5));
  EXPECT_EQ(b1.extent, extent<1>(7));
  EXPECT_EQ(a2.extent, extent<2>(3, 4));
  EXPECT_EQ(a3.extent, extent<3>(2, 3, 4));
  EXPECT_EQ(e2.extent, extent<2>(6, 2));
  EXPECT_EQ(a2.get_extent(), extent<2>(3, 4));
}

TEST(ArrayTest, ConstructFromIteratorRange) {
  std::vector<float> v{1.f, 2.f, 3.f, 4.f, 5.f, 6.f};
  array<float, 2> a(extent<2>(2, 3), v.begin(), v.end());
  EXPECT_FLOAT_EQ(a(0, 0), 1.f);
  EXPECT_FLOAT_EQ(a(1, 2), 6.f);
  EXPECT_FLOAT_EQ(a[index<2>(1, 0)], 4.f);
}

TEST(ArrayTest, ConstructFromIteratorBegin) {
  std::vector<int> v = iota_vector(6, 10);
  array<int, 1> a(extent<1>(6), v.begin());
  EXPECT_EQ(a[index<1>(0)], 10);
  EXPECT_EQ(a[index<1>(5)], 15);
}

TEST(ArrayTest, ConstructFromConstArrayView) {
  const std::vector<int> v = iota_vector(6);
  array_view<const int, 2> src(2, 3, v);
  array<int, 2> a(src);
  EXPECT_EQ(a.extent, extent<2>(2, 3));
  EXPECT_EQ(a(1, 1), 4);
}

TEST(ArrayTest, CopyConstructorIsDeep) {
  std::vector<int> v = iota_vector(4);
  array<int, 1> a(extent<1>(4), v.begin(), v.end());
  array<int, 1> b(a);
  b[index<1>(0)] = 99;
  EXPECT_EQ(a[index<1>(0)], 0) << "array copies its data; it is not a view";
  EXPECT_EQ(b[index<1>(0)], 99);
}

TEST(ArrayTest, MoveConstructor) {
  std::vector<int> v = iota_vector(4, 1);
  array<int, 1> a(extent<1>(4), v.begin(), v.end());
  array<int, 1> b(std::move(a));
  EXPECT_EQ(b.extent, extent<1>(4));
  EXPECT_EQ(b[index<1>(3)], 4);
}

TEST(ArrayTest, ConvertsToVector) {
  std::vector<int> v = iota_vector(12, 5);
  array<int, 2> a(extent<2>(3, 4), v.begin(), v.end());
  std::vector<int> out = a;
  EXPECT_EQ(out, v);
  std::vector<int> assigned;
  assigned = a;
  EXPECT_EQ(assigned, v);
}

TEST(ArrayTest, DataIsContiguousRowMajor) {
  if (!accelerator().supports_cpu_shared_memory)
    GTEST_SKIP() << "arrays on the default accelerator have no CPU access, so data() is null (REF)";
  std::vector<int> v = iota_vector(6);
  array<int, 2> a(extent<2>(2, 3), v.begin(), v.end());
  int* p = a.data();
  ASSERT_NE(p, nullptr);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(p[i], i);
  p[4] = 40;
  EXPECT_EQ(a(1, 1), 40);
}

TEST(ArrayTest, ProjectionGivesLowerRankView) {
  std::vector<int> v = iota_vector(12);
  array<int, 2> a(extent<2>(3, 4), v.begin(), v.end());
  array_view<int, 1> row = a[2];
  EXPECT_EQ(row.extent, extent<1>(4));
  EXPECT_EQ(row[index<1>(1)], 9);
  row[index<1>(1)] = -9;
  EXPECT_EQ(a(2, 1), -9) << "the projection is a view into the array";
  EXPECT_EQ(a[1][3], 7);
}

TEST(ArrayTest, Section) {
  std::vector<int> v = iota_vector(16);
  array<int, 2> a(extent<2>(4, 4), v.begin(), v.end());
  array_view<int, 2> s = a.section(index<2>(2, 2), extent<2>(2, 2));
  EXPECT_EQ(s(0, 0), 10);
  s(1, 1) = 0;
  EXPECT_EQ(a(3, 3), 0);
  EXPECT_EQ(a.section(extent<2>(1, 2)).extent, extent<2>(1, 2));
  EXPECT_EQ(a.section(index<2>(1, 0)).extent, extent<2>(3, 4));
}

TEST(ArrayTest, ViewOverArrayAliases) {
  array<int, 1> a(5);
  array_view<int, 1> av(a);
  for (int i = 0; i < 5; ++i) av[index<1>(i)] = i * 7;
  for (int i = 0; i < 5; ++i) EXPECT_EQ(a[index<1>(i)], i * 7);
  EXPECT_EQ(av.extent, a.extent);
}

TEST(ArrayTest, CopyTo) {
  std::vector<int> v = iota_vector(6);
  array<int, 2> a(extent<2>(2, 3), v.begin(), v.end());
  array<int, 2> b(2, 3);
  a.copy_to(b);
  EXPECT_EQ(static_cast<std::vector<int>>(b), v);

  std::vector<int> w(6, 0);
  array_view<int, 2> wv(2, 3, w);
  a.copy_to(wv);
  wv.synchronize();
  EXPECT_EQ(w, v);
}

TEST(ArrayTest, OnAcceleratorView) {
  accelerator acc;
  array<int, 1> a(extent<1>(8), acc.default_view);
  EXPECT_EQ(a.extent, extent<1>(8));
}

class ArrayKernelTest : public WorkerCountTest {};

TEST_P(ArrayKernelTest, CapturedByReference) {
  array<int, 2> a(16, 16);
  parallel_for_each(a.extent, [=, &a](index<2> idx) restrict(amp) { a[idx] = idx[0] * 16 + idx[1]; });
  std::vector<int> out = a;
  for (int i = 0; i < 256; ++i) EXPECT_EQ(out[i], i);
}

TEST_P(ArrayKernelTest, ReadOneArrayWriteAnother) {
  std::vector<int> v = iota_vector(1000);
  array<int, 1> in(extent<1>(1000), v.begin(), v.end());
  array<int, 1> out(1000);
  parallel_for_each(out.extent, [&in, &out](index<1> i) restrict(amp) { out[i] = in[i] + in(999 - i[0]); });
  std::vector<int> r = out;
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(r[i], 999);
}

TEST_P(ArrayKernelTest, TiledKernelAccumulatesIntoArray) {
  array<float, 1> sums(4);
  std::vector<float> zero(4, 0.f);
  concurrency::copy(zero.begin(), sums);
  std::vector<float> data(64, 1.5f);
  array_view<const float, 1> in(64, data);
  parallel_for_each(in.extent.tile<16>(), [=, &sums](tiled_index<16> t) restrict(amp) {
    tile_static float part[16];
    part[t.local[0]] = in[t.global];
    t.barrier.wait();
    if (t.local[0] == 0) {
      float s = 0;
      for (int k = 0; k < 16; ++k) s += part[k];
      sums(t.tile[0]) = s;
    }
  });
  std::vector<float> out = sums;
  for (float s : out) EXPECT_FLOAT_EQ(s, 24.f);
}

AMPLE_INSTANTIATE_WORKER_TESTS(ArrayKernelTest);

}  // namespace
