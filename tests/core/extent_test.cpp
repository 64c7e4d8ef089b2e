// extent<N>: shape, size(), contains(), tile<>() and extent ± index (SPEC §4.2).
#include <type_traits>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

TEST(ExtentTest, Constructors) {
  extent<1> e1(12);
  extent<2> e2(2, 6);
  extent<3> e3(4, 5, 6);
  EXPECT_EQ(e1[0], 12);
  EXPECT_EQ(e2[0], 2);
  EXPECT_EQ(e2[1], 6);
  EXPECT_EQ(e3[0], 4);
  EXPECT_EQ(e3[1], 5);
  EXPECT_EQ(e3[2], 6);

  const int v[2] = {3, 9};
  EXPECT_EQ(extent<2>(v), extent<2>(3, 9));
}

TEST(ExtentTest, DefaultIsZero) {
  extent<2> e;
  EXPECT_EQ(e[0], 0);
  EXPECT_EQ(e[1], 0);
  EXPECT_EQ(e.size(), 0u);
}

TEST(ExtentTest, OneArgumentConstructorIsExplicit) {
  EXPECT_TRUE((std::is_constructible_v<extent<1>, int>));
  EXPECT_FALSE((std::is_convertible_v<int, extent<1>>));
}

TEST(ExtentTest, Rank) {
  EXPECT_EQ(extent<1>::rank, 1);
  EXPECT_EQ(extent<2>::rank, 2);
  EXPECT_EQ(extent<4>::rank, 4);
}

TEST(ExtentTest, Size) {
  EXPECT_EQ(extent<1>(12).size(), 12u);
  EXPECT_EQ(extent<2>(2, 6).size(), 12u);
  EXPECT_EQ(extent<3>(4, 5, 6).size(), 120u);
  EXPECT_EQ(extent<2>(1024, 768).size(), 786432u);
  const int v[4] = {2, 3, 4, 5};
  EXPECT_EQ(extent<4>(v).size(), 120u);
}

TEST(ExtentTest, Contains) {
  const extent<2> e(3, 4);
  EXPECT_TRUE(e.contains(index<2>(0, 0)));
  EXPECT_TRUE(e.contains(index<2>(2, 3)));
  EXPECT_FALSE(e.contains(index<2>(3, 0)));
  EXPECT_FALSE(e.contains(index<2>(0, 4)));
  EXPECT_FALSE(e.contains(index<2>(-1, 0)));
  EXPECT_FALSE(e.contains(index<2>(0, -1)));

  const extent<1> e1(5);
  EXPECT_TRUE(e1.contains(index<1>(4)));
  EXPECT_FALSE(e1.contains(index<1>(5)));
}

TEST(ExtentTest, PlusMinusIndex) {
  const extent<2> e(10, 20);
  EXPECT_EQ(e + index<2>(1, 2), extent<2>(11, 22));
  EXPECT_EQ(e - index<2>(1, 2), extent<2>(9, 18));
  extent<2> f = e;
  f += index<2>(5, 5);
  EXPECT_EQ(f, extent<2>(15, 25));
  f -= index<2>(5, 10);
  EXPECT_EQ(f, extent<2>(10, 15));
}

TEST(ExtentTest, ArithmeticWithExtentAndInt) {
  const extent<2> e(8, 12);
  EXPECT_EQ(e + extent<2>(1, 1), extent<2>(9, 13));
  EXPECT_EQ(e - extent<2>(1, 2), extent<2>(7, 10));
  EXPECT_EQ(e * 2, extent<2>(16, 24));
  EXPECT_EQ(e / 4, extent<2>(2, 3));
  EXPECT_EQ(e % 5, extent<2>(3, 2));
  EXPECT_EQ(2 * e, extent<2>(16, 24));
  EXPECT_EQ(20 - e, extent<2>(12, 8));
  extent<2> g = e;
  g *= 3;
  EXPECT_EQ(g, extent<2>(24, 36));
  g /= extent<2>(8, 6);
  EXPECT_EQ(g, extent<2>(3, 6));
}

TEST(ExtentTest, IncrementAndDecrement) {
  extent<2> e(1, 1);
  EXPECT_EQ(++e, extent<2>(2, 2));
  EXPECT_EQ(e++, extent<2>(2, 2));
  EXPECT_EQ(e, extent<2>(3, 3));
  EXPECT_EQ(--e, extent<2>(2, 2));
  EXPECT_EQ(e--, extent<2>(2, 2));
  EXPECT_EQ(e, extent<2>(1, 1));
}

TEST(ExtentTest, Equality) {
  EXPECT_TRUE(extent<2>(2, 6) == extent<2>(2, 6));
  EXPECT_TRUE(extent<2>(2, 6) != extent<2>(6, 2));
  EXPECT_FALSE(extent<2>(2, 6) != extent<2>(2, 6));
}

TEST(ExtentTest, TileProducesTiledExtentOfSameRankAndShape) {
  const extent<1> e(12);
  const extent<2> ee(2, 6);
  const extent<3> eee(4, 8, 16);

  auto t1 = e.tile<6>();
  auto t2 = ee.tile<2, 2>();
  auto t3 = eee.tile<2, 4, 8>();
  EXPECT_TRUE((std::is_same_v<decltype(t1), tiled_extent<6>>));
  EXPECT_TRUE((std::is_same_v<decltype(t2), tiled_extent<2, 2>>));
  EXPECT_TRUE((std::is_same_v<decltype(t3), tiled_extent<2, 4, 8>>));
  EXPECT_EQ(t1.rank, e.rank);
  EXPECT_EQ(t2.rank, ee.rank);
  EXPECT_EQ(t3.rank, eee.rank);
  EXPECT_EQ(static_cast<extent<1>>(t1), e);
  EXPECT_EQ(static_cast<extent<2>>(t2), ee);
  EXPECT_EQ(static_cast<extent<3>>(t3), eee);
}

}  // namespace
