// tiled_extent<D0,D1,D2>: tile shape, pad(), truncate() and comparison (SPEC §4.3).
#include <type_traits>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

TEST(TiledExtentTest, DerivesFromExtentOfTileRank) {
  EXPECT_TRUE((std::is_base_of_v<extent<1>, tiled_extent<16>>));
  EXPECT_TRUE((std::is_base_of_v<extent<2>, tiled_extent<16, 16>>));
  EXPECT_TRUE((std::is_base_of_v<extent<3>, tiled_extent<4, 8, 8>>));
  EXPECT_EQ((tiled_extent<16>::rank), 1);
  EXPECT_EQ((tiled_extent<16, 16>::rank), 2);
  EXPECT_EQ((tiled_extent<4, 8, 8>::rank), 3);
}

TEST(TiledExtentTest, TileDims) {
  using T1 = tiled_extent<64>;
  using T2 = tiled_extent<2, 3>;
  using T3 = tiled_extent<4, 16, 16>;
  EXPECT_EQ(T1::tile_dim0, 64);
  EXPECT_EQ(T2::tile_dim0, 2);
  EXPECT_EQ(T2::tile_dim1, 3);
  EXPECT_EQ(T3::tile_dim0, 4);
  EXPECT_EQ(T3::tile_dim1, 16);
  EXPECT_EQ(T3::tile_dim2, 16);
}

TEST(TiledExtentTest, TileExtent) {
  EXPECT_EQ(tiled_extent<64>::tile_extent, extent<1>(64));
  EXPECT_EQ((tiled_extent<2, 3>::tile_extent), extent<2>(2, 3));
  EXPECT_EQ((tiled_extent<4, 16, 16>::tile_extent), extent<3>(4, 16, 16));

  const tiled_extent<2, 3> t = extent<2>(8, 9).tile<2, 3>();
  EXPECT_EQ(t.get_tile_extent(), extent<2>(2, 3));
  EXPECT_EQ(t.get_tile_extent().size(), 6u);
}

TEST(TiledExtentTest, KeepsGlobalExtent) {
  const tiled_extent<2, 3> t = extent<2>(8, 9).tile<2, 3>();
  EXPECT_EQ(t[0], 8);
  EXPECT_EQ(t[1], 9);
  EXPECT_EQ(t.size(), 72u);
  EXPECT_TRUE(t.contains(index<2>(7, 8)));
  EXPECT_FALSE(t.contains(index<2>(8, 0)));
}

TEST(TiledExtentTest, Pad) {
  EXPECT_EQ(static_cast<extent<1>>(extent<1>(10).tile<4>().pad()), extent<1>(12));
  EXPECT_EQ(static_cast<extent<1>>(extent<1>(12).tile<4>().pad()), extent<1>(12));
  EXPECT_EQ(static_cast<extent<2>>(extent<2>(1000, 1000).tile<16, 16>().pad()), extent<2>(1008, 1008));
  EXPECT_EQ(static_cast<extent<2>>(extent<2>(1000, 7).tile<16, 16>().pad()), extent<2>(1008, 16));
  EXPECT_EQ(static_cast<extent<3>>(extent<3>(5, 17, 33).tile<4, 16, 16>().pad()), extent<3>(8, 32, 48));
}

TEST(TiledExtentTest, PadKeepsTileType) {
  auto p = extent<2>(10, 10).tile<4, 8>().pad();
  EXPECT_TRUE((std::is_same_v<decltype(p), tiled_extent<4, 8>>));
}

TEST(TiledExtentTest, Truncate) {
  EXPECT_EQ(static_cast<extent<1>>(extent<1>(10).tile<4>().truncate()), extent<1>(8));
  EXPECT_EQ(static_cast<extent<2>>(extent<2>(1000, 1000).tile<16, 16>().truncate()), extent<2>(992, 992));
  EXPECT_EQ(static_cast<extent<2>>(extent<2>(32, 48).tile<16, 16>().truncate()), extent<2>(32, 48));
  EXPECT_EQ(static_cast<extent<3>>(extent<3>(5, 17, 33).tile<4, 16, 16>().truncate()), extent<3>(4, 16, 32));
}

TEST(TiledExtentTest, Equality) {
  const auto a = extent<2>(32, 32).tile<16, 16>();
  const auto b = extent<2>(32, 32).tile<16, 16>();
  const auto c = extent<2>(32, 48).tile<16, 16>();
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a != b);
  EXPECT_TRUE(a != c);
  EXPECT_FALSE(a == c);
}

TEST(TiledExtentTest, CopyAndConstructFromExtent) {
  tiled_extent<4> t(extent<1>(16));
  tiled_extent<4> u = t;
  EXPECT_EQ(u, t);
  EXPECT_EQ(u[0], 16);
}

// Visual C++ refuses an over-sized tile where its kernel is launched (compile_fail
// tile_over_1024_work_items): declaring and padding one is fine.
TEST(TiledExtentTest, OverSizedTilesMayBeDeclared) {
  tiled_extent<2048> t = extent<1>(3000).tile<2048>().pad();
  EXPECT_EQ(t[0], 4096);
  EXPECT_EQ(t.tile_dim0, 2048);
}

}  // namespace
