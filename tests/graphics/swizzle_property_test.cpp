// Swizzle properties of the short vectors (`v.xy = w.yx`; swizzle_property.hpp): layout, reads,
// writes, copies between same-named properties and within one vector, compound operators,
// norm/unorm clamping, use inside a kernel, and that copying a vector copies every component.
#include <amp_short_vectors.h>
#include <ample/detail/bitwise_copyable.hpp>

#include <cstring>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;
using namespace concurrency::graphics;

// The properties take no space: every vector is still N packed components.
static_assert(sizeof(int_2) == 8 && sizeof(int_3) == 12 && sizeof(int_4) == 16);
static_assert(sizeof(uint_2) == 8 && sizeof(uint_3) == 12 && sizeof(uint_4) == 16);
static_assert(sizeof(float_2) == 8 && sizeof(float_3) == 12 && sizeof(float_4) == 16);
static_assert(sizeof(double_2) == 16 && sizeof(double_3) == 24 && sizeof(double_4) == 32);
static_assert(sizeof(norm_2) == 8 && sizeof(norm_3) == 12 && sizeof(norm_4) == 16);
static_assert(sizeof(unorm_2) == 8 && sizeof(unorm_3) == 12 && sizeof(unorm_4) == 16);

// Copy construction stays trivial, so vectors may be copied as bytes (array and array_view
// elements); assignment is user-provided, so they are not trivially copyable.
template <class... V>
constexpr bool all_bitwise_copyable = (ample::detail::is_bitwise_copyable_v<V> && ...);
static_assert(all_bitwise_copyable<int_2, int_3, int_4, uint_2, uint_3, uint_4, float_2, float_3,
                                   float_4, double_2, double_3, double_4, norm_2, norm_3, norm_4,
                                   unorm_2, unorm_3, unorm_4>);
static_assert(std::is_trivially_copy_constructible_v<float_4> &&
              std::is_trivially_move_constructible_v<float_4> &&
              std::is_trivially_destructible_v<float_4> &&
              !std::is_trivially_copy_assignable_v<float_4> &&
              !std::is_trivially_copyable_v<float_4>);
static_assert(ample::detail::is_bitwise_copyable_v<int> &&
              !ample::detail::is_bitwise_copyable_v<std::string>);

// A property reads and writes the value type: T for one component, the short vector for more.
static_assert(std::is_same_v<decltype(float_4::r)::value_type, float> &&
              std::is_same_v<decltype(float_4::zw)::value_type, float_2> &&
              std::is_same_v<decltype(int_4::bgr)::value_type, int_3> &&
              std::is_same_v<decltype(norm_4::wzyx)::value_type, norm_4>);
static_assert(std::is_convertible_v<decltype(float_4::zw), float_2> &&
              std::is_convertible_v<decltype(unorm_3::g), unorm>);

// Properties exist for the components the vector has, and never repeat a component.
template <class V>
concept has_b = requires(V v) { v.b; v.xz; v.bgr; v.zyx; };
template <class V>
concept has_a = requires(V v) { v.a; v.wx; v.abgr; v.wzyx; };
template <class V>
concept has_repeats = requires(V v) { v.xx; } || requires(V v) { v.rr; };
static_assert(!has_b<float_2> && has_b<float_3> && !has_a<float_3> && has_a<float_4>);
static_assert(!has_repeats<float_4> && !has_repeats<int_2>);

// A const vector's properties are read-only; a property cannot be copied out of its vector.
static_assert(std::is_assignable_v<decltype((std::declval<float_4&>().xy)), float_2> &&
              !std::is_assignable_v<decltype((std::declval<const float_4&>().xy)), float_2>);
static_assert(!std::is_copy_constructible_v<decltype(float_4::xy)> &&
              !std::is_default_constructible_v<decltype(float_4::xy)>);

// The operators follow the value type: integer operators for int and unsigned int, negation
// where the vector has it.
template <class V>
concept has_integer_ops = requires(V v) {
  v.xy %= v.xy; v.xy &= v.yx; v.gr |= v.xy; v.r ^= v.g; v.xy <<= v.yx; v.y >>= v.r; ~v.xy;
};
template <class V>
concept has_negation = requires(V v) { -v.xy; -v.rg; };
static_assert(has_integer_ops<int_2> && has_integer_ops<uint_4> && !has_integer_ops<float_2> &&
              !has_integer_ops<norm_3>);
static_assert(has_negation<int_3> && has_negation<double_2> && has_negation<norm_2> &&
              !has_negation<uint_2> && !has_negation<unorm_4>);

// expect_at(vector, properties) checks that each property lies at the vector's address, and
// returns how many it checked.
std::size_t expect_at(const void* vector, std::initializer_list<const void*> properties) {
  std::size_t i = 0;
  for (const void* p : properties) EXPECT_EQ(p, vector) << "property #" << i++ << " of its level";
  return properties.size();
}

// expect_properties_at(v) checks every property of v, level by level.
template <class V>
std::size_t expect_properties_at(V& v) {
  std::size_t checked = expect_at(&v, {
      &v.xy, &v.yx, &v.r, &v.g, &v.rg, &v.gr});
  if constexpr (V::size >= 3)
    checked += expect_at(&v, {
      &v.xz, &v.yz, &v.zx, &v.zy, &v.xyz, &v.xzy, &v.yxz, &v.yzx, &v.zxy, &v.zyx, &v.b, &v.rb,
      &v.gb, &v.br, &v.bg, &v.rgb, &v.rbg, &v.grb, &v.gbr, &v.brg, &v.bgr});
  if constexpr (V::size >= 4)
    checked += expect_at(&v, {
      &v.xw, &v.yw, &v.zw, &v.wx, &v.wy, &v.wz, &v.xyw, &v.xzw, &v.xwy, &v.xwz, &v.yxw, &v.yzw,
      &v.ywx, &v.ywz, &v.zxw, &v.zyw, &v.zwx, &v.zwy, &v.wxy, &v.wxz, &v.wyx, &v.wyz, &v.wzx,
      &v.wzy, &v.xyzw, &v.xywz, &v.xzyw, &v.xzwy, &v.xwyz, &v.xwzy, &v.yxzw, &v.yxwz, &v.yzxw,
      &v.yzwx, &v.ywxz, &v.ywzx, &v.zxyw, &v.zxwy, &v.zyxw, &v.zywx, &v.zwxy, &v.zwyx, &v.wxyz,
      &v.wxzy, &v.wyxz, &v.wyzx, &v.wzxy, &v.wzyx, &v.a, &v.ra, &v.ga, &v.ba, &v.ar, &v.ag, &v.ab,
      &v.rga, &v.rba, &v.rag, &v.rab, &v.gra, &v.gba, &v.gar, &v.gab, &v.bra, &v.bga, &v.bar,
      &v.bag, &v.arg, &v.arb, &v.agr, &v.agb, &v.abr, &v.abg, &v.rgba, &v.rgab, &v.rbga, &v.rbag,
      &v.ragb, &v.rabg, &v.grba, &v.grab, &v.gbra, &v.gbar, &v.garb, &v.gabr, &v.brga, &v.brag,
      &v.bgra, &v.bgar, &v.barg, &v.bagr, &v.argb, &v.arbg, &v.agrb, &v.agbr, &v.abrg, &v.abgr});
  return checked;
}

template <class V>
class SwizzlePropertyLayout : public ::testing::Test {};
using AllVectors = ::testing::Types<int_2, int_3, int_4, uint_2, uint_3, uint_4, float_2, float_3,
                                    float_4, double_2, double_3, double_4, norm_2, norm_3, norm_4,
                                    unorm_2, unorm_3, unorm_4>;
TYPED_TEST_SUITE(SwizzlePropertyLayout, AllVectors);

// Every property finds its vector at its own address (see swizzle_property.hpp), in every level
// and in both name families; the count is Microsoft's list less the x, y, z, w data members.
TYPED_TEST(SwizzlePropertyLayout, EveryPropertyLiesAtTheVectorsAddress) {
  TypeParam v;
  constexpr std::size_t count[] = {0, 0, 6, 27, 124};
  EXPECT_EQ(expect_properties_at(v), count[TypeParam::size]);
}

TEST(SwizzleProperty, ReadsEveryLength) {
  const float_4 v(1, 2, 3, 4);
  const float r = v.r;
  const float a = v.a;
  const float_2 zw = v.zw;
  const float_3 gba = v.gba;
  const float_4 wzyx = v.wzyx;
  EXPECT_EQ(r, 1.0f);
  EXPECT_EQ(a, 4.0f);
  EXPECT_EQ(zw, float_2(3, 4));
  EXPECT_EQ(gba, float_3(2, 3, 4));
  EXPECT_EQ(wzyx, float_4(4, 3, 2, 1));
  EXPECT_EQ(float_4(v.abgr), float_4(4, 3, 2, 1));
  EXPECT_EQ(float_3(v.xzw), v.get_xzw());

  const int_3 i(7, 8, 9);
  EXPECT_EQ(int_2(i.zx), int_2(9, 7));
  EXPECT_EQ(int(i.b), 9);
  EXPECT_EQ(int_3(i.bgr), int_3(9, 8, 7));
  const double_2 d(0.5, 1.5);
  EXPECT_EQ(double_2(d.yx), double_2(1.5, 0.5));
  EXPECT_EQ(double(d.g), 1.5);

  // A property behaves as its value in expressions: V's operators are found for it.
  EXPECT_EQ(v.xy + v.zw, float_2(4, 6));
  EXPECT_TRUE(v.xy == v.rg);
  EXPECT_TRUE(v.yx != v.xy);
  EXPECT_EQ(v.r * 2.0f + v.g, 4.0f);
  EXPECT_EQ(-v.zw, float_2(-3, -4));
  EXPECT_EQ(~i.xy, int_2(~7, ~8));
  // auto& names the property itself, and sees later writes.
  float_4 w(1, 2, 3, 4);
  auto& w_yx = w.yx;
  w.x = 10;
  EXPECT_EQ(float_2(w_yx), float_2(2, 10));
}

TEST(SwizzleProperty, WritesOnlyTheNamedComponents) {
  float_4 v;
  v.xy = float_2(1, 2);
  EXPECT_EQ(v, float_4(1, 2, 0, 0));
  v.wz = float_2(3, 4);
  EXPECT_EQ(v, float_4(1, 2, 4, 3));
  v.r = 5;
  EXPECT_EQ(v, float_4(5, 2, 4, 3));
  v.bgr = float_3(6, 7, 8);
  EXPECT_EQ(v, float_4(8, 7, 6, 3));
  v.wzyx = float_4(1, 2, 3, 4);
  EXPECT_EQ(v, float_4(4, 3, 2, 1));
  v.ga = {9, 10};
  EXPECT_EQ(v, float_4(4, 9, 2, 10));

  // An assignment gives the property, which reads as the new value; so assignments chain.
  const float_2 back = (v.yx = float_2(1, 2));
  EXPECT_EQ(back, float_2(1, 2));
  EXPECT_EQ(v, float_4(2, 1, 2, 10));
  v.xy = v.zw = float_2(5, 6);
  EXPECT_EQ(v, float_4(5, 6, 5, 6));

  uint_3 u(1u, 2u, 3u);
  u.b = 30u;
  u.zy = uint_2(4u, 5u);
  EXPECT_EQ(u, uint_3(1u, 5u, 4u));
  int_2 small(1, 2);
  small.g = -2;
  small.gr = int_2(8, 9);
  EXPECT_EQ(small, int_2(9, 8));
}

TEST(SwizzleProperty, CopiesBetweenSameNamedProperties) {
  float_4 a(1, 2, 3, 4);
  const float_4 c(5, 6, 7, 8);
  float_4 b(9, 10, 11, 12);
  a.xy = c.xy;  // const source
  EXPECT_EQ(a, float_4(5, 6, 3, 4));
  a.zw = b.zw;  // non-const source
  EXPECT_EQ(a, float_4(5, 6, 11, 12));
  a.yx = float_4(13, 14, 15, 16).yx;  // rvalue source: y = 14, x = 13
  EXPECT_EQ(a, float_4(13, 14, 11, 12));
  a.rg = std::move(b).rg;
  EXPECT_EQ(a, float_4(9, 10, 11, 12));
  a.abgr = c.abgr;
  EXPECT_EQ(a, c);
  EXPECT_EQ(b, float_4(9, 10, 11, 12));  // sources are left alone
  EXPECT_EQ(c, float_4(5, 6, 7, 8));

  // Between vectors of different sizes, or different names, through the value.
  float_2 f2;
  f2.yx = c.zw;
  EXPECT_EQ(f2, float_2(8, 7));
  f2.x = c.a;
  f2.r = c.y;
  EXPECT_EQ(f2, float_2(6, 7));
  int_3 i3(1, 2, 3);
  const int_3 j3(4, 5, 6);
  i3.b = j3.b;
  i3.rg = j3.gr;
  EXPECT_EQ(i3, int_3(5, 4, 6));
}

TEST(SwizzleProperty, ReadsTheSourceBeforeWriting) {
  float_4 v(1, 2, 3, 4);
  v.xy = v.yx;
  EXPECT_EQ(v, float_4(2, 1, 3, 4));
  v.yx = v.xy;  // same components, other order: still a swap
  EXPECT_EQ(v, float_4(1, 2, 3, 4));
  v.xyz = v.zxy;
  EXPECT_EQ(v, float_4(3, 1, 2, 4));
  v.wzyx = v.xyzw;
  EXPECT_EQ(v, float_4(4, 2, 1, 3));
  v.rg = v.gr;
  EXPECT_EQ(v, float_4(2, 4, 1, 3));
  v.zw = v.wz;
  EXPECT_EQ(v, float_4(2, 4, 3, 1));
  v.xy = v.yz;  // overlapping: x = old y, y = old z
  EXPECT_EQ(v, float_4(4, 3, 3, 1));
  auto& same = v.xy;
  v.xy = same;  // self-assignment of one property
  EXPECT_EQ(v, float_4(4, 3, 3, 1));
  v.r = v.a;
  EXPECT_EQ(v, float_4(1, 3, 3, 1));
}

TEST(SwizzleProperty, CompoundAssignmentAndIncrement) {
  float_4 v(1, 2, 3, 4);
  v.xy += float_2(10, 20);
  EXPECT_EQ(v, float_4(11, 22, 3, 4));
  v.wz -= float_2(1, 1);
  EXPECT_EQ(v, float_4(11, 22, 2, 3));
  v.yx *= float_2(2, 3);  // y *= 2, x *= 3
  EXPECT_EQ(v, float_4(33, 44, 2, 3));
  v.zw /= v.zw;
  EXPECT_EQ(v, float_4(33, 44, 1, 1));
  v.r += 1;
  v.a -= 0.5f;
  EXPECT_EQ(v, float_4(34, 44, 1, 0.5f));
  EXPECT_EQ(float_2(v.xy += float_2(1, 1)), float_2(35, 45));  // gives the new value

  EXPECT_EQ(v.a++, 0.5f);  // postfix gives the old value
  EXPECT_EQ(v.w, 1.5f);
  EXPECT_EQ(float(++v.a), 2.5f);
  EXPECT_EQ(v.zy--, float_2(1, 45));
  EXPECT_EQ(v, float_4(35, 44, 0, 2.5f));
  EXPECT_EQ(float_3(--v.bgr), float_3(-1, 43, 34));
  EXPECT_EQ(v, float_4(34, 43, -1, 2.5f));
  EXPECT_EQ(float_2(++v.xw), float_2(35, 3.5f));

  int_4 i(12, 7, 1, -8);
  i.xy %= int_2(5, 4);
  EXPECT_EQ(i, int_4(2, 3, 1, -8));
  i.zw <<= int_2(3, 1);
  EXPECT_EQ(i, int_4(2, 3, 8, -16));
  i.wz >>= int_2(2, 1);
  EXPECT_EQ(i, int_4(2, 3, 4, -4));
  i.rg |= int_2(4, 8);
  i.ba &= int_2(6, 7);
  i.ar ^= int_2(1, 1);
  EXPECT_EQ(i, int_4(7, 11, 4, 5));
  i.g %= 4;
  i.r <<= 1;
  EXPECT_EQ(i, int_4(14, 3, 4, 5));
  EXPECT_EQ(int_2(-i.zw), int_2(-4, -5));

  uint_3 u(1u, 2u, 3u);
  u.bgr |= uint_3(8u, 8u, 8u);
  u.x >>= 1u;
  u.b ^= 1u;
  EXPECT_EQ(u, uint_3(4u, 10u, 10u));
  EXPECT_EQ(u.gb++, uint_2(10u, 10u));
  EXPECT_EQ(u, uint_3(4u, 11u, 11u));
}

TEST(SwizzleProperty, NormAndUnormClampThroughProperties) {
  unorm_4 u(0.5f, 0.25f, 0.75f, 1.0f);
  u.rg += unorm_2(0.75f, 0.5f);
  EXPECT_EQ(u, unorm_4(1.0f, 0.75f, 0.75f, 1.0f));
  u.ba -= unorm_2(1.0f, 0.25f);
  EXPECT_EQ(u, unorm_4(1.0f, 0.75f, 0.0f, 0.75f));
  u.a++;
  ++u.a;
  EXPECT_EQ(u.w, 1.0f);
  u.xy = unorm_2(float_2(2.0f, -1.0f));
  EXPECT_EQ(u, unorm_4(1.0f, 0.0f, 0.0f, 1.0f));
  u.ra *= unorm_2(0.5f, 0.25f);
  EXPECT_EQ(u, unorm_4(0.5f, 0.0f, 0.0f, 0.25f));

  norm_3 n(0.5f, -0.5f, 0.0f);
  n.zyx -= norm_3(1.0f, 1.0f, 1.0f);  // z = -1, y = -1.5 clamped, x = -0.5
  EXPECT_EQ(n, norm_3(-0.5f, -1.0f, -1.0f));
  n.r = norm(-3);
  --n.g;
  EXPECT_EQ(n, norm_3(-1.0f, -1.0f, -1.0f));
  n.bg /= norm_2(-0.5f, -1.0f);  // -1 / -0.5 = 2, clamped to 1
  EXPECT_EQ(n, norm_3(-1.0f, 1.0f, 1.0f));
  EXPECT_EQ(norm_2(-n.xy), norm_2(1.0f, -1.0f));
  const norm first = n.r;
  EXPECT_EQ(first, -1.0f);
}

TEST(SwizzleProperty, VectorCopiesCopyEveryComponent) {
  const float_4 a(1, 2, 3, 4);
  const float_4 copied(a);
  EXPECT_EQ(copied, a);
  float_4 assigned;
  EXPECT_EQ(&(assigned = a), &assigned);
  EXPECT_EQ(assigned, a);
  float_4 from_temporary;
  from_temporary = float_4(5, 6, 7, 8);
  EXPECT_EQ(from_temporary, float_4(5, 6, 7, 8));
  float_4 moved(std::move(from_temporary));
  EXPECT_EQ(moved, float_4(5, 6, 7, 8));
  float_4 f, g;
  f = g = a;
  EXPECT_TRUE(f == a && g == a);
  float_4& alias = f;
  f = alias;
  EXPECT_EQ(f, a);

  // Byte copies, as the containers make them, give the same vector.
  float_4 bytes;
  std::memcpy(static_cast<void*>(&bytes), &a, sizeof a);
  EXPECT_EQ(bytes, a);

  const std::vector<norm_3> norms{norm_3(0.5f, -0.5f, 1.0f), norm_3(0.25f)};
  std::vector<norm_3> norm_copy;
  norm_copy = norms;
  EXPECT_EQ(norm_copy, norms);
  int_2 ints[2] = {int_2(1, 2), int_2(3, 4)};
  ints[0] = ints[1];
  EXPECT_EQ(ints[0], int_2(3, 4));
}

class SwizzlePropertyKernelTest : public WorkerCountTest {};

TEST_P(SwizzlePropertyKernelTest, WorksInsideKernels) {
  const int n = 1000;
  std::vector<float_4> data(n);
  for (int i = 0; i < n; ++i) data[i] = float_4(float(i), 1.0f, 2.0f, 3.0f);
  array_view<float_4, 1> av(n, data);
  parallel_for_each(av.extent, [=](index<1> idx) restrict(amp) {
    av[idx].yz = av[idx].zy;         // (i, 2, 1, 3)
    av[idx].a += av[idx].r;          // w = 3 + i
    av[idx].xy *= float_2(2.0f);     // (2i, 4, 1, 3 + i)
    const float_2 zw = av[idx].zw;
    av[idx].wz = zw;                 // (2i, 4, 3 + i, 1)
  });
  av.synchronize();
  for (int i = 0; i < n; ++i)
    ASSERT_EQ(data[i], float_4(2.0f * float(i), 4.0f, 3.0f + float(i), 1.0f)) << "at " << i;
}

TEST_P(SwizzlePropertyKernelTest, WorksOnArrayElements) {
  array<int_2, 1> counts(64);
  parallel_for_each(counts.extent, [&counts](index<1> idx) restrict(amp) {
    counts[idx].gr = int_2(idx[0], -idx[0]);  // x = -i, y = i
    counts[idx].x += 100;
  });
  std::vector<int_2> out(64);
  copy(counts, out.begin());
  for (int i = 0; i < 64; ++i) ASSERT_EQ(out[i], int_2(100 - i, i)) << "at " << i;
}

AMPLE_INSTANTIATE_WORKER_TESTS(SwizzlePropertyKernelTest);

}  // namespace
