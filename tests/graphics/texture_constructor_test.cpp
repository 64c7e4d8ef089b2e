// The constructors of texture<T, N> against the signatures of Microsoft's <amp_graphics.h>
// (issue 11, item 6): every form exists with Microsoft's parameter order, and the raw-memory
// forms take (source, src_byte_size, bits_per_scalar_element), not the format first.
#include <amp_graphics.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using namespace concurrency::graphics;

using av_t = const accelerator_view&;
using it_t = std::vector<int>::const_iterator;
using src_t = const void*;
using u = unsigned int;

template <class Tex, class... A>
constexpr bool makes = std::is_constructible_v<Tex, A...>;

// The forms every rank has, from an extent.
template <int N>
constexpr bool extent_forms() {
  using T = texture<int, N>;
  using E = const extent<N>&;
  return makes<T, E> && makes<T, E, av_t> && makes<T, E, av_t, av_t> &&                      // shape
         makes<T, E, it_t, it_t> && makes<T, E, it_t, it_t, av_t> && makes<T, E, it_t, it_t, av_t, av_t> &&
         makes<T, E, u> && makes<T, E, u, u> && makes<T, E, u, av_t> && makes<T, E, u, u, av_t> &&
         makes<T, E, u, av_t, av_t> &&                                                          // format
         makes<T, E, src_t, u, u> && makes<T, E, src_t, u, u, av_t> && makes<T, E, src_t, u, u, av_t, av_t> &&
         makes<T, const T&> && makes<T, T&&> && makes<T, const T&, av_t> && makes<T, const T&, av_t, av_t> &&
         makes<T, const texture_view<int, N>&> && makes<T, const texture_view<int, N>&, av_t> &&
         makes<T, const texture_view<int, N>&, av_t, av_t> && makes<T, const texture_view<const int, N>&> &&
         makes<T, const texture_view<const int, N>&, av_t> && makes<T, const texture_view<const int, N>&, av_t, av_t>;
}
static_assert(extent_forms<1>() && extent_forms<2>() && extent_forms<3>());

// The dimension-list forms: the same tails after e0 / e0, e1 / e0, e1, e2.
template <class T, class... D>
constexpr bool int_forms() {
  return makes<T, D...> && makes<T, D..., av_t> && makes<T, D..., av_t, av_t> && makes<T, D..., it_t, it_t> &&
         makes<T, D..., it_t, it_t, av_t> && makes<T, D..., it_t, it_t, av_t, av_t> && makes<T, D..., u> &&
         makes<T, D..., u, av_t> && makes<T, D..., u, av_t, av_t> && makes<T, D..., src_t, u, u> &&
         makes<T, D..., src_t, u, u, av_t> && makes<T, D..., src_t, u, u, av_t, av_t>;
}
static_assert(int_forms<texture<int, 1>, int>() && int_forms<texture<int, 2>, int, int>() &&
              int_forms<texture<int, 3>, int, int, int>());

// The order Ample used to take, format first, does not compile any more (it would read the
// byte size as the format and the source as a size).
static_assert(!makes<texture<int, 1>, const extent<1>&, u, src_t, u>);
static_assert(!makes<texture<int, 1>, int, u, src_t, u>);
static_assert(!makes<texture<int, 2>, int, int, u, src_t, u>);
static_assert(!makes<texture<int, 3>, const extent<3>&, u, src_t, u, av_t>);
// A texture of one rank or texel type is not made from another's view.
static_assert(!makes<texture<int, 2>, const texture_view<int, 1>&>);
static_assert(!makes<texture<float, 1>, const texture_view<const int, 1>&>);

// The views take what Microsoft's take: a texture (and a level, or a run of levels for
// read-only views), or another view.
static_assert(makes<texture_view<int, 2>, texture<int, 2>&> && makes<texture_view<int, 2>, texture<int, 2>&, u>);
static_assert(!makes<texture_view<int, 2>, const texture<int, 2>&>);
static_assert(makes<texture_view<const int, 2>, const texture<int, 2>&> &&
              makes<texture_view<const int, 2>, const texture<int, 2>&, u, u> &&
              makes<texture_view<const int, 2>, const texture_view<int, 2>&> &&
              makes<texture_view<const int, 2>, const texture_view<const int, 2>&, u, u>);
static_assert(makes<writeonly_texture_view<int, 2>, texture<int, 2>&>);

TEST(TextureConstructorTest, RawMemoryInMicrosoftsOrderForEveryRank) {
  std::vector<std::uint8_t> bytes(24);
  for (int i = 0; i < 24; ++i) bytes[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(3 * i);
  const accelerator_view av = accelerator().default_view;

  const texture<int, 1> one(24, bytes.data(), 24u, 8u);
  EXPECT_EQ(one.get_bits_per_scalar_element(), 8u);
  EXPECT_EQ(one[23], 69);
  const texture<int, 2> two(4, 6, bytes.data(), 24u, 8u, av);
  EXPECT_EQ(two(3, 5), 69);
  EXPECT_EQ(two(1, 0), 18);
  const texture<int, 3> three(2, 3, 4, bytes.data(), 24u, 8u, accelerator(accelerator::cpu_accelerator).default_view,
                              av);
  EXPECT_EQ(three(1, 2, 3), 69);
  EXPECT_EQ(three(1, 0, 0), 36);
  EXPECT_TRUE(three.get_associated_accelerator_view() == av);
  const texture<int, 2> from_extent(extent<2>(2, 12), bytes.data(), 24u, 8u);
  EXPECT_EQ(from_extent(1, 11), 69);

  // 16-bit texels: the size counts bytes, the format counts bits.
  const std::vector<std::uint16_t> wide{1, 2, 65535, 4};
  const texture<unsigned int, 1> halves(4, wide.data(), 8u, 16u);
  EXPECT_EQ(halves[2], 65535u);
  EXPECT_THROW((texture<unsigned int, 1>(4, wide.data(), 7u, 16u)), runtime_exception);
  EXPECT_THROW((texture<int, 1>(24, bytes.data(), 24u, 7u)), runtime_exception);
}

// Without bits_per_scalar_element the bytes are in T's default format, as Microsoft's
// documentation initialises a texture from a float array.
TEST(TextureConstructorTest, RawMemoryInTheDefaultFormat) {
  std::vector<float> floats(1024 * 2);
  for (std::size_t i = 0; i < floats.size(); ++i) floats[i] = static_cast<float>(i);
  const texture<float_2, 1> one(1024, floats.data(), 1024 * 2 * sizeof(float));
  EXPECT_EQ(one.get_bits_per_scalar_element(), 32u);
  EXPECT_EQ(one[1023], float_2(2046.0f, 2047.0f));
  const accelerator_view av = accelerator().default_view;
  const texture<float_2, 2> two(32, 32, floats.data(), 1024u * 2 * sizeof(float), av);
  EXPECT_EQ(two(1, 0), float_2(64.0f, 65.0f));
  const texture<float, 3> three(extent<3>(4, 4, 4), floats.data(), 64u * sizeof(float),
                                accelerator(accelerator::cpu_accelerator).default_view, av);
  EXPECT_EQ(three(3, 3, 3), 63.0f);
  EXPECT_THROW((texture<float_2, 1>(1024, floats.data(), 100u)), runtime_exception);
}

TEST(TextureConstructorTest, CopiesTheLevelsAViewSees) {
  texture<float, 2> mipmapped(8, 4, 32u, 0u);  // levels 8x4, 4x2, 2x1, 1x1
  ASSERT_EQ(mipmapped.get_mipmap_levels(), 4u);
  for (unsigned int level = 0; level < 4; ++level) {
    texture_view<float, 2> writer(mipmapped, level);
    const extent<2> e = writer.get_extent();
    for (int r = 0; r < e[0]; ++r)
      for (int c = 0; c < e[1]; ++c) writer.set(index<2>(r, c), float(100 * level + 10 * r + c));
  }

  // A read-write view: the one level it sees, on the view's accelerator_view.
  const texture_view<float, 2> level1(mipmapped, 1);
  const texture<float, 2> copy1(level1);
  EXPECT_EQ(copy1.get_extent(), extent<2>(4, 2));
  EXPECT_EQ(copy1.get_mipmap_levels(), 1u);
  EXPECT_EQ(copy1(3, 1), 131.0f);
  EXPECT_TRUE(copy1.get_accelerator_view() == mipmapped.get_accelerator_view());

  // A read-only view: its run of levels, here 1 and 2, onto another view.
  const accelerator_view other = accelerator().create_view();
  const texture_view<const float, 2> run(mipmapped, 1, 2);
  texture<float, 2> copy_run(run, other);
  EXPECT_EQ(copy_run.get_mipmap_levels(), 2u);
  EXPECT_EQ(copy_run.get_mipmap_extent(1), extent<2>(2, 1));
  EXPECT_EQ(copy_run(2, 1), 121.0f);
  EXPECT_EQ((texture_view<const float, 2>(copy_run, 1, 1).get(index<2>(1, 0))), 210.0f);
  EXPECT_TRUE(copy_run.get_accelerator_view() == other);

  // The copy is deep.
  copy_run.set(index<2>(0, 0), -1.0f);
  EXPECT_EQ(run.get(index<2>(0, 0)), 100.0f);
  const texture<float, 2> whole(texture_view<const float, 2>(mipmapped), other, other);
  EXPECT_EQ(whole.get_mipmap_levels(), 4u);
  EXPECT_EQ((texture_view<const float, 2>(whole).get(index<2>(0, 0), 3)), 300.0f);
}

}  // namespace
