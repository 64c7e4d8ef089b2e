// The rest of the data containers (SPEC §5.1-5.3): staging arrays and placement constructors,
// reinterpret_as, view_as, synchronize_to and copy_async.
//
// Compile-time rules have no runtime test; each is a static_assert with a message:
//  - array<T,N> and array_view<T,N> with sizeof(T) not a multiple of 4 (array<char>, array_view<short>);
//  - array elements that are not trivially copyable, or const; array_view elements that are not
//    trivially copyable;
//  - reinterpret_as<U>() with sizeof(U) not a multiple of 4;
//  - array_view<T,N>::reinterpret_as / view_as / data() for N > 1 do not exist (requires(N == 1)).
#include <bit>
#include <cstdint>
#include <numeric>
#include <type_traits>
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

/// quad is an int_4-like element: four ints, 16 bytes.
struct quad {
  int x, y, z, w;
};

accelerator_view cpu_view() { return accelerator(accelerator::cpu_accelerator).default_view; }

// Element-type rules hold for the types the seed programs use.
static_assert(std::is_constructible_v<array<quad, 1>, int>);
static_assert(std::is_constructible_v<array<float, 2>, int, int>);
static_assert(std::is_constructible_v<array_view<const double, 1>, int, const std::vector<double>&>);
// reinterpret_as, view_as and data() are rank-1 members of array_view; arrays have the first two
// at every rank.
template <class V>
concept has_view_reinterpret = requires(V v) { v.template reinterpret_as<int>(); };
static_assert(has_view_reinterpret<array_view<float, 1>>);
static_assert(!has_view_reinterpret<array_view<float, 2>>);
static_assert(has_view_reinterpret<array<float, 2>>);
static_assert(std::is_same_v<decltype(std::declval<const array<float, 2>&>().reinterpret_as<int>()),
                             array_view<const int, 1>>);
static_assert(std::is_same_v<decltype(std::declval<array_view<const float, 1>&>().reinterpret_as<int>()),
                             array_view<const int, 1>>);
static_assert(std::is_same_v<decltype(std::declval<array<int, 1>&>().view_as(extent<2>(1, 1))), array_view<int, 2>>);
static_assert(std::is_same_v<decltype(std::declval<const array<int, 3>&>().view_as(extent<1>(1))),
                             array_view<const int, 1>>);
// array<int,1>(n) stays explicit, as in C++ AMP.
static_assert(!std::is_convertible_v<int, array<int, 1>>);

TEST(ContainerExtrasTest, StagingArrayRemembersItsAssociatedView) {
  accelerator_view target = accelerator().create_view();
  array<int, 2> staging(extent<2>(2, 3), cpu_view(), target);
  EXPECT_EQ(staging.get_accelerator_view(), cpu_view());
  EXPECT_EQ(staging.get_associated_accelerator_view(), target);
  EXPECT_EQ(staging.get_cpu_access_type(), access_type_read_write);
  EXPECT_EQ(staging.extent, extent<2>(2, 3));
  staging(1, 2) = 7;
  EXPECT_EQ(staging.data()[5], 7);

  // Copies keep the placement; the data is a host copy.
  array<int, 2> copy = staging;
  EXPECT_EQ(copy.get_associated_accelerator_view(), target);
  EXPECT_EQ(copy(1, 2), 7);
  EXPECT_NE(copy.data(), staging.data());

  // A view of a staging array and a copy into it.
  array_view<int, 2> v(staging);
  EXPECT_EQ(v.get_source_accelerator_view(), cpu_view());
  array<int, 2> on_target(2, 3, target);
  on_target(0, 0) = 42;
  copy_async(on_target, staging).get();
  EXPECT_EQ(staging(0, 0), 42);
}

TEST(ContainerExtrasTest, OrdinaryArrayIsAssociatedWithItsOwnView) {
  accelerator_view av = accelerator().create_view();
  array<float, 1> a(4, av);
  EXPECT_EQ(a.get_accelerator_view(), av);
  EXPECT_EQ(a.get_associated_accelerator_view(), av);
  EXPECT_EQ(a.get_cpu_access_type(), av.get_accelerator().get_default_cpu_access_type());
  array<float, 1> r(4, av, access_type_read);
  EXPECT_EQ(r.get_cpu_access_type(), access_type_read);
  EXPECT_EQ(r.cpu_access_type, access_type_read);
}

TEST(ContainerExtrasTest, DimensionConstructorsTakeEveryPlacement) {
  accelerator_view target = accelerator().create_view();
  array<int, 1> s1(5, cpu_view(), target);
  array<int, 2> s2(2, 3, cpu_view(), target);
  array<int, 3> s3(2, 3, 4, cpu_view(), target);
  EXPECT_EQ(s1.get_associated_accelerator_view(), target);
  EXPECT_EQ(s2.get_associated_accelerator_view(), target);
  EXPECT_EQ(s3.get_associated_accelerator_view(), target);
  EXPECT_EQ(s3.extent, extent<3>(2, 3, 4));
  array<int, 3> w3(2, 3, 4, target, access_type_write);
  EXPECT_EQ(w3.get_cpu_access_type(), access_type_write);
  EXPECT_EQ(w3.get_accelerator_view(), target);
}

TEST(ContainerExtrasTest, IteratorConstructorsTakeEveryPlacement) {
  accelerator_view target = accelerator().create_view();
  const std::vector<int> v = iota_vector(24);
  const int* p = v.data();

  array<int, 2> range_staged(extent<2>(4, 6), v.begin(), v.end(), cpu_view(), target);
  array<int, 2> begin_staged(extent<2>(4, 6), v.begin(), cpu_view(), target);
  array<int, 2> begin_placed(extent<2>(4, 6), v.begin(), target, access_type_read);
  array<int, 2> begin_on_view(extent<2>(4, 6), p, target);
  for (const array<int, 2>* a : {&range_staged, &begin_staged, &begin_placed, &begin_on_view}) {
    EXPECT_EQ((*a)(3, 5), 23);
    EXPECT_EQ((*a)(1, 0), 6);
  }
  EXPECT_EQ(range_staged.get_associated_accelerator_view(), target);
  EXPECT_EQ(begin_staged.get_associated_accelerator_view(), target);
  EXPECT_EQ(begin_placed.get_cpu_access_type(), access_type_read);
  EXPECT_EQ(begin_on_view.get_accelerator_view(), target);

  // Dimension lists with a begin iterator only, and with iterators plus placement.
  array<int, 1> b1(24, v.begin());
  array<int, 2> b2(4, 6, p);
  array<int, 3> b3(2, 3, 4, v.begin());
  EXPECT_EQ(b1[23], 23);
  EXPECT_EQ(b2(3, 5), 23);
  EXPECT_EQ(b3(1, 2, 3), 23);
  array<int, 1> r1(24, v.begin(), v.end(), cpu_view(), target);
  array<int, 2> r2(4, 6, v.begin(), v.end(), target, access_type_read_write);
  array<int, 3> r3(2, 3, 4, v.begin(), cpu_view(), target);
  array<int, 3> r3b(2, 3, 4, p, p + 24, target);
  EXPECT_EQ(r1[5], 5);
  EXPECT_EQ(r1.get_associated_accelerator_view(), target);
  EXPECT_EQ(r2(2, 2), 14);
  EXPECT_EQ(r3(1, 0, 0), 12);
  EXPECT_EQ(r3.get_associated_accelerator_view(), target);
  EXPECT_EQ(r3b(0, 1, 1), 5);

  // A C array decays to a pointer, as it does for C++ AMP's InputIterator parameter.
  int c[6] = {1, 2, 3, 4, 5, 6};
  array<int, 2> from_c(2, 3, c);
  EXPECT_EQ(from_c(1, 2), 6);

  // Ranges that run short still fail, naming the sizes.
  try {
    array<int, 1> short_range(30, v.begin(), v.end(), cpu_view(), target);
    FAIL() << "expected runtime_exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "24")) << e.what();
  }
}

TEST(ContainerExtrasTest, ViewConstructorTakesAssociatedView) {
  accelerator_view target = accelerator().create_view();
  std::vector<int> v = iota_vector(6);
  array_view<const int, 2> src(2, 3, v);
  array<int, 2> staged(src, cpu_view(), target);
  EXPECT_EQ(staged(1, 1), 4);
  EXPECT_EQ(staged.get_associated_accelerator_view(), target);
  array<int, 2> placed(src, target, access_type_read);
  EXPECT_EQ(placed.get_cpu_access_type(), access_type_read);
  EXPECT_EQ(placed(0, 2), 2);
}

TEST(ContainerExtrasTest, ReinterpretArrayFloatBitsAsInt) {
  const std::vector<float> f{1.0f, -2.0f, 0.5f, 0.0f};
  array<float, 1> a(4, f.begin(), f.end());
  array_view<int, 1> bits = a.reinterpret_as<int>();
  ASSERT_EQ(bits.extent, extent<1>(4));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(static_cast<std::uint32_t>(bits[i]), std::bit_cast<std::uint32_t>(f[i]));

  // Writes through the reinterpreted view land in the array.
  bits[3] = std::bit_cast<int>(3.25f);
  EXPECT_FLOAT_EQ(a[3], 3.25f);

  // The const form views read-only data; an int array back as float.
  const array<int, 1> ints(2, std::vector<int>{std::bit_cast<int>(1.5f), std::bit_cast<int>(-8.0f)}.begin());
  array_view<const float, 1> floats = ints.reinterpret_as<float>();
  EXPECT_FLOAT_EQ(floats[0], 1.5f);
  EXPECT_FLOAT_EQ(floats[1], -8.0f);
}

TEST(ContainerExtrasTest, ReinterpretGroupsAndSplitsElements) {
  // 2 x 4 ints of a rank-2 array are 2 quads, and a quad view splits back into 8 ints.
  array<int, 2> a(2, 4, iota_vector(8).begin());
  array_view<quad, 1> q = a.reinterpret_as<quad>();
  ASSERT_EQ(q.extent, extent<1>(2));
  EXPECT_EQ(q[0].x, 0);
  EXPECT_EQ(q[1].w, 7);
  EXPECT_EQ(q[1].y, 5);
  array_view<int, 1> back = q.reinterpret_as<int>();
  ASSERT_EQ(back.extent, extent<1>(8));
  EXPECT_EQ(back[6], 6);
  q[0].z = 99;
  EXPECT_EQ(a(0, 2), 99);

  // A rank-1 section reinterprets from its own first element.
  array_view<int, 1> flat = a.view_as(extent<1>(8));
  array_view<quad, 1> second = flat.section(4, 4).reinterpret_as<quad>();
  ASSERT_EQ(second.extent, extent<1>(1));
  EXPECT_EQ(second[0].x, 4);
}

TEST(ContainerExtrasTest, ReinterpretNeedsWholeElements) {
  array<int, 1> a(6);
  try {
    (void)a.reinterpret_as<quad>();
    FAIL() << "expected runtime_exception";
  } catch (const runtime_exception& e) {
    EXPECT_EQ(e.get_error_code(), error_code::e_invalidarg);
    EXPECT_TRUE(contains(e.what(), "24 bytes")) << e.what();
    EXPECT_TRUE(contains(e.what(), "16 bytes")) << e.what();
  }
  array_view<int, 1> v(a);
  EXPECT_THROW((void)v.reinterpret_as<quad>(), runtime_exception);
  EXPECT_EQ(v.section(0, 4).reinterpret_as<quad>().extent, extent<1>(1));
}

TEST(ContainerExtrasTest, ViewAsReshapesArrays) {
  array<int, 1> a(12, iota_vector(12).begin());
  array_view<int, 2> m = a.view_as(extent<2>(3, 4));
  EXPECT_EQ(m(2, 1), 9);
  m(1, 1) = -5;
  EXPECT_EQ(a[5], -5);

  // Fewer elements than the array holds: the leading ones.
  array_view<int, 3> cube = a.view_as(extent<3>(2, 2, 2));
  EXPECT_EQ(cube(1, 1, 1), 7);

  // A rank-3 array flattened, and a const array's view is read-only.
  const array<int, 3> b(2, 2, 3, iota_vector(12).begin());
  array_view<const int, 1> flat = b.view_as(extent<1>(12));
  EXPECT_EQ(flat[11], 11);
  EXPECT_EQ(flat.get_source_accelerator_view(), b.get_accelerator_view());

  // The view keeps the storage alive.
  array_view<int, 2> outlives = [] {
    array<int, 1> tmp(4, iota_vector(4, 10).begin());
    return tmp.view_as(extent<2>(2, 2));
  }();
  EXPECT_EQ(outlives(1, 1), 13);
}

TEST(ContainerExtrasTest, ViewAsReshapesRankOneViews) {
  std::vector<int> v = iota_vector(10);
  array_view<int, 1> line(10, v);
  array_view<int, 2> grid = line.view_as(extent<2>(2, 5));
  EXPECT_EQ(grid(1, 3), 8);
  grid(0, 4) = 40;
  EXPECT_EQ(v[4], 40);
  array_view<const int, 1> ro(line);
  array_view<const int, 3> ro3 = ro.view_as(extent<3>(1, 2, 3));
  EXPECT_EQ(ro3(0, 1, 2), 5);
  // A section reshapes from its own origin.
  EXPECT_EQ(line.section(6, 4).view_as(extent<2>(2, 2))(1, 0), 8);
}

TEST(ContainerExtrasTest, ViewAsRejectsTooLargeOrNegativeExtents) {
  array<int, 2> a(3, 4);
  try {
    (void)a.view_as(extent<2>(5, 3));
    FAIL() << "expected runtime_exception";
  } catch (const runtime_exception& e) {
    EXPECT_EQ(e.get_error_code(), error_code::e_invalidarg);
    EXPECT_TRUE(contains(e.what(), "(5, 3)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "(3, 4)")) << e.what();
  }
  EXPECT_THROW((void)a.view_as(extent<1>(-1)), runtime_exception);
  std::vector<int> v(6);
  array_view<int, 1> line(6, v);
  try {
    (void)line.view_as(extent<3>(1, 2, 4));
    FAIL() << "expected runtime_exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "(1, 2, 4)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "(6)")) << e.what();
  }
  EXPECT_EQ(line.view_as(extent<2>(2, 3)).extent, extent<2>(2, 3));
}

TEST(ContainerExtrasTest, SynchronizeToMovesNothingOnTheCpuEngine) {
  std::vector<int> v = iota_vector(8);
  array_view<int, 2> av(2, 4, v);
  accelerator_view target = accelerator(accelerator::direct3d_warp).create_view();  // the engine, whatever the default
  av.synchronize_to(target);
  av.synchronize_to(cpu_view(), access_type_read_write);
  completion_future f = av.synchronize_to_async(target);
  EXPECT_TRUE(f.valid());
  EXPECT_EQ(f.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  av.synchronize_to_async(target, access_type_write).get();
  array_view<const int, 1> ro(8, v);
  ro.synchronize_to(target);
  EXPECT_EQ(av(1, 3), 7);
  EXPECT_EQ(v[7], 7);
}

// copy_async() out of a view that a kernel on the default accelerator has just written,
// nothing synchronizing it first, copies the kernel's results: at once on the CPU engine; on
// REF or a GPU on a thread of its own, once the kernel has run. A kernel launched after the
// copies, overwriting the view, does not reach them.
TEST(ContainerExtrasTest, CopyAsyncOutOfAViewAKernelJustWrote) {
  constexpr int n = 4096;
  std::vector<int> data(n, 0), out(n, -1), mirror(n, -1);
  array_view<int, 1> v(n, data), copy_of_v(n, mirror);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = 5 * i[0] + 1; });
  completion_future to_range = copy_async(v, out.begin());
  completion_future to_view = copy_async(v, copy_of_v);
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = -1; });
  to_range.get();
  to_view.get();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 5 * i + 1) << i;
  for (int i = 0; i < n; ++i) ASSERT_EQ(mirror[i], 5 * i + 1) << i;
  v.synchronize();
  EXPECT_EQ(data[0], -1);
  EXPECT_EQ(data[n - 1], -1);
}

TEST(ContainerExtrasTest, CopyAsyncCoversEveryCopy) {
  const std::vector<int> src = iota_vector(6);
  std::vector<int> host(6, 0);
  array<int, 2> a(2, 3), b(2, 3);
  array_view<int, 2> view(2, 3, host);

  copy_async(src.begin(), src.end(), a).get();
  EXPECT_EQ(a(1, 2), 5);
  copy_async(a, b).get();
  EXPECT_EQ(b(1, 0), 3);
  copy_async(b, view).get();
  EXPECT_EQ(host[4], 4);
  std::vector<int> other = iota_vector(6, 100);
  array_view<const int, 2> ro(2, 3, other);
  copy_async(ro, a).get();
  EXPECT_EQ(a(0, 1), 101);
  copy_async(ro, view).get();
  EXPECT_EQ(host[5], 105);
  copy_async(view, b).get();
  EXPECT_EQ(b(0, 0), 100);
  std::vector<int> third(6, 0);
  array_view<int, 2> view2(2, 3, third);
  copy_async(view, view2).get();
  EXPECT_EQ(third[2], 102);
  copy_async(src.begin(), view2).get();
  EXPECT_EQ(third[2], 2);
  copy_async(src.begin(), end(src), view).get();
  EXPECT_EQ(host[3], 3);
  copy_async(src.rbegin(), a).get();
  EXPECT_EQ(a(0, 0), 5);

  std::vector<int> out(6);
  copy_async(a, out.begin()).get();
  EXPECT_EQ(out[5], 0);
  copy_async(ro, out.begin()).get();
  EXPECT_EQ(out[5], 105);
  completion_future f = copy_async(view, out.begin());
  EXPECT_EQ(f.wait_for(std::chrono::seconds(0)), std::future_status::ready);

  // Mismatched extents throw at the call, naming both.
  array<int, 2> wrong(3, 2);
  try {
    copy_async(a, wrong);
    FAIL() << "expected runtime_exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "(2, 3)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "(3, 2)")) << e.what();
  }
}

}  // namespace
