// tiled_index<D0,D1,D2>: the identity each work-item of a tiled launch receives (SPEC §4.4).
// Checks the invariants local = global % tile_extent, tile = global / tile_extent and
// tile_origin = global - local for 1-, 2- and 3-D tiles up to 1024 work-items.
#include <type_traits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

TEST(TiledIndexStaticTest, RankAndTileDims) {
  using T1 = tiled_index<1024>;
  using T2 = tiled_index<32, 32>;
  using T3 = tiled_index<4, 16, 16>;
  EXPECT_EQ(T1::rank, 1);
  EXPECT_EQ(T2::rank, 2);
  EXPECT_EQ(T3::rank, 3);
  EXPECT_EQ(T1::tile_dim0, 1024);
  EXPECT_EQ(T2::tile_dim0, 32);
  EXPECT_EQ(T2::tile_dim1, 32);
  EXPECT_EQ(T3::tile_dim0, 4);
  EXPECT_EQ(T3::tile_dim1, 16);
  EXPECT_EQ(T3::tile_dim2, 16);
  EXPECT_EQ(T1::tile_extent, extent<1>(1024));
  EXPECT_EQ(T2::tile_extent, extent<2>(32, 32));
  EXPECT_EQ(T3::tile_extent, extent<3>(4, 16, 16));
}

TEST(TiledIndexStaticTest, MembersAreConstIndices) {
  using T = tiled_index<2, 3>;
  EXPECT_TRUE((std::is_same_v<decltype(T::global), const index<2>>));
  EXPECT_TRUE((std::is_same_v<decltype(T::local), const index<2>>));
  EXPECT_TRUE((std::is_same_v<decltype(T::tile), const index<2>>));
  EXPECT_TRUE((std::is_same_v<decltype(T::tile_origin), const index<2>>));
  EXPECT_TRUE((std::is_same_v<decltype(T::barrier), const tile_barrier>));
  EXPECT_TRUE((std::is_convertible_v<T, index<2>>));
  EXPECT_FALSE((std::is_default_constructible_v<tile_barrier>));
}

class TiledIndexTest : public WorkerCountTest {};

// Each work-item stores 0 when every invariant holds for it, else a code saying which failed.
TEST_P(TiledIndexTest, OneDimensional1024) {
  constexpr int n = 4096;
  std::vector<int> status(n, -1), tile_of(n, -1);
  array_view<int, 1> st(n, status), tl(n, tile_of);
  parallel_for_each(extent<1>(n).tile<1024>(), [=](tiled_index<1024> t) restrict(amp) {
    int code = 0;
    if (t.local[0] != t.global[0] % 1024) code |= 1;
    if (t.tile[0] != t.global[0] / 1024) code |= 2;
    if (t.tile_origin[0] != t.global[0] - t.local[0]) code |= 4;
    index<1> converted = t;
    if (converted != t.global) code |= 8;
    if (t.get_tile_extent() != extent<1>(1024)) code |= 16;
    st[t.global] = code;
    tl[t] = t.tile[0];
  });
  st.synchronize();
  tl.synchronize();
  for (int i = 0; i < n; ++i) {
    ASSERT_EQ(status[i], 0) << "work-item " << i;
    ASSERT_EQ(tile_of[i], i / 1024) << "work-item " << i;
  }
}

TEST_P(TiledIndexTest, TwoDimensional32x32) {
  constexpr int rows = 64, cols = 96;
  std::vector<int> status(rows * cols, -1);
  array_view<int, 2> st(rows, cols, status);
  parallel_for_each(extent<2>(rows, cols).tile<32, 32>(), [=](tiled_index<32, 32> t) restrict(amp) {
    int code = 0;
    const index<2> te(t.tile_extent[0], t.tile_extent[1]);
    for (int d = 0; d < 2; ++d) {  // index has no element-wise % or / with an index
      if (t.local[d] != t.global[d] % te[d]) code |= 1;
      if (t.tile[d] != t.global[d] / te[d]) code |= 2;
    }
    if (t.tile_origin != t.global - t.local) code |= 4;
    if (t.local[0] < 0 || t.local[0] >= 32 || t.local[1] < 0 || t.local[1] >= 32) code |= 8;
    if (t.tile_origin != t.tile * 32) code |= 16;
    st[t.global] = code;
  });
  st.synchronize();
  for (int i = 0; i < rows * cols; ++i) ASSERT_EQ(status[i], 0) << "work-item " << i;
}

TEST_P(TiledIndexTest, ThreeDimensional4x16x16) {
  constexpr int d0 = 8, d1 = 32, d2 = 16;
  std::vector<int> status(d0 * d1 * d2, -1);
  array_view<int, 3> st(d0, d1, d2, status);
  parallel_for_each(extent<3>(d0, d1, d2).tile<4, 16, 16>(), [=](tiled_index<4, 16, 16> t) restrict(amp) {
    int code = 0;
    const index<3> te(4, 16, 16);
    for (int d = 0; d < 3; ++d) {  // index has no element-wise % or / with an index
      if (t.local[d] != t.global[d] % te[d]) code |= 1;
      if (t.tile[d] != t.global[d] / te[d]) code |= 2;
    }
    if (t.tile_origin != t.global - t.local) code |= 4;
    index<3> converted = t;
    if (converted != t.global) code |= 8;
    st[t.global] = code;
  });
  st.synchronize();
  for (int i = 0; i < d0 * d1 * d2; ++i) ASSERT_EQ(status[i], 0) << "work-item " << i;
}

// Every (tile, local) pair occurs exactly once, and the launch covers every global index once.
TEST_P(TiledIndexTest, EachWorkItemExactlyOnce) {
  constexpr int rows = 8, cols = 9;
  std::vector<int> hits(rows * cols, 0);
  array_view<int, 2> h(rows, cols, hits);
  parallel_for_each(extent<2>(rows, cols).tile<2, 3>(), [=](tiled_index<2, 3> t) restrict(amp) {
    h[t.tile_origin + t.local] += 1;
  });
  h.synchronize();
  for (int i = 0; i < rows * cols; ++i) EXPECT_EQ(hits[i], 1) << "element " << i;
}

AMPLE_INSTANTIATE_WORKER_TESTS(TiledIndexTest);

}  // namespace
