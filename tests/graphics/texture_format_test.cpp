// Packed texture formats (texture_format.hpp, texture_half.hpp): which bits_per_scalar_element
// each texel type allows, the byte layout data() and the pitches report, and the conversions on
// store: integer truncation, SNORM / UNORM rounding, IEEE half floats.
#include <amp_graphics.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using ample_test::WorkerCountTest;
using namespace concurrency::graphics;
using concurrency::graphics::copy;
using ample::detail::float_to_half;
using ample::detail::half_to_float;

// The bytes of a texture's level 0.
std::vector<unsigned char> bytes_of(const auto& tex) {
  const auto* p = static_cast<const unsigned char*>(tex.data());
  return std::vector<unsigned char>(p, p + tex.get_data_length());
}

template <class T>
std::string bits_error(unsigned int bits) {
  try {
    texture<T, 1> tex(4, bits);
  } catch (const runtime_exception& e) {
    return e.what();
  }
  return "no exception";
}

TEST(TextureFormatTest, AllowsMicrosoftsBitsAndDefaults) {
  EXPECT_EQ((texture<int, 1>(4).get_bits_per_scalar_element()), 32u);
  EXPECT_EQ((texture<float_4, 1>(4).get_bits_per_scalar_element()), 32u);
  EXPECT_EQ((texture<unorm, 1>(4).get_bits_per_scalar_element()), 16u);
  EXPECT_EQ((texture<norm_4, 1>(4).get_bits_per_scalar_element()), 16u);
  EXPECT_EQ((texture<double_2, 1>(4).get_bits_per_scalar_element()), 64u);
  for (unsigned int bits : {8u, 16u, 32u}) {
    EXPECT_EQ((texture<int_2, 1>(4, bits).get_bits_per_scalar_element()), bits);
    EXPECT_EQ((texture<uint_4, 2>(2, 2, bits).get_bits_per_scalar_element()), bits);
  }
  EXPECT_EQ((texture<float_2, 1>(4, 16u).get_bits_per_scalar_element()), 16u);
  EXPECT_EQ((texture<unorm_4, 1>(4, 8u).get_bits_per_scalar_element()), 8u);
  EXPECT_EQ((texture<norm_2, 3>(2, 2, 2, 8u).get_bits_per_scalar_element()), 8u);
  EXPECT_EQ((texture<double, 1>(4, 64u).get_bits_per_scalar_element()), 64u);

  EXPECT_EQ(bits_error<float>(8), "a texture of float cannot have 8 bits per scalar element (allowed: 16, 32)");
  EXPECT_TRUE(contains(bits_error<unorm_4>(32), "unorm_4 cannot have 32 bits"));
  EXPECT_TRUE(contains(bits_error<uint_2>(64), "uint_2 cannot have 64 bits"));
  EXPECT_TRUE(contains(bits_error<unsigned int>(24), "unsigned int cannot have 24"));
  EXPECT_TRUE(contains(bits_error<double_2>(32), "(allowed: 64)"));
  EXPECT_TRUE(contains(bits_error<norm>(0), "norm cannot have 0 bits"));
}

TEST(TextureFormatTest, LayoutFollowsThePackedSize) {
  const texture<uint_2, 2> pairs(3, 5, 8u);
  EXPECT_EQ(pairs.get_data_length(), 3u * 5 * 2);
  EXPECT_EQ(pairs.get_row_pitch(), 5u * 2);
  const texture<unorm_4, 3> rgba(2, 3, 4, 8u);
  EXPECT_EQ(rgba.get_row_pitch(), 4u * 4);
  EXPECT_EQ(rgba.get_depth_pitch(), 3u * 4 * 4);
  EXPECT_EQ(rgba.get_data_length(), 2u * 3 * 4 * 4);
  EXPECT_EQ((texture<float, 2>(4, 4, 16u).get_row_pitch()), 8u);
  EXPECT_EQ((texture<unorm, 1>(10).get_data_length()), 20u);
  EXPECT_EQ((texture<double_2, 1>(3).get_data_length()), 48u);
}

TEST(TextureFormatTest, NarrowIntegersKeepTheLowBits) {
  texture<int, 1> bytes(4, 8u);
  bytes.set(index<1>(0), 127);
  bytes.set(index<1>(1), 128);
  bytes.set(index<1>(2), -129);
  bytes.set(index<1>(3), 300);
  EXPECT_EQ(bytes[0], 127);
  EXPECT_EQ(bytes[1], -128);
  EXPECT_EQ(bytes[2], 127);
  EXPECT_EQ(bytes[3], 44);
  EXPECT_EQ(bytes_of(bytes), (std::vector<unsigned char>{0x7F, 0x80, 0x7F, 0x2C}));

  texture<uint_2, 1> halves(2, 16u);
  halves.set(index<1>(1), uint_2(65536u + 5u, 70000u));
  EXPECT_EQ(halves[1].x, 5u);
  EXPECT_EQ(halves[1].y, 70000u - 65536u);
  std::uint16_t raw[4];
  std::memcpy(raw, halves.data(), sizeof raw);
  EXPECT_EQ(raw[2], 5u);
  EXPECT_EQ(raw[3], 4464u);

  texture<int_4, 1> shorts(1, 16u);
  shorts.set(index<1>(0), int_4(-1, 32768, -32769, 40000));
  EXPECT_EQ(shorts[0].x, -1);
  EXPECT_EQ(shorts[0].y, -32768);
  EXPECT_EQ(shorts[0].z, 32767);
  EXPECT_EQ(shorts[0].w, 40000 - 65536);
}

TEST(TextureFormatTest, NormAndUnormRoundToTheirCodes) {
  texture<unorm, 1> u8(5, 8u);
  u8.set(index<1>(0), unorm(0.5f));      // 127.5 rounds to the even 128
  u8.set(index<1>(1), unorm(1.0f));
  u8.set(index<1>(2), unorm(0.0f));
  u8.set(index<1>(3), unorm(0.2f));      // 51
  u8.set(index<1>(4), unorm(std::numeric_limits<float>::quiet_NaN()));  // NaN stores 0
  EXPECT_EQ(bytes_of(u8), (std::vector<unsigned char>{128, 255, 0, 51, 0}));
  EXPECT_FLOAT_EQ(u8[0], 128.0f / 255.0f);
  EXPECT_EQ(float(u8[1]), 1.0f);
  EXPECT_FLOAT_EQ(u8[3], 0.2f);

  texture<norm_2, 1> s16(2, 16u);
  s16.set(index<1>(0), norm_2(-1.0f, 0.5f));  // 16383.5 rounds to the even 16384
  std::int16_t codes[2];
  std::memcpy(codes, s16.data(), sizeof codes);
  EXPECT_EQ(codes[0], -32767);
  EXPECT_EQ(codes[1], 16384);
  EXPECT_EQ(float(s16[0].x), -1.0f);
  EXPECT_FLOAT_EQ(s16[0].y, 16384.0f / 32767.0f);
  // The lowest code, which a store never writes, also reads -1.
  const std::int16_t lowest[4] = {-32768, 32767, 0, 0};
  copy(lowest, 8u, s16);
  EXPECT_EQ(float(s16[0].x), -1.0f);
  EXPECT_EQ(float(s16[0].y), 1.0f);

  texture<norm, 1> s8(2, 8u);
  s8.set(index<1>(0), norm(-0.5f));  // -63.5 rounds to the even -64
  s8.set(index<1>(1), norm(1.0f));
  EXPECT_EQ(bytes_of(s8), (std::vector<unsigned char>{0xC0, 0x7F}));
  EXPECT_FLOAT_EQ(s8[0], -64.0f / 127.0f);
}

TEST(TextureFormatTest, HalfFloatsRoundToNearestEven) {
  EXPECT_EQ(float_to_half(1.0f), 0x3C00u);
  EXPECT_EQ(float_to_half(-2.0f), 0xC000u);
  EXPECT_EQ(float_to_half(0.1f), 0x2E66u);
  EXPECT_EQ(float_to_half(65504.0f), 0x7BFFu);
  EXPECT_EQ(float_to_half(65519.0f), 0x7BFFu);
  EXPECT_EQ(float_to_half(65520.0f), 0x7C00u);
  EXPECT_EQ(float_to_half(-1e30f), 0xFC00u);
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -24)), 0x0001u);   // the smallest subnormal
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -25)), 0x0000u);   // a tie, to even: zero
  EXPECT_EQ(float_to_half(std::ldexp(3.0f, -25)), 0x0002u);   // a tie, to even: 2
  EXPECT_EQ(float_to_half(std::ldexp(1.0f, -14)), 0x0400u);   // the smallest normal
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11)), 0x3C00u);       // a tie, to even
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(3.0f, -11)), 0x3C02u);       // a tie, to even
  EXPECT_EQ(float_to_half(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20)), 0x3C01u);
  EXPECT_EQ(float_to_half(-0.0f), 0x8000u);
  EXPECT_EQ(float_to_half(1e-10f), 0x0000u);
  EXPECT_TRUE(std::isnan(half_to_float(float_to_half(std::numeric_limits<float>::quiet_NaN()))));
  EXPECT_EQ(half_to_float(0x3555u), 0.333251953125f);
  EXPECT_EQ(half_to_float(0x0001u), std::ldexp(1.0f, -24));
  EXPECT_EQ(half_to_float(0x03FFu), std::ldexp(1023.0f, -24));
  EXPECT_EQ(half_to_float(0xFC00u), -std::numeric_limits<float>::infinity());
  // Every half that is a number converts to a float and back unchanged.
  for (unsigned int h = 0; h < 0x10000u; ++h) {
    const auto code = static_cast<std::uint16_t>(h);
    const float f = half_to_float(code);
    if (std::isnan(f)) continue;
    ASSERT_EQ(float_to_half(f), code) << std::hex << h;
  }
}

TEST(TextureFormatTest, HalfFloatTexturesConvert) {
  texture<float_2, 1> tex(2, 16u);
  tex.set(index<1>(0), float_2(1.0f / 3.0f, 1e6f));
  tex.set(index<1>(1), float_2(-0.1f, std::ldexp(1.0f, -24)));
  EXPECT_EQ(tex[0].x, 0.333251953125f);
  EXPECT_EQ(tex[0].y, std::numeric_limits<float>::infinity());
  EXPECT_EQ(tex[1].x, half_to_float(0xAE66u));
  EXPECT_EQ(tex[1].y, std::ldexp(1.0f, -24));
  std::uint16_t raw[4];
  copy(tex, raw, 8u);
  EXPECT_EQ(raw[0], 0x3555u);
  EXPECT_EQ(raw[1], 0x7C00u);
}

TEST(TextureFormatTest, RawBytesAndIteratorsUseTheFormat) {
  const unsigned char rgba[16] = {0, 51, 102, 255, 255, 0, 0, 0, 1, 2, 3, 4, 128, 128, 128, 128};
  texture<unorm_4, 2> image(2, 2, rgba, 16u, 8u);
  EXPECT_FLOAT_EQ(image(0, 0).y, 0.2f);
  EXPECT_EQ(float(image(0, 0).w), 1.0f);
  EXPECT_EQ(float(image(0, 1).x), 1.0f);
  unsigned char back[16] = {};
  copy(image, back, 16u);
  EXPECT_EQ(std::memcmp(back, rgba, 16), 0);
  EXPECT_THROW((texture<unorm_4, 2>(2, 2, rgba, 15u, 8u)), runtime_exception);

  // Iterators carry value_type: the texture converts to and from its 16-bit default.
  const std::vector<unorm> in{unorm(0.0f), unorm(1.0f / 3.0f), unorm(1.0f)};
  texture<unorm, 1> u16(3, in.begin(), in.end());
  std::vector<unorm> out(3);
  copy(u16, out.begin());
  EXPECT_EQ(float(out[0]), 0.0f);
  EXPECT_FLOAT_EQ(out[1], 21845.0f / 65535.0f);
  EXPECT_EQ(float(out[2]), 1.0f);
}

TEST(TextureFormatTest, CopiesBetweenTexturesNeedOneFormat) {
  texture<int, 1> narrow(4, 8u), wide(4, 16u), also_narrow(4, 8u);
  narrow.set(index<1>(2), -5);
  try {
    copy(narrow, wide);
    ADD_FAILURE() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "source has 8 bits per scalar element, the destination 16")) << e.what();
  }
  copy(narrow, also_narrow);
  EXPECT_EQ(also_narrow[2], -5);
  const texture<int, 1> clone(narrow);
  EXPECT_EQ(clone.get_bits_per_scalar_element(), 8u);
  EXPECT_EQ(clone[2], -5);
}

class TextureFormatKernelTest : public WorkerCountTest {};

TEST_P(TextureFormatKernelTest, KernelsReadAndWritePackedTexels) {
  texture<int_2, 1> tex(256, 16u);
  parallel_for_each(tex.extent, [&tex](index<1> i) restrict(amp) { tex.set(i, int_2(i[0] * 300, -i[0])); });
  texture_view<int_2, 1> tv(tex);
  parallel_for_each(tv.extent, [=](index<1> i) restrict(amp) { tv.set(i, tv[i] + int_2(1, 0)); });
  for (int i = 0; i < 256; ++i) {
    ASSERT_EQ(tex[i].x, static_cast<std::int16_t>(i * 300 + 1)) << i;  // wraps like int16_t once past 32767
    ASSERT_EQ(tex[i].y, -i);
  }

  // An 8-bit UNORM ramp sampled linearly halfway between two texels.
  const unsigned char ramp[2] = {0, 255};
  const texture<unorm, 2> two(1, 2, ramp, 2u, 8u);
  const texture_view<const unorm, 2> view(two);
  const sampler linear(filter_linear, address_clamp);
  std::vector<float> out(1);
  array_view<float, 1> result(1, out);
  parallel_for_each(result.extent,
                    [=](index<1> i) restrict(amp) { result[i] = view.sample(linear, float_2(0.5f, 0.5f)); });
  result.synchronize();
  EXPECT_FLOAT_EQ(out[0], 0.5f);
}

AMPLE_INSTANTIATE_WORKER_TESTS(TextureFormatKernelTest);

}  // namespace
