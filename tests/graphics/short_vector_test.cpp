// <amp_short_vectors.h>: norm/unorm clamping, short vector layout, construction, arithmetic,
// conversions, swizzles, the type maps, and short vectors inside a kernel.
#include <amp_short_vectors.h>
#include <ample/detail/bitwise_copyable.hpp>

#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;
using namespace concurrency::graphics;

// Layout: every vector is N packed components, a plain value usable as an array_view element.
// (Not trivially copyable: assignment is user-provided, see swizzle_property_test.cpp.)
template <class V, class T, int N>
constexpr bool plain_vector = ample::detail::is_bitwise_copyable_v<V> &&
                              sizeof(V) == N * sizeof(T) && alignof(V) == alignof(T) &&
                              V::size == N && std::is_same_v<typename V::value_type, T>;
static_assert(plain_vector<int_2, int, 2> && plain_vector<int_3, int, 3> &&
              plain_vector<int_4, int, 4>);
static_assert(plain_vector<uint_3, unsigned int, 3> && plain_vector<float_4, float, 4> &&
              plain_vector<double_3, double, 3> && plain_vector<norm_4, norm, 4> &&
              plain_vector<unorm_2, unorm, 2>);
static_assert(sizeof(norm) == 4 && sizeof(unorm) == 4 && std::is_trivially_copyable_v<norm> &&
              std::is_trivially_copyable_v<unorm>);

// The named types are distinct, the vector conversions are explicit and the broadcast is
// implicit, as in Microsoft's header.
static_assert(!std::is_same_v<float_4, int_4> && !std::is_same_v<norm_2, unorm_2>);
static_assert(std::is_constructible_v<float_4, int_4> && !std::is_convertible_v<int_4, float_4>);
static_assert(std::is_convertible_v<float, float_4> && std::is_convertible_v<int, int_2> &&
              std::is_convertible_v<float, norm_3>);
static_assert(!std::is_constructible_v<float_4, float_3>);
static_assert(std::is_convertible_v<unorm, norm> && !std::is_convertible_v<norm, unorm>);
static_assert(std::is_convertible_v<norm, float> && !std::is_convertible_v<float, norm>);

// Operators exist only for the component types Microsoft gives them to.
template <class V>
concept has_modulo = requires(V a) { a % a; };
template <class V>
concept has_bit_ops = requires(V a) { a & a; a | a; a ^ a; a << a; a >> a; ~a; a &= a; };
template <class V>
concept has_negation = requires(V a) { -a; };
static_assert(has_modulo<int_2> && has_modulo<uint_4> && !has_modulo<float_4> &&
              !has_modulo<norm_2>);
static_assert(has_bit_ops<int_3> && has_bit_ops<uint_2> && !has_bit_ops<double_2>);
static_assert(has_negation<int_2> && has_negation<float_3> && has_negation<norm_4> &&
              !has_negation<uint_2> && !has_negation<unorm_3>);

// Swizzles exist only for components the vector has.
template <class V>
concept has_z = requires(V v) { v.get_z(); v.get_xz(); v.get_b(); };
template <class V>
concept has_w = requires(V v) { v.get_wzyx(); v.get_abgr(); v.set_w(v.x); };
static_assert(!has_z<float_2> && has_z<float_3> && !has_w<float_3> && has_w<float_4>);

// The type maps.
static_assert(std::is_same_v<short_vector<float, 4>::type, float_4> &&
              std::is_same_v<short_vector<float, 1>::type, float> &&
              std::is_same_v<short_vector<unsigned int, 2>::type, uint_2> &&
              std::is_same_v<short_vector<norm, 3>::type, norm_3> &&
              std::is_same_v<short_vector<unorm, 1>::type, unorm>);
template <class T, int N>
concept has_short_vector = requires { typename short_vector<T, N>::type; };
static_assert(!has_short_vector<char, 4> && !has_short_vector<float, 5> &&
              !has_short_vector<float, 0>);
static_assert(std::is_same_v<short_vector_traits<uint_3>::value_type, unsigned int> &&
              short_vector_traits<uint_3>::size == 3 && short_vector_traits<norm_4>::size == 4 &&
              std::is_same_v<short_vector_traits<double>::value_type, double> &&
              short_vector_traits<double>::size == 1 && short_vector_traits<unorm>::size == 1);

// Everything is constexpr.
static_assert(float_2(1, 2).get_yx() == float_2(2, 1) && (int_3(7, 8, 9) % int_3(4)).z == 1);

TEST(Norm, ConstructionClamps) {
  EXPECT_EQ(unorm(2.0f), 1.0f);
  EXPECT_EQ(unorm(-0.5f), 0.0f);
  EXPECT_EQ(unorm(0.25), 0.25f);
  EXPECT_EQ(unorm(3u), 1.0f);
  EXPECT_EQ(norm(-3), -1.0f);
  EXPECT_EQ(norm(1.5), 1.0f);
  EXPECT_EQ(norm(-0.5f), -0.5f);
  EXPECT_EQ(norm(), 0.0f);
  EXPECT_EQ(unorm(), 0.0f);
  // NaN is passed through, as Microsoft's CPU clamp does.
  EXPECT_TRUE(std::isnan(static_cast<float>(norm(std::numeric_limits<float>::quiet_NaN()))));
  EXPECT_TRUE(std::isnan(static_cast<float>(unorm(std::nanf("")))));
}

TEST(Norm, ArithmeticClamps) {
  EXPECT_EQ(unorm(0.5f) + unorm(0.75f), unorm(1.0f));
  EXPECT_EQ(unorm(0.25f) - unorm(0.75f), 0.0f);
  EXPECT_EQ(unorm(0.5f) * unorm(0.5f), 0.25f);
  EXPECT_EQ(unorm(0.5f) / unorm(0.25f), 1.0f);
  EXPECT_EQ(norm(-0.75f) - norm(0.5f), -1.0f);
  EXPECT_EQ(norm(0.5f) / norm(-0.25f), -1.0f);
  EXPECT_EQ(-norm(0.5f), -0.5f);
  norm n(0.5f);
  n += norm(0.75f);
  EXPECT_EQ(n, 1.0f);
  EXPECT_EQ(n++, 1.0f);
  EXPECT_EQ(n, 1.0f);
  EXPECT_EQ(--n, 0.0f);
  unorm u(0.5f);
  EXPECT_EQ(--u, 0.0f);
  u *= unorm(0.3f);
  EXPECT_EQ(u, 0.0f);
}

TEST(Norm, ConversionsAndComparisons) {
  const norm n = unorm(0.75f);  // implicit: [0, 1] lies inside [-1, 1]
  EXPECT_EQ(n, 0.75f);
  EXPECT_EQ(unorm(norm(-0.5f)), 0.0f);
  const float f = norm(0.25f) + 1.0f;  // norm + float is float arithmetic, not clamped
  EXPECT_EQ(f, 1.25f);
  EXPECT_TRUE(norm(-0.5f) < norm(0.25f));
  EXPECT_TRUE(unorm(0.75f) >= unorm(0.5f));
  EXPECT_TRUE(norm(0.5f) != norm(0.25f));
  EXPECT_TRUE(unorm(0.5f) <= unorm(0.5f));
  EXPECT_TRUE(norm(0.5f) == unorm(0.5f));
}

TEST(ShortVector, Construction) {
  const float_4 zero;
  EXPECT_TRUE(zero.x == 0 && zero.y == 0 && zero.z == 0 && zero.w == 0);
  const int_3 v(1, 2, 3);
  EXPECT_TRUE(v.x == 1 && v.y == 2 && v.z == 3);
  const double_2 b(2.5);
  EXPECT_TRUE(b.x == 2.5 && b.y == 2.5);
  float_4 m;
  m.x = 1;
  m.w = 4;
  EXPECT_EQ(m, float_4(1, 0, 0, 4));
  const norm_2 nv(0.5f, -2.0f);
  EXPECT_TRUE(nv.x == 0.5f && nv.y == -1.0f);
  const unorm_3 uv(norm(0.5f), unorm(0.25f), 7);  // each component converts through float
  EXPECT_EQ(uv, unorm_3(0.5f, 0.25f, 1.0f));
}

TEST(ShortVector, Arithmetic) {
  const float_4 a(1, 2, 3, 4), b(4, 3, 2, 1);
  EXPECT_EQ(a + b, float_4(5.0f));
  EXPECT_EQ(a - b, float_4(-3, -1, 1, 3));
  EXPECT_EQ(a * b, float_4(4, 6, 6, 4));
  EXPECT_EQ(a / float_4(2.0f), float_4(0.5f, 1, 1.5f, 2));
  EXPECT_EQ(-a, float_4(-1, -2, -3, -4));
  EXPECT_TRUE(a != b);
  EXPECT_FALSE(a == b);
  EXPECT_TRUE(a != float_4(1, 2, 3, 5));  // one differing component is enough

  int_3 i(7, -8, 9);
  EXPECT_EQ(i % int_3(4), int_3(3, 0, 1));
  EXPECT_EQ(i & int_3(1), int_3(1, 0, 1));
  EXPECT_EQ(i | int_3(2), int_3(7, -6, 11));
  EXPECT_EQ(i ^ int_3(1), int_3(6, -7, 8));
  EXPECT_EQ(int_3(1, 2, 3) << int_3(1, 2, 3), int_3(2, 8, 24));
  EXPECT_EQ(int_3(16) >> int_3(1, 2, 4), int_3(8, 4, 1));
  EXPECT_EQ(~int_3(0), int_3(-1));
  EXPECT_EQ(~uint_2(0u), uint_2(0xffffffffu));
  i += int_3(1);
  i *= int_3(2);
  i -= int_3(1, 1, 1);
  i /= int_3(3);
  EXPECT_EQ(i, int_3(5, -5, 6));
  i <<= int_3(1);
  i >>= int_3(1);
  i ^= int_3(0);
  i |= int_3(0);
  i &= int_3(-1);
  i %= int_3(100);
  EXPECT_EQ(i, int_3(5, -5, 6));

  uint_2 u(1u, 2u);
  EXPECT_EQ(u++, uint_2(1u, 2u));
  EXPECT_EQ(u, uint_2(2u, 3u));
  EXPECT_EQ(--u, uint_2(1u, 2u));
  EXPECT_EQ(u--, uint_2(1u, 2u));
  EXPECT_EQ(++u, uint_2(1u, 2u));
}

// A scalar operand broadcasts, on either side, as Visual C++ compiled Microsoft's n-body
// sample (`acc += r * particle_mass * inv_dist_cube`).
TEST(ShortVector, ScalarOperandsBroadcast) {
  const float_3 r(1, -2, 4);
  float_3 acc = 0.0f;
  acc += r * 2.0f * 0.5f;
  EXPECT_EQ(acc, r);
  EXPECT_EQ(3.0f * r, float_3(3, -6, 12));
  EXPECT_EQ(r / 2.0f, float_3(0.5f, -1, 2));
  EXPECT_EQ(1.0f - r, float_3(0, 3, -3));
  acc *= 2.0f;
  EXPECT_EQ(acc, float_3(2, -4, 8));
  EXPECT_TRUE(float_2(1.5f) == 1.5f);
  EXPECT_EQ(int_2(7, 9) % 4, int_2(3, 1));
  EXPECT_EQ(uint_2(1u, 2u) << 3u, uint_2(8u, 16u));
  EXPECT_EQ(norm_2(0.5f, -0.5f) + 0.75f, norm_2(1.0f, 0.25f));  // the sum clamps per component
  EXPECT_EQ(norm_2(0.5f, -0.5f) * 4.0f, norm_2(0.5f, -0.5f));   // 4 becomes norm_2(1, 1) first
}

TEST(ShortVector, NormVectorsClampEachComponent) {
  EXPECT_EQ(unorm_2(0.5f, 0.25f) + unorm_2(0.75f, 0.5f), unorm_2(1.0f, 0.75f));
  EXPECT_EQ(norm_3(-0.5f, 0.5f, 0) - norm_3(0.75f), norm_3(-1.0f, -0.25f, -0.75f));
  EXPECT_EQ(-norm_2(1.0f, -0.25f), norm_2(-1.0f, 0.25f));
  norm_4 n(0.5f, -0.5f, 1.0f, -1.0f);
  ++n;
  EXPECT_EQ(n, norm_4(1.0f, 0.5f, 1.0f, 0.0f));
}

TEST(ShortVector, Conversions) {
  EXPECT_EQ(float_4(int_4(1, -2, 3, -4)), float_4(1, -2, 3, -4));
  EXPECT_EQ(int_2(float_2(2.75f, -2.75f)), int_2(2, -2));  // truncates toward zero
  EXPECT_EQ(unorm_2(float_2(2.0f, -1.0f)), unorm_2(1.0f, 0.0f));
  EXPECT_EQ(norm_3(int_3(-5, 0, 5)), norm_3(-1.0f, 0.0f, 1.0f));
  EXPECT_EQ(unorm_2(norm_2(-0.5f, 0.5f)), unorm_2(0.0f, 0.5f));
  EXPECT_EQ(double_2(norm_2(0.5f, -0.25f)), double_2(0.5, -0.25));
  EXPECT_EQ(uint_2(double_2(3.5, 4.0)), uint_2(3u, 4u));
}

TEST(ShortVector, Swizzles) {
  float_4 v(1, 2, 3, 4);
  EXPECT_EQ(v.get_wzyx(), float_4(4, 3, 2, 1));
  EXPECT_EQ(v.get_abgr(), float_4(4, 3, 2, 1));
  EXPECT_EQ(v.get_zx(), float_2(3, 1));
  EXPECT_EQ(v.get_gba(), float_3(2, 3, 4));
  EXPECT_EQ(v.get_w(), 4.0f);
  EXPECT_EQ(v.get_r(), 1.0f);
  v.set_xy(float_2(9, 8));
  EXPECT_EQ(v, float_4(9, 8, 3, 4));  // set_xy writes only x and y
  v.set_wx(float_2(5, 6));
  EXPECT_EQ(v, float_4(6, 8, 3, 5));
  v.set_bgr(float_3(0, 1, 2));
  EXPECT_EQ(v, float_4(2, 1, 0, 5));
  v.set_a(7);
  v.set_y(-1);
  EXPECT_EQ(v, float_4(2, -1, 0, 7));
  v.set_yzwx(float_4(1, 2, 3, 4));
  EXPECT_EQ(v, float_4(4, 1, 2, 3));

  // The generic forms behind the named ones; get<> may repeat a component.
  EXPECT_EQ((v.get<3, 2, 1, 0>()), v.get_wzyx());
  EXPECT_EQ((v.get<0, 0>()), float_2(4, 4));
  v.set<2, 0>(float_2(-3, -4));
  EXPECT_EQ(v, float_4(-4, 1, -3, 3));

  int_2 small(1, 2);
  small.set_yx(small.get_xy());
  EXPECT_EQ(small, int_2(2, 1));
  uint_3 u(1u, 2u, 3u);
  EXPECT_EQ(u.get_zyx(), uint_3(3u, 2u, 1u));
  EXPECT_EQ(u.get_bg(), uint_2(3u, 2u));
  norm_3 n(0.5f, -0.5f, 0.25f);
  n.set_zx(norm_2(1.0f, -1.0f));
  EXPECT_EQ(n, norm_3(-1.0f, -0.5f, 1.0f));

  // ref_x() ... ref_a() are references to one component.
  int_4 r(1, 2, 3, 4);
  r.ref_x() = 10;
  r.ref_a() += 1;
  EXPECT_EQ(&r.ref_g(), &r.y);
  EXPECT_EQ(r, int_4(10, 2, 3, 5));
}

class ShortVectorKernelTest : public WorkerCountTest {};

TEST_P(ShortVectorKernelTest, WorksInsideKernels) {
  const int n = 1000;
  std::vector<float_4> data(n);
  for (int i = 0; i < n; ++i) data[i] = float_4(float(i), 1.0f, 2.0f, 3.0f);
  array_view<float_4, 1> av(n, data);
  parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
    float_4 v = av[idx];
    v = v * 2.0f + float_4(0, 0, 0, 1);
    v.set_yz(v.get_zy());
    av[idx] = v;
    av[idx].x += 0.5f;
  });
  av.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], float_4(2.0f * float(i) + 0.5f, 4.0f, 2.0f, 7.0f)) << "at " << i;
}

TEST_P(ShortVectorKernelTest, RefAllowsAtomics) {
  std::vector<int_2> counter(1);
  array_view<int_2, 1> av(1, counter);
  parallel_for_each(extent<1>(500), [=](index<1> idx) restrict(amp) {
    atomic_fetch_add(&av[0].ref_x(), 1);
    atomic_fetch_add(&av[0].ref_g(), idx[0]);
  });
  av.synchronize();
  EXPECT_EQ(counter[0], int_2(500, 499 * 500 / 2));
}

AMPLE_INSTANTIATE_WORKER_TESTS(ShortVectorKernelTest);

}  // namespace
