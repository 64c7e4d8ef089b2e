// AMPLE_DIRECT3D_OUT_OF_BOUNDS: an element access through array or array_view outside the
// extent of that array or view reads zero and drops writes, as Direct3D does, on the host and in
// kernels, tiled or not; a projection to a row outside the extent is, inside a kernel, a view
// whose every access is out of bounds. This file turns the mode on for itself, so it runs in the
// normal suite; direct3d_out_of_bounds_peer.cpp, linked into the same test, is built without it.
#ifndef AMPLE_DIRECT3D_OUT_OF_BOUNDS
#define AMPLE_DIRECT3D_OUT_OF_BOUNDS 1
#endif

#include <amp_short_vectors.h>

#include <climits>
#include <numeric>
#include <utility>
#include <vector>

#include "common/test_support.hpp"

/// The peer translation unit (normal mode) hands out its accessor and says its mode.
using subscript_pointer = int& (concurrency::array_view<int, 1>::*)(const concurrency::index<1>&) const;
subscript_pointer normal_mode_subscript();
bool peer_direct3d_out_of_bounds();

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using ample_test::expect_runtime_usable;
using ample_test::WorkerCountTest;

static_assert(ample::detail::direct3d_out_of_bounds);
static_assert(!ample::detail::debug_checks);
// Out-of-bounds accesses do not throw: element access stays noexcept.
static_assert(noexcept(std::declval<const array_view<int, 2>&>()[index<2>()]));
static_assert(noexcept(std::declval<const array_view<int, 2>&>()(0, 0)));
static_assert(noexcept(std::declval<const array_view<int, 1>&>()[0]));
static_assert(noexcept(std::declval<array<int, 2>&>()(0, 0)));
static_assert(noexcept(std::declval<const array<int, 1>&>()[0]));
// A host projection to a row outside the extent throws, so the projection is not noexcept.
static_assert(!noexcept(std::declval<const array_view<int, 2>&>()[0]));

constexpr int guard = -7;

/// guarded() is 12 values 0..11 followed by 4 guard values: a view of the first 12 has memory
/// just past its extent that an out-of-bounds write must not reach.
std::vector<int> guarded() {
  std::vector<int> v(16, guard);
  std::iota(v.begin(), v.begin() + 12, 0);
  return v;
}

void expect_unchanged(const std::vector<int>& v) {
  for (int i = 0; i < 16; ++i) EXPECT_EQ(v[static_cast<std::size_t>(i)], i < 12 ? i : guard) << "element " << i;
}

// --- Host code ------------------------------------------------------------------------------

TEST(Direct3dOutOfBoundsTest, InBoundsAccessesAreUnchanged) {
  std::vector<int> v = guarded();
  array_view<int, 2> av(3, 4, v);
  const array_view<const int, 2> ro = av;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      const int want = i * 4 + j;
      EXPECT_EQ(av[index<2>(i, j)], want);
      EXPECT_EQ(av(i, j), want);
      EXPECT_EQ(av.get_ref(index<2>(i, j)), want);
      EXPECT_EQ(av[i][j], want);
      EXPECT_EQ(ro(index<2>(i, j)), want);
    }
  av(2, 3) = 100;
  EXPECT_EQ(v[11], 100);
}

TEST(Direct3dOutOfBoundsTest, ArrayViewReadsOutsideTheExtentAreZero) {
  std::vector<int> v = guarded();
  array_view<int, 2> av(3, 4, v);
  EXPECT_EQ(av[index<2>(3, 0)], 0) << "the guard element lies there in memory";
  EXPECT_EQ(av(0, 4), 0);
  EXPECT_EQ(av(2, -1), 0);
  EXPECT_EQ(av.get_ref(index<2>(-1, 0)), 0);
  EXPECT_EQ(av[1][4], 0) << "in-range row, column outside";
  const array_view<const int, 2> ro = av;
  EXPECT_EQ(ro(3, 3), 0);
  EXPECT_EQ(ro[index<2>(INT_MIN, INT_MAX)], 0);

  array_view<int, 1> a1(12, v);
  EXPECT_EQ(a1[12], 0);
  EXPECT_EQ(a1(13), 0);
  EXPECT_EQ(a1[-1], 0);
  EXPECT_EQ(a1[index<1>(15)], 0);

  array_view<int, 3> a3(2, 2, 3, v);
  EXPECT_EQ(a3(1, 1, 2), 11);
  EXPECT_EQ(a3(2, 0, 0), 0);
  EXPECT_EQ(a3(0, 2, 0), 0);
  expect_unchanged(v);
}

TEST(Direct3dOutOfBoundsTest, ArrayViewWritesOutsideTheExtentAreDropped) {
  std::vector<int> v = guarded();
  array_view<int, 2> av(3, 4, v);
  av[index<2>(3, 0)] = 1;
  av(3, 3) = 2;
  av(0, 4) = 3;
  av.get_ref(index<2>(-1, 2)) = 4;
  av[2][4] = 5;
  av(3, 1) += 6;
  array_view<int, 1> a1(12, v);
  a1[12] = 7;
  a1(15) = 8;
  a1[index<1>(-1)] = 9;
  expect_unchanged(v);
}

TEST(Direct3dOutOfBoundsTest, EveryOutOfBoundsAccessStartsFromZero) {
  std::vector<int> v = guarded();
  array_view<int, 1> av(12, v);
  av[20] = 5;
  EXPECT_EQ(av[21], 0) << "a dropped write is not read back by the next access";
  EXPECT_EQ(av[20], 0);
  av[20] += 3;
  EXPECT_EQ(av[20], 0);
  // Both sides out of bounds: the read is zero, the write goes nowhere.
  av[30] = av[31] + 1;
  EXPECT_EQ(av[30], 0);
  // A reference kept from an out-of-bounds access is the thread's scratch element: it holds
  // what was written through it until the next out-of-bounds access (documented difference).
  int& kept = av[40];
  kept = 11;
  EXPECT_EQ(kept, 11);
  (void)av[41];
  EXPECT_EQ(kept, 0);
  expect_unchanged(v);
}

TEST(Direct3dOutOfBoundsTest, SectionsAreBoundedByTheirOwnExtent) {
  // The element at (2, 0) of the section exists in memory (it is (3, 1) of the whole view), but
  // lies outside the section: Ample checks the view's extent, not the underlying data.
  std::vector<int> v(16);
  std::iota(v.begin(), v.end(), 0);
  array_view<int, 2> av(4, 4, v);
  array_view<int, 2> sec = av.section(index<2>(1, 1), extent<2>(2, 2));
  EXPECT_EQ(sec(1, 1), 10);
  EXPECT_EQ(sec(2, 0), 0);
  EXPECT_EQ(sec[index<2>(0, 2)], 0);
  EXPECT_EQ(sec[0][2], 0);
  EXPECT_EQ(sec(-1, 0), 0);
  sec(2, 0) = 100;
  sec(0, 2) = 100;
  sec[1][-1] = 100;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(v[static_cast<std::size_t>(i)], i);
  // Making a section that does not fit is still refused: it is not an element access.
  EXPECT_THROW((void)av.section(index<2>(3, 3), extent<2>(2, 2)), runtime_exception);
  // A section of a rank-1 view.
  array_view<int, 1> row = array_view<int, 1>(16, v).section(4, 4);
  EXPECT_EQ(row[3], 7);
  EXPECT_EQ(row[4], 0);
  row[4] = -1;
  EXPECT_EQ(v[8], 8);
}

TEST(Direct3dOutOfBoundsTest, HostProjectionOutsideTheExtentThrows) {
  std::vector<int> v = guarded();
  array_view<int, 2> av(3, 4, v);
  try {
    (void)av[3];
    FAIL() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "array_view: projection to row 3 is outside extent (3, 4)")) << e.what();
  }
  EXPECT_THROW((void)av(-1), runtime_exception);
  array<int, 2> a(3, 4);
  EXPECT_THROW((void)a[3], runtime_exception) << "as in every mode (Microsoft's host behaviour)";
}

TEST(Direct3dOutOfBoundsTest, ArrayReadsZeroAndDropsWrites) {
  const std::vector<int> v = guarded();
  array<int, 2> a(3, 4, v.begin());
  EXPECT_EQ(a(2, 3), 11);
  EXPECT_EQ(a[index<2>(3, 0)], 0);
  EXPECT_EQ(a(1, 4), 0);
  EXPECT_EQ(a[2][4], 0);
  const array<int, 2>& ca = a;
  EXPECT_EQ(ca(index<2>(0, -2)), 0);
  EXPECT_EQ(ca(3, 3), 0);
  a[index<2>(3, 0)] = 1;
  a(0, 4) = 2;
  a[1][-1] = 3;
  std::vector<int> got = a;
  for (int i = 0; i < 12; ++i) EXPECT_EQ(got[static_cast<std::size_t>(i)], i);

  array<float, 1> a1(5);
  a1[4] = 1.0f;
  a1[5] = 2.0f;
  a1(index<1>(-3)) = 3.0f;
  EXPECT_EQ(a1[4], 1.0f);
  EXPECT_EQ(a1[5], 0.0f);
  const array<float, 1>& c1 = a1;
  EXPECT_EQ(c1(7), 0.0f);
}

/// default_seven has a default member initialiser, which Direct3D never runs: its zero is
/// all-zero bytes.
struct default_seven {
  int value = 7;
};

/// counted has a user-written copy constructor (as ray tracers' structs do), so it is not
/// bitwise copyable: its zero is a value-initialised object.
struct counted {
  int value = 3;
  float weight = 0.5f;
  counted() = default;
  counted(const counted& o) : value(o.value), weight(o.weight) {}
  counted& operator=(const counted&) = default;
};

TEST(Direct3dOutOfBoundsTest, ZeroOfOtherElementTypes) {
  // Each view covers the first 2 of 4 elements: the memory past its extent exists.
  std::vector<graphics::float_4> f(4, graphics::float_4(1, 2, 3, 4));
  array_view<graphics::float_4, 1> fv(2, f);
  const graphics::float_4 z = fv[2];
  EXPECT_EQ(z.x, 0.0f);
  EXPECT_EQ(z.w, 0.0f);
  fv[2] = graphics::float_4(9, 9, 9, 9);
  EXPECT_EQ(f[2].x, 1.0f);

  std::vector<default_seven> s(4);
  array_view<default_seven, 1> sv(2, s);
  EXPECT_EQ(sv[0].value, 7);
  EXPECT_EQ(sv[2].value, 0) << "zero bytes, as Direct3D, not the default member initialiser";

  std::vector<counted> c(4);
  c[1].value = 5;
  c[2].value = 6;
  array_view<counted, 1> cv(2, c);
  EXPECT_EQ(cv[1].value, 5);
  EXPECT_EQ(cv[2].value, 3) << "a value-initialised element";
  cv[2].value = 9;
  EXPECT_EQ(cv[2].value, 3);
  EXPECT_EQ(c[2].value, 6);
  array<counted, 1> ca(2);
  EXPECT_EQ(ca[5].weight, 0.5f);
}

TEST(Direct3dOutOfBoundsTest, TranslationUnitsOfEachModeKeepTheirOwnAccessors) {
  // The accessors of the two modes have different symbols (an ABI tag), so the normal-mode
  // translation unit's out-of-line accessor is not this one's, whichever the linker keeps.
  EXPECT_FALSE(peer_direct3d_out_of_bounds());
  const subscript_pointer normal = normal_mode_subscript();
  const subscript_pointer direct3d = &array_view<int, 1>::operator[];
  EXPECT_TRUE(normal != direct3d);
  std::vector<int> v = guarded();
  array_view<int, 1> av(12, v);
  EXPECT_EQ((av.*normal)(index<1>(3)), 3);
  EXPECT_EQ((av.*direct3d)(index<1>(3)), 3);
  (av.*direct3d)(index<1>(12)) = 1;
  EXPECT_EQ((av.*direct3d)(index<1>(13)), 0);
  expect_unchanged(v);
}

// --- Kernels ------------------------------------------------------------------------------

class Direct3dOutOfBoundsKernelTest : public WorkerCountTest {};

TEST_P(Direct3dOutOfBoundsKernelTest, InBoundsKernelsRunUnchanged) {
  ample_test::expect_in_bounds_kernels_unchanged();
}

TEST_P(Direct3dOutOfBoundsKernelTest, ShiftReadsZeroPastTheEnd) {
  // next[i] = in[i + 1]: the last work-item reads past the end and gets 0, as on Direct3D.
  std::vector<int> v(16);
  std::iota(v.begin(), v.end(), 1);
  v.push_back(guard);
  array_view<const int, 1> in(16, v);
  std::vector<int> out(16, -1);
  array_view<int, 1> next(16, out);
  parallel_for_each(next.extent, [=](index<1> i) restrict(amp) { next[i] = in[i + 1] + in[i - 16]; });
  next.synchronize();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[static_cast<std::size_t>(i)], i < 15 ? i + 2 : 0) << i;
}

TEST_P(Direct3dOutOfBoundsKernelTest, KernelWritesOutsideAreDropped) {
  std::vector<int> v = guarded();
  array_view<int, 2> av(3, 4, v);
  array<int, 2> a(3, 4);
  parallel_for_each(a.extent, [&a](index<2> i) restrict(amp) { a[i] = 1; });
  parallel_for_each(av.extent, [=, &a](index<2> i) restrict(amp) {
    av(i[0] + 1, i[1]) = 100;  // row 3 is outside: the guards must survive
    av(i[0], i[1] + 4) = 100;  // columns 4..7 are outside
    a(i[1], i[0]) = 50;        // row 3 of a is outside; columns 0..2 of a are in
    a[index<2>(i[0], -1 - i[1])] = 50;
  });
  av.synchronize();
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(v[static_cast<std::size_t>(i)], i < 4 ? i : (i < 12 ? 100 : guard)) << "element " << i;
  const std::vector<int> got = a;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(got[static_cast<std::size_t>(r * 4 + c)], c < 3 ? 50 : 1) << r << "," << c;
}

TEST_P(Direct3dOutOfBoundsKernelTest, ProjectionOfARowOutsideIsOutOfBoundsEverywhere) {
  std::vector<int> v(2 * 3 * 4 + 12, guard);
  std::iota(v.begin(), v.begin() + 24, 0);
  array_view<int, 3> a3(2, 3, 4, v);
  std::vector<int> out(8, -1);
  array_view<int, 1> o(8, out);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    array_view<int, 2> beyond = a3[2];  // a row outside: its memory holds the guards
    o[0] = beyond(0, 0) + beyond[1][2] + beyond.get_ref(index<2>(2, 3)) + a3[-1][0][0];
    o[1] = beyond.extent[0] * 10 + beyond.extent[1];  // the row's shape is kept
    beyond(0, 0) = 1000;
    beyond[2][3] = 1000;
    a3[5][1](2) = 1000;
    o[2] = beyond.section(index<2>(1, 1), extent<2>(2, 2))(0, 0);
    o[3] = a3[1][3][0] + a3[1][-1][0];  // the middle row outside, within a row inside
    array_view<int, 1> inner = a3[1][5];
    o[4] = inner.data() == nullptr ? 1 : 0;
    o[5] = a3[1][2][3];  // in bounds: 23
    array_view<const int, 1> flat = array_view<const int, 2>(a3[7]).section(index<2>(0, 0), extent<2>(1, 4))[0];
    o[6] = flat[0] + flat[3];
    o[7] = a3[0](2, 1);  // in bounds: 9
  });
  o.synchronize();
  EXPECT_EQ(out, (std::vector<int>{0, 34, 0, 0, 1, 23, 0, 9}));
  for (int i = 0; i < 36; ++i) EXPECT_EQ(v[static_cast<std::size_t>(i)], i < 24 ? i : guard) << "element " << i;
}

TEST_P(Direct3dOutOfBoundsKernelTest, ArrayProjectionOfARowOutsideInAKernel) {
  array<int, 2> a(4, 4);
  std::vector<int> out(4, -1);
  array_view<int, 1> o(4, out);
  parallel_for_each(a.extent, [=, &a](index<2> i) restrict(amp) {
    a[i] = i[0] * 4 + i[1];
    a[i[0] + 4][i[1]] = -1;  // dropped
  });
  parallel_for_each(extent<1>(4), [=, &a](index<1> i) restrict(amp) { o[i] = a[i[0] + 3][0] + a[i[0]](4); });
  o.synchronize();
  EXPECT_EQ(out, (std::vector<int>{12, 0, 0, 0}));
  const std::vector<int> got = a;
  for (int k = 0; k < 16; ++k) EXPECT_EQ(got[static_cast<std::size_t>(k)], k);
}

TEST_P(Direct3dOutOfBoundsKernelTest, TiledStencilSeesZeroBeyondTheEdges) {
  // Each work-item sums itself and its four neighbours, read straight from the view: the ones
  // beyond the edges of the 16 x 16 domain read 0 (a zero-padded stencil, the pattern that
  // published C++ AMP samples rely on), and writes to the halo of a tile are dropped at the
  // edges. tile_static and a barrier take part, so work-items switch fibers between the
  // out-of-bounds accesses.
  constexpr int n = 16;
  std::vector<int> in(n * n);
  std::iota(in.begin(), in.end(), 1);
  std::vector<int> out(n * n, 0);
  array_view<const int, 2> src(n, n, in);
  array_view<int, 2> dst(n, n, out);
  parallel_for_each(dst.extent.tile<4, 4>(), [=](tiled_index<4, 4> t) restrict(amp) {
    tile_static int centre[4][4];
    const index<2> g = t.global;
    centre[t.local[0]][t.local[1]] = src[g];
    t.barrier.wait();
    const int up = src(g[0] - 1, g[1]), down = src(g[0] + 1, g[1]);
    const int left = src[index<2>(g[0], g[1] - 1)], right = src[g[0]][g[1] + 1];
    t.barrier.wait();
    dst[g] = centre[t.local[0]][t.local[1]] + up + down + left + right;
    dst(g[0] + n, g[1]) = -1;  // dropped
  });
  dst.synchronize();
  auto at = [&](int r, int c) {
    return r < 0 || r >= n || c < 0 || c >= n ? 0 : in[static_cast<std::size_t>(r * n + c)];
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      ASSERT_EQ(out[static_cast<std::size_t>(r * n + c)],
                at(r, c) + at(r - 1, c) + at(r + 1, c) + at(r, c - 1) + at(r, c + 1))
          << r << "," << c;
  expect_runtime_usable();
}

AMPLE_INSTANTIATE_WORKER_TESTS(Direct3dOutOfBoundsKernelTest);

}  // namespace
