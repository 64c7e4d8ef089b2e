// array_view<T,N> and array_view<const T,N>: construction, access, sections, projections and
// the synchronisation members (SPEC §5.2).
#include <numeric>
#include <type_traits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

template <class V>
concept has_data = requires(V v) { v.data(); };

// make_extent4() builds a rank-4 extent element by element (the int[] constructor is tested in
// extent_test).
extent<4> make_extent4(int e0, int e1, int e2, int e3) {
  extent<4> e;
  e[0] = e0;
  e[1] = e1;
  e[2] = e2;
  e[3] = e3;
  return e;
}

std::vector<int> iota_vector(int n, int first = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

TEST(ArrayViewTest, FromVectorWithExtent) {
  std::vector<int> v = iota_vector(12);
  array_view<int, 2> av(extent<2>(3, 4), v);
  EXPECT_EQ(av.extent, extent<2>(3, 4));
  EXPECT_EQ(av(0, 0), 0);
  EXPECT_EQ(av(1, 2), 6);
  EXPECT_EQ(av(2, 3), 11);
  EXPECT_EQ(av[index<2>(2, 1)], 9);
}

TEST(ArrayViewTest, FromVectorWithDimensions) {
  std::vector<int> v = iota_vector(24);
  array_view<int, 1> a1(24, v);
  array_view<int, 2> a2(4, 6, v);
  array_view<int, 3> a3(2, 3, 4, v);
  EXPECT_EQ(a1.extent, extent<1>(24));
  EXPECT_EQ(a2.extent, extent<2>(4, 6));
  EXPECT_EQ(a3.extent, extent<3>(2, 3, 4));
  EXPECT_EQ(a1[index<1>(23)], 23);
  EXPECT_EQ(a2(3, 5), 23);
  EXPECT_EQ(a3(1, 2, 3), 23);
  EXPECT_EQ(a3(1, 0, 1), 13);
}

TEST(ArrayViewTest, FromRawPointer) {
  int raw[] = {1, 4, 2, 5, 3, 6};
  array_view<int, 2> av(3, 2, raw);
  EXPECT_EQ(av(0, 1), 4);
  EXPECT_EQ(av(2, 0), 3);
  av(1, 1) = 50;
  EXPECT_EQ(raw[3], 50) << "a view over host memory on the CPU writes that memory";

  array_view<int, 1> a1(extent<1>(6), raw);
  EXPECT_EQ(a1[index<1>(5)], 6);
}

TEST(ArrayViewTest, ConstViewFromConstVector) {
  const std::vector<int> v = iota_vector(6, 1);
  array_view<const int, 2> av(2, 3, v);
  EXPECT_EQ(av(1, 2), 6);
  EXPECT_TRUE((std::is_same_v<decltype(av(0, 0)), const int&>));
}

TEST(ArrayViewTest, ConstViewFromMutableView) {
  std::vector<int> v = iota_vector(4);
  array_view<int, 1> av(4, v);
  array_view<const int, 1> cav = av;
  av[index<1>(2)] = 42;
  EXPECT_EQ(cav[index<1>(2)], 42) << "both views alias the same data";
}

TEST(ArrayViewTest, CopiesAliasTheSameData) {
  std::vector<int> v(4, 0);
  array_view<int, 1> a(4, v);
  array_view<int, 1> b = a;
  b[index<1>(1)] = 7;
  EXPECT_EQ(a[index<1>(1)], 7);

  std::vector<int> w(4, 3);
  array_view<int, 1> c(4, w);
  c = a;
  EXPECT_EQ(c[index<1>(1)], 7);
  EXPECT_EQ(c.extent, extent<1>(4));
}

TEST(ArrayViewTest, ExtentIsReadOnly) {
  std::vector<int> v(6);
  array_view<int, 2> av(2, 3, v);
  EXPECT_FALSE((std::is_assignable_v<decltype((av.extent)), extent<2>>));
  EXPECT_EQ(av.extent.size(), 6u);
  EXPECT_EQ(av.get_extent(), extent<2>(2, 3));
}

TEST(ArrayViewTest, DataOnlyForRankOne) {
  std::vector<int> v = iota_vector(8);
  array_view<int, 1> av(8, v);
  EXPECT_EQ(av.data(), v.data()) << "on the CPU the view works in the vector's own memory";
  EXPECT_TRUE((has_data<array_view<int, 1>>));
  EXPECT_TRUE((has_data<array_view<const int, 1>>));
  EXPECT_FALSE((has_data<array_view<int, 2>>));
  EXPECT_FALSE((has_data<array_view<int, 3>>));
}

TEST(ArrayViewTest, ProjectionToLowerRank) {
  std::vector<int> v = iota_vector(12);
  array_view<int, 2> av(3, 4, v);
  array_view<int, 1> row = av[1];
  EXPECT_EQ(row.extent, extent<1>(4));
  EXPECT_EQ(row[index<1>(0)], 4);
  EXPECT_EQ(av[2][3], 11);
  row[index<1>(2)] = -1;
  EXPECT_EQ(v[6], -1);

  std::vector<int> w = iota_vector(24);
  array_view<int, 3> a3(2, 3, 4, w);
  array_view<int, 2> plane = a3[1];
  EXPECT_EQ(plane.extent, extent<2>(3, 4));
  EXPECT_EQ(plane(2, 3), 23);
  EXPECT_EQ(a3[1][2][3], 23);

  array_view<const int, 2> cav(3, 4, v);
  array_view<const int, 1> crow = cav[2];
  EXPECT_EQ(crow[index<1>(1)], 9);
}

TEST(ArrayViewTest, SectionWithOriginAndExtent) {
  std::vector<int> v = iota_vector(16);
  array_view<int, 2> av(4, 4, v);
  array_view<int, 2> s = av.section(index<2>(1, 1), extent<2>(2, 2));
  EXPECT_EQ(s.extent, extent<2>(2, 2));
  EXPECT_EQ(s(0, 0), 5);
  EXPECT_EQ(s(1, 1), 10);
  s(1, 0) = 100;
  EXPECT_EQ(v[9], 100);
}

TEST(ArrayViewTest, SectionForms) {
  std::vector<int> v = iota_vector(20);
  array_view<int, 2> av(4, 5, v);

  auto to_end = av.section(index<2>(1, 2));
  EXPECT_EQ(to_end.extent, extent<2>(3, 3));
  EXPECT_EQ(to_end(0, 0), 7);

  auto from_origin = av.section(extent<2>(2, 3));
  EXPECT_EQ(from_origin.extent, extent<2>(2, 3));
  EXPECT_EQ(from_origin(1, 2), 7);

  auto by_ints = av.section(2, 1, 2, 3);
  EXPECT_EQ(by_ints.extent, extent<2>(2, 3));
  EXPECT_EQ(by_ints(0, 0), 11);
  EXPECT_EQ(by_ints(1, 2), 18);

  std::vector<int> w = iota_vector(10);
  array_view<int, 1> a1(10, w);
  auto s1 = a1.section(3, 4);
  EXPECT_EQ(s1.extent, extent<1>(4));
  EXPECT_EQ(s1[index<1>(0)], 3);
  EXPECT_EQ(s1[index<1>(3)], 6);

  auto nested = av.section(index<2>(1, 1), extent<2>(3, 4)).section(index<2>(1, 1), extent<2>(2, 2));
  EXPECT_EQ(nested(0, 0), 12);
  EXPECT_EQ(nested(1, 1), 18);
}

TEST(ArrayViewTest, ImplicitStorage) {
  array_view<int, 2> av(extent<2>(3, 4));
  EXPECT_EQ(av.extent, extent<2>(3, 4));
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) av(i, j) = i * 10 + j;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) EXPECT_EQ(av(i, j), i * 10 + j);
}

TEST(ArrayViewTest, HigherRank) {
  std::vector<int> v = iota_vector(24);
  array_view<int, 4> av(make_extent4(2, 3, 2, 2), v);
  index<4> at;
  at[0] = 1;
  at[1] = 2;
  at[2] = 1;
  at[3] = 0;
  EXPECT_EQ(av[at], 12 + 8 + 2);
  EXPECT_EQ(av.extent.size(), 24u);
}

class ArrayViewKernelTest : public WorkerCountTest {};

TEST_P(ArrayViewKernelTest, KernelWritesReachVectorAfterSynchronize) {
  std::vector<int> v(6 * 7, 0);
  array_view<int, 2> av(6, 7, v);
  parallel_for_each(av.extent, [=](index<2> idx) restrict(amp) { av[idx] = idx[0] * 100 + idx[1]; });
  av.synchronize();
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 7; ++j) EXPECT_EQ(v[i * 7 + j], i * 100 + j);
}

TEST_P(ArrayViewKernelTest, LastViewWritesBackOnDestruction) {
  std::vector<int> v(100, 0);
  {
    array_view<int, 1> av(100, v);
    parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) { av[idx] = 3 * idx[0]; });
  }
  for (int i = 0; i < 100; ++i) EXPECT_EQ(v[i], 3 * i);
}

TEST_P(ArrayViewKernelTest, RefreshSeesHostChanges) {
  std::vector<int> src(16, 1), dst(16, 0);
  array_view<const int, 1> in(16, src);
  array_view<int, 1> out(16, dst);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = in[i] * 2; });
  out.synchronize();
  EXPECT_EQ(dst[5], 2);

  for (auto& x : src) x = 21;
  in.refresh();
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = in[i] * 2; });
  out.synchronize();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(dst[i], 42);
}

TEST_P(ArrayViewKernelTest, DiscardDataThenOverwrite) {
  std::vector<int> v(64, -5);
  array_view<int, 1> av(64, v);
  av.discard_data();
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0] + 1; });
  av.synchronize();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(v[i], i + 1);
}

TEST_P(ArrayViewKernelTest, KernelOverSectionTouchesOnlySection) {
  std::vector<int> v(8 * 8, 0);
  array_view<int, 2> av(8, 8, v);
  array_view<int, 2> s = av.section(index<2>(2, 3), extent<2>(4, 2));
  parallel_for_each(s.extent, [=](index<2> i) restrict(amp) { s[i] = 1; });
  av.synchronize();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const bool inside = i >= 2 && i < 6 && j >= 3 && j < 5;
      EXPECT_EQ(v[i * 8 + j], inside ? 1 : 0) << "(" << i << ", " << j << ")";
    }
}

TEST_P(ArrayViewKernelTest, ProjectionInsideKernel) {
  std::vector<int> v(4 * 5, 0);
  array_view<int, 2> av(4, 5, v);
  parallel_for_each(extent<1>(4), [=](index<1> r) restrict(amp) {
    array_view<int, 1> row = av[r[0]];
    for (int j = 0; j < 5; ++j) row(j) = r[0] + j;
  });
  av.synchronize();
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j) EXPECT_EQ(v[i * 5 + j], i + j);
}

// Views made inside a kernel from a captured view or array (projections, sections) do not take
// a share of the storage (detail/kernel_context.hpp); they must still reach the right elements,
// over arrays, implicit storage and host memory, in plain and tiled kernels.
TEST_P(ArrayViewKernelTest, ViewsDerivedInsideKernelsReachTheirElements) {
  array<int, 2> arr(6, 8);
  array_view<int, 2> implicit(extent<2>(6, 8));
  std::vector<int> host(6 * 8);
  array_view<int, 2> over_host(6, 8, host);
  parallel_for_each(arr.extent, [=, &arr](index<2> i) restrict(amp) {
    const int value = i[0] * 10 + i[1];
    arr[i[0]][i[1]] = value;
    implicit.section(index<2>(i[0], 0))[0][i[1]] = value;
    over_host[i[0]](i[1]) = value;
  });
  parallel_for_each(arr.extent.tile<2, 4>(), [=, &arr](tiled_index<2, 4> t) restrict(amp) {
    array_view<int, 2> block = arr.section(t.tile_origin, extent<2>(2, 4));
    block[t.local[0]][t.local[1]] += 1000;
  });
  std::vector<int> from_array = arr;
  over_host.synchronize();
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 8; ++c) {
      EXPECT_EQ(from_array[r * 8 + c], 1000 + r * 10 + c);
      EXPECT_EQ(implicit(r, c), r * 10 + c);
      EXPECT_EQ(host[r * 8 + c], r * 10 + c);
    }
}

// A kernel may capture an array of views and index it by a variable: each work-item reaches the
// view its index picks (on a GPU every view of the array is pointed at the GPU's copy:
// compiler/test/device_code_pointers_indexed.cpp).
TEST_P(ArrayViewKernelTest, ACapturedArrayOfViewsIndexedByAVariable) {
  std::vector<int> first(32), second(32), third(32);
  std::iota(first.begin(), first.end(), 0);
  std::iota(second.begin(), second.end(), 100);
  std::iota(third.begin(), third.end(), 200);
  const array_view<const int, 1> sources[3] = {array_view<const int, 1>(32, first),
                                                array_view<const int, 1>(32, second),
                                                array_view<const int, 1>(32, third)};
  std::vector<int> picked(32, 0), summed(32, 0);
  const array_view<int, 1> pick(32, picked), sum(32, summed);
  int count = 3;  // captured: the loop's bound is the kernel's
  parallel_for_each(pick.extent, [=](index<1> i) restrict(amp) {
    pick[i] = sources[i[0] % 3][i];
    int s = 0;
    for (int k = 0; k < count; ++k) s += sources[k][i];
    sum[i] = s;
  });
  pick.synchronize();
  sum.synchronize();
  for (int i = 0; i < 32; ++i) {
    EXPECT_EQ(picked[i], i % 3 * 100 + i) << "element " << i;
    EXPECT_EQ(summed[i], 300 + 3 * i) << "element " << i;
  }
}

// On the host a derived view owns a share of the storage, as any view does: it outlives the
// view or array it was made from.
TEST(ArrayViewTest, DerivedViewsOnTheHostKeepTheStorageAlive) {
  array_view<int, 1> row = array_view<int, 2>(extent<2>(3, 4))[1];
  row[2] = 7;
  EXPECT_EQ(row[2], 7);
  array_view<int, 2> block = array<int, 2>(4, 4).section(index<2>(1, 1));
  block(2, 2) = 9;
  EXPECT_EQ(block(2, 2), 9);
  array_view<const int, 1> array_row = static_cast<const array<int, 2>&>(array<int, 2>(2, 2))[1];
  EXPECT_EQ(array_row.extent[0], 2);
}

TEST(ArrayViewTest, DerivedStorageOwnsOnlyOutsideKernels) {
  const auto storage =
      ample::detail::buffer::allocate(accelerator().default_view.state(), extent<1>(4), sizeof(int));
  {
    const auto owning = ample::detail::derived_storage(storage);
    EXPECT_EQ(owning.get(), storage.get());
    EXPECT_EQ(storage.use_count(), 2);
  }
  ample::detail::in_kernel = true;
  const auto pointing = ample::detail::derived_storage(storage);
  ample::detail::in_kernel = false;
  EXPECT_EQ(pointing.get(), storage.get());
  EXPECT_EQ(pointing.use_count(), 0);
  EXPECT_EQ(storage.use_count(), 1);
}

// A copy made on the host shares the data's ownership: it outlives the view it copied (the
// implicit storage stays alive; ASan builds would report its use after free).
TEST(ArrayViewTest, HostCopiesKeepTheStorageAlive) {
  const array_view<int, 1> survivor = [] {
    array_view<int, 1> made(extent<1>(4));
    made[3] = 11;
    return array_view<int, 1>(made);
  }();
  EXPECT_EQ(survivor[3], 11);
}

namespace {
void write_square(array_view<int, 1> v, int i) restrict(amp) { v[i] = i * i; }
}  // namespace

// A view passed by value to a function the kernel calls (seed 003's transposes) writes through
// to the data; inside the kernel such a copy only points at the buffer.
TEST_P(ArrayViewKernelTest, ViewsPassedByValueInKernelsWriteThrough) {
  std::vector<int> data(256, 0);
  array_view<int, 1> av(256, data);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { write_square(av, i[0]); });
  av.synchronize();
  for (int i = 0; i < 256; ++i) EXPECT_EQ(data[i], i * i) << "element " << i;
}

TEST_P(ArrayViewKernelTest, ImplicitStorageInKernel) {
  array_view<int, 1> av(extent<1>(50));
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0] * i[0]; });
  std::vector<int> out(50);
  concurrency::copy(av, out.begin());
  for (int i = 0; i < 50; ++i) EXPECT_EQ(out[i], i * i);
}

TEST_P(ArrayViewKernelTest, CopyToViewAndArray) {
  std::vector<int> v = iota_vector(12), w(12, 0);
  array_view<const int, 2> src(3, 4, v);
  array_view<int, 2> dst(3, 4, w);
  src.copy_to(dst);
  dst.synchronize();
  EXPECT_EQ(w, v);

  array<int, 2> arr(3, 4);
  src.copy_to(arr);
  std::vector<int> back = arr;
  EXPECT_EQ(back, v);
}

TEST_P(ArrayViewKernelTest, RankFourKernel) {
  const extent<4> e = make_extent4(2, 3, 4, 5);
  std::vector<int> v(e.size(), -1);
  array_view<int, 4> av(e, v);
  parallel_for_each(e, [=](index<4> i) restrict(amp) {
    av[i] = ((i[0] * 3 + i[1]) * 4 + i[2]) * 5 + i[3];
  });
  av.synchronize();
  for (int k = 0; k < static_cast<int>(e.size()); ++k) EXPECT_EQ(v[k], k);
}

AMPLE_INSTANTIATE_WORKER_TESTS(ArrayViewKernelTest);

}  // namespace
