// index<N>: construction, element access, arithmetic and comparison (SPEC §4.1).
#include <type_traits>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

TEST(IndexTest, DefaultConstructedIsZero) {
  index<1> i1;
  index<2> i2;
  index<3> i3;
  EXPECT_EQ(i1[0], 0);
  EXPECT_EQ(i2[0], 0);
  EXPECT_EQ(i2[1], 0);
  EXPECT_EQ(i3[0], 0);
  EXPECT_EQ(i3[1], 0);
  EXPECT_EQ(i3[2], 0);
}

TEST(IndexTest, CoordinateConstructors) {
  index<1> i1(7);
  index<2> i2(3, 4);
  index<3> i3(5, 6, 7);
  EXPECT_EQ(i1[0], 7);
  EXPECT_EQ(i2[0], 3);
  EXPECT_EQ(i2[1], 4);
  EXPECT_EQ(i3[0], 5);
  EXPECT_EQ(i3[1], 6);
  EXPECT_EQ(i3[2], 7);
}

TEST(IndexTest, OneArgumentConstructorIsExplicit) {
  EXPECT_TRUE((std::is_constructible_v<index<1>, int>));
  EXPECT_FALSE((std::is_convertible_v<int, index<1>>));
}

TEST(IndexTest, RankAndValueType) {
  EXPECT_EQ(index<1>::rank, 1);
  EXPECT_EQ(index<3>::rank, 3);
  EXPECT_EQ(index<5>::rank, 5);
  EXPECT_TRUE((std::is_same_v<index<2>::value_type, int>));
}

TEST(IndexTest, ArrayConstructorAnyRank) {
  const int v3[3] = {1, -2, 3};
  index<3> i3(v3);
  EXPECT_EQ(i3, index<3>(1, -2, 3));

  const int v5[5] = {9, 8, 7, 6, 5};
  index<5> i5(v5);
  for (int d = 0; d < 5; ++d) EXPECT_EQ(i5[d], 9 - d);
}

TEST(IndexTest, SubscriptWrites) {
  index<2> i(0, 0);
  i[0] = 11;
  i[1] = -4;
  EXPECT_EQ(i, index<2>(11, -4));
}

TEST(IndexTest, CopyAndAssign) {
  index<2> a(1, 2);
  index<2> b(a);
  index<2> c;
  c = a;
  EXPECT_EQ(b, a);
  EXPECT_EQ(c, a);
  b[0] = 5;
  EXPECT_EQ(a[0], 1) << "a copy must not alias its source";
}

TEST(IndexTest, EqualityAndInequality) {
  EXPECT_TRUE(index<2>(1, 2) == index<2>(1, 2));
  EXPECT_FALSE(index<2>(1, 2) == index<2>(2, 1));
  EXPECT_TRUE(index<2>(1, 2) != index<2>(1, 3));
  EXPECT_FALSE(index<3>(1, 2, 3) != index<3>(1, 2, 3));
}

TEST(IndexTest, ArithmeticWithIndex) {
  const index<2> a(7, 20), b(2, 6);
  EXPECT_EQ(a + b, index<2>(9, 26));
  EXPECT_EQ(a - b, index<2>(5, 14));
  // No *, / or % with an index, as in C++ AMP (compile_fail.index_times_index).
}

TEST(IndexTest, ArithmeticWithIntOnTheRight) {
  const index<3> a(10, 21, -6);
  EXPECT_EQ(a + 3, index<3>(13, 24, -3));
  EXPECT_EQ(a - 3, index<3>(7, 18, -9));
  EXPECT_EQ(a * 2, index<3>(20, 42, -12));
  EXPECT_EQ(a / 4, index<3>(2, 5, -1));
  EXPECT_EQ(a % 4, index<3>(2, 1, -2));
}

TEST(IndexTest, ArithmeticWithIntOnTheLeft) {
  const index<2> a(3, 5);
  EXPECT_EQ(3 + a, index<2>(6, 8));
  EXPECT_EQ(10 - a, index<2>(7, 5));
  EXPECT_EQ(2 * a, index<2>(6, 10));
  EXPECT_EQ(30 / a, index<2>(10, 6));
  EXPECT_EQ(17 % a, index<2>(2, 2));
}

TEST(IndexTest, CompoundAssignmentWithIndex) {
  index<2> a(8, 9);
  a += index<2>(1, 1);
  EXPECT_EQ(a, index<2>(9, 10));
  a -= index<2>(4, 5);
  EXPECT_EQ(a, index<2>(5, 5));
  // *=, /= and %= with an index do not exist, as in C++ AMP (compile_fail.index_times_index).
}

TEST(IndexTest, CompoundAssignmentWithInt) {
  index<2> a(8, 9);
  a += 2;
  EXPECT_EQ(a, index<2>(10, 11));
  a -= 1;
  EXPECT_EQ(a, index<2>(9, 10));
  a *= 3;
  EXPECT_EQ(a, index<2>(27, 30));
  a /= 4;
  EXPECT_EQ(a, index<2>(6, 7));
  a %= 4;
  EXPECT_EQ(a, index<2>(2, 3));
}

TEST(IndexTest, CompoundAssignmentReturnsSelf) {
  index<1> a(1);
  (a += 1) += 1;
  EXPECT_EQ(a[0], 3);
}

TEST(IndexTest, IncrementAndDecrement) {
  index<2> a(1, 2);
  index<2> pre = ++a;
  EXPECT_EQ(pre, index<2>(2, 3));
  EXPECT_EQ(a, index<2>(2, 3));

  index<2> post = a++;
  EXPECT_EQ(post, index<2>(2, 3));
  EXPECT_EQ(a, index<2>(3, 4));

  index<2> pre_dec = --a;
  EXPECT_EQ(pre_dec, index<2>(2, 3));
  index<2> post_dec = a--;
  EXPECT_EQ(post_dec, index<2>(2, 3));
  EXPECT_EQ(a, index<2>(1, 2));
}

TEST(IndexTest, HighRankArithmetic) {
  const int va[4] = {1, 2, 3, 4};
  const int vb[4] = {10, 20, 30, 40};
  index<4> a(va), b(vb);
  index<4> c = b - a * 2;
  const int expected[4] = {8, 16, 24, 32};
  EXPECT_EQ(c, index<4>(expected));
}

}  // namespace
