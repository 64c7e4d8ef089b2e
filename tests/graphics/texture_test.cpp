// <amp_graphics.h>: textures, their views, samplers, gathers and copies, on the host and inside
// kernels.
#include <amp_graphics.h>

#include <numeric>
#include <type_traits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;
using namespace concurrency::graphics;
using concurrency::graphics::copy;
using concurrency::graphics::copy_async;

// The allowed texel types (texture_texel.hpp): no 3-component vectors, no double_4.
static_assert(ample::detail::is_texel_v<int> && ample::detail::is_texel_v<unorm_4> &&
              ample::detail::is_texel_v<float_2> && ample::detail::is_texel_v<double_2>);
static_assert(!ample::detail::is_texel_v<float_3> && !ample::detail::is_texel_v<double_4> &&
              !ample::detail::is_texel_v<char>);
static_assert(std::is_same_v<texture_view<const float, 2>::coordinates_type, float_2> &&
              std::is_same_v<texture_view<const float, 1>::coordinates_type, float> &&
              std::is_same_v<texture_view<const int_2, 2>::gather_return_type, int_4>);

// A 2 x 4 float texture holding 10 * row + column.
texture<float, 2> make_grid() {
  std::vector<float> v(8);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4; ++c) v[r * 4 + c] = float(10 * r + c);
  return texture<float, 2>(2, 4, v.begin(), v.end());
}

TEST(TextureTest, CreatesFromDataAndCopiesBack) {
  std::vector<int> v(24);
  std::iota(v.begin(), v.end(), 0);
  texture<int, 3> tex(extent<3>(2, 3, 4), v.begin(), v.end());
  EXPECT_EQ(tex.extent, extent<3>(2, 3, 4));
  EXPECT_EQ(tex.get_extent().size(), 24u);
  EXPECT_EQ(tex.get(index<3>(1, 2, 3)), 23);
  EXPECT_EQ(tex(1, 0, 2), 14);
  EXPECT_EQ(tex.get_data_length(), 24u * 4);
  EXPECT_EQ(tex.get_row_pitch(), 16u);
  EXPECT_EQ(tex.get_depth_pitch(), 48u);
  EXPECT_EQ(tex.get_bits_per_scalar_element(), 32u);

  std::vector<int> out(24, -1);
  copy(tex, out.begin());
  EXPECT_EQ(out, v);

  // Raw memory both ways, and the (e, source, bytes, bits) constructor.
  texture<int, 3> raw(extent<3>(2, 3, 4), v.data(), 96u, 32u);
  std::vector<int> bytes(24, -1);
  copy(raw, bytes.data(), 96u);
  EXPECT_EQ(bytes, v);
  std::vector<int> twice(24);
  for (int i = 0; i < 24; ++i) twice[i] = 2 * i;
  copy(twice.data(), 96u, raw);
  EXPECT_EQ(raw[index<3>(0, 0, 5)], 10);

  // copy_to, copy between textures, and deep copies.
  texture<int, 3> dest(2, 3, 4);
  tex.copy_to(dest);
  EXPECT_EQ(dest(0, 1, 1), 5);
  copy(raw, dest);
  texture<int, 3> clone(dest);
  copy(twice.begin(), twice.end(), raw);
  raw.set(index<3>(0, 0, 0), 99);
  EXPECT_EQ(clone(0, 0, 0), 0);
  EXPECT_EQ(clone(1, 2, 3), 46);
}

TEST(TextureTest, ReportsBadArguments) {
  std::vector<float> few(3);
  EXPECT_THROW((texture<float, 1>(8, few.begin(), few.end())), runtime_exception);
  EXPECT_THROW((texture<float, 1>(8, 8u)), runtime_exception);  // formats: texture_format_test.cpp
  texture<float, 1> tex(8);
  EXPECT_THROW(copy(few.data(), 12u, tex), runtime_exception);
  EXPECT_THROW(copy(tex, few.data(), 12u), runtime_exception);
  texture<float, 1> other(4);
  EXPECT_THROW(tex.copy_to(other), runtime_exception);
  EXPECT_THROW((texture_view<float, 1>(tex, 1)), runtime_exception);  // levels: texture_mipmap_test.cpp
}

TEST(TextureTest, OtherTexelTypesAndViews) {
  texture<double_2, 1> d(4);
  d.set(index<1>(3), double_2(1.5, -2.5));
  EXPECT_EQ(d[3].y, -2.5);
  texture<norm_4, 2> n(2, 2);
  n.set(index<2>(1, 1), norm_4(2.0f, -0.5f, 0.25f, -3.0f));
  EXPECT_EQ(float(n(1, 1).x), 1.0f);
  EXPECT_EQ(float(n(1, 1).w), -1.0f);
  texture<uint_2, 1> u(3);
  texture_view<uint_2, 1> rw(u);
  rw.set(index<1>(2), uint_2(7u, 8u));
  const texture_view<const uint_2, 1> ro(rw);
  EXPECT_EQ(ro[2].y, 8u);
  EXPECT_EQ(ro.get_extent(), extent<1>(3));
  EXPECT_EQ(u.get_row_pitch(), 0u);
  EXPECT_EQ(u.get_mipmap_levels(), 1u);
  EXPECT_EQ(d.get_bits_per_scalar_element(), 64u);
  EXPECT_NE(u.data(), nullptr);
}

TEST(SamplerTest, DefaultsAndGetters) {
  const sampler d;
  EXPECT_EQ(d.get_filter_mode(), filter_linear);
  EXPECT_EQ(d.get_address_mode(), address_clamp);
  EXPECT_EQ(d.get_border_color().w, 0.0f);
  const sampler s(filter_point, address_border, float_4(1, 2, 3, 4));
  EXPECT_EQ(s.get_filter_mode(), filter_point);
  EXPECT_EQ(s.get_address_mode(), address_border);
  EXPECT_EQ(s.get_border_color().z, 3.0f);
  EXPECT_EQ(sampler(address_wrap).get_filter_mode(), filter_linear);
  EXPECT_EQ(sampler(filter_point).get_address_mode(), address_clamp);
}

TEST(SampleTest, PointReadsTexelAtCentre) {
  const texture<float, 2> tex = make_grid();
  const texture_view<const float, 2> tv(tex);
  const sampler s(filter_point, address_clamp);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4; ++c) {
      const float_2 centre((c + 0.5f) / 4, (r + 0.5f) / 2);
      EXPECT_EQ(tv.sample(s, centre), float(10 * r + c)) << r << "," << c;
      // Anywhere inside the texel reads the same.
      EXPECT_EQ(tv.sample(s, float_2((c + 0.9f) / 4, (r + 0.1f) / 2)), float(10 * r + c));
    }
  EXPECT_EQ((tv.sample<filter_point, address_clamp>(float_2(0.6f, 0.8f))), 12.0f);
}

TEST(SampleTest, LinearBlendsNeighbours) {
  const texture<float, 2> tex = make_grid();
  const texture_view<const float, 2> tv(tex);
  const sampler s(filter_linear, address_clamp);
  const float eps = 4 * std::numeric_limits<float>::epsilon() * 16;
  EXPECT_NEAR(tv.sample(s, float_2(1.5f / 4, 0.5f / 2)), 1.0f, eps);   // a texel centre
  EXPECT_NEAR(tv.sample(s, float_2(0.5f, 0.25f)), 1.5f, eps);          // between columns 1 and 2
  EXPECT_NEAR(tv.sample(s, float_2(0.5f, 0.5f)), 6.5f, eps);           // the four middle texels
  EXPECT_NEAR(tv.sample(s, float_2(0.4375f, 0.25f)), 1.25f, eps);      // a quarter of the way
}

TEST(SampleTest, AddressModesOutsideTheTexture) {
  const texture<float, 2> tex = make_grid();
  const texture_view<const float, 2> tv(tex);
  const float_4 border(7, 8, 9, 1);
  // x = 1.375 is texel column 5 of a width of 4; row 0.
  const float_2 right(1.375f, 0.25f), left(-0.125f, 0.25f), below(0.375f, 1.25f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_wrap), right), 1.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_mirror), right), 2.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_clamp), right), 3.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_border, border), right), 7.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_wrap), left), 3.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_mirror), left), 0.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_clamp), left), 0.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_border, border), left), 7.0f);
  // y = 1.25 is row 2 of a height of 2: wrap reads row 0, mirror and clamp row 1.
  EXPECT_EQ(tv.sample(sampler(filter_point, address_wrap), below), 1.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_mirror), below), 11.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_clamp), below), 11.0f);
  EXPECT_EQ(tv.sample(sampler(filter_point, address_border, border), below), 7.0f);
  // Linear at the left edge blends texel (0, 0) half and half with what lies left of it.
  const float_2 edge(0.0f, 0.25f);
  EXPECT_FLOAT_EQ(tv.sample(sampler(filter_linear, address_border, border), edge), 3.5f);
  EXPECT_FLOAT_EQ(tv.sample(sampler(filter_linear, address_clamp), edge), 0.0f);
  EXPECT_FLOAT_EQ(tv.sample(sampler(filter_linear, address_wrap), edge), 1.5f);
  EXPECT_FLOAT_EQ(tv.sample(sampler(filter_linear, address_mirror), edge), 0.0f);
}

TEST(SampleTest, VectorTexelsAndBorderComponents) {
  std::vector<unorm_2> v{unorm_2(0.0f, 1.0f), unorm_2(1.0f, 0.0f)};
  texture<unorm_2, 1> tex(2, v.begin(), v.end());
  const texture_view<const unorm_2, 1> tv(tex);
  const unorm_2 mid = tv.sample(sampler(filter_linear, address_clamp), 0.5f);
  EXPECT_FLOAT_EQ(float(mid.x), 0.5f);
  EXPECT_FLOAT_EQ(float(mid.y), 0.5f);
  const unorm_2 b = tv.sample(sampler(filter_point, address_border, float_4(0.25f, 2.0f, 0, 0)), 1.5f);
  EXPECT_FLOAT_EQ(float(b.x), 0.25f);
  EXPECT_FLOAT_EQ(float(b.y), 1.0f);  // clamped to unorm
}

TEST(GatherTest, ReturnsTheBilinearFootprint) {
  std::vector<float_4> v;
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c) v.push_back(float_4(10.0f * r + c, 100.0f + 10 * r + c, 0, 1));
  texture<float_4, 2> tex(2, 2, v.begin(), v.end());
  const texture_view<const float_4, 2> tv(tex);
  const sampler s(filter_point, address_clamp);
  const float_4 red = tv.gather_red(s, float_2(0.5f, 0.5f));
  // Counter-clockwise from the lower left: (1, 0), (1, 1), (0, 1), (0, 0).
  EXPECT_EQ(red.x, 10.0f);
  EXPECT_EQ(red.y, 11.0f);
  EXPECT_EQ(red.z, 1.0f);
  EXPECT_EQ(red.w, 0.0f);
  const float_4 green = tv.gather_green(s, float_2(0.5f, 0.5f));
  EXPECT_EQ(green.x, 110.0f);
  EXPECT_EQ(green.w, 100.0f);
  EXPECT_EQ(tv.gather_alpha(s, float_2(0.5f, 0.5f)).y, 1.0f);
  // The forms with a compile-time sampler (address mode clamp by default).
  EXPECT_EQ(tv.gather_red(float_2(0.5f, 0.5f)), red);
  EXPECT_EQ(tv.gather_green<address_wrap>(float_2(0.5f, 0.5f)), green);
  EXPECT_EQ(tv.gather_blue(float_2(0.5f, 0.5f)), float_4(0.0f));
  EXPECT_EQ(tv.gather_alpha<address_mirror>(float_2(0.5f, 0.5f)), float_4(1.0f));
  // Near the top-left corner the footprint leaves the texture: border colour there.
  const float_4 edge = tv.gather_red(sampler(filter_point, address_border, float_4(-1, 0, 0, 0)), float_2(0.1f, 0.1f));
  EXPECT_EQ(edge.x, -1.0f);
  EXPECT_EQ(edge.y, 0.0f);
  EXPECT_EQ(edge.z, -1.0f);
  EXPECT_EQ(edge.w, -1.0f);
}

TEST(CopyAsyncTest, Completes) {
  std::vector<float> v(16), out(16);
  std::iota(v.begin(), v.end(), 1.0f);
  texture<float, 2> tex(4, 4);
  completion_future in = copy_async(v.begin(), v.end(), tex);
  EXPECT_EQ(in.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  in.get();
  texture<float, 2> other(4, 4);
  copy_async(tex, other).get();
  copy_async(other, out.begin()).get();
  EXPECT_EQ(out, v);
  std::vector<float> raw(16);
  copy_async(tex, raw.data(), 64u).get();
  EXPECT_EQ(raw, v);
  copy_async(raw.data(), 64u, other).get();
  EXPECT_EQ(other(3, 3), 16.0f);
}

class TextureKernelTest : public WorkerCountTest {};

TEST_P(TextureKernelTest, GetAndSetByReference) {
  const int n = 1000;
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  texture<int, 1> tex(n, v.begin(), v.end());
  parallel_for_each(tex.extent, [&tex](index<1> i) restrict(amp) { tex.set(i, tex.get(i) * 2 + tex[i]); });
  std::vector<int> out(n);
  copy(tex, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 3 * i);

  texture<int_2, 2> pairs(16, 8);
  parallel_for_each(pairs.extent, [&pairs](index<2> i) restrict(amp) { pairs.set(i, int_2(i[0], i[1])); });
  EXPECT_EQ(pairs(15, 7).x, 15);
  EXPECT_EQ(pairs(15, 7).y, 7);
}

TEST_P(TextureKernelTest, ReadWriteViewByValue) {
  texture<float, 2> tex(8, 8);
  texture_view<float, 2> tv(tex);
  parallel_for_each(tv.extent, [=](index<2> i) restrict(amp) { tv.set(i, float(i[0] * 8 + i[1])); });
  parallel_for_each(tv.extent, [=](index<2> i) restrict(amp) { tv.set(i, tv[i] + tv.get(i)); });
  EXPECT_EQ(tex(7, 7), 126.0f);
  EXPECT_EQ(tv(1, 2), 20.0f);
}

TEST_P(TextureKernelTest, ReadOnlyViewSamplesInKernel) {
  const texture<float, 2> tex = make_grid();
  const texture_view<const float, 2> tv(tex);
  const sampler s(filter_linear, address_wrap);
  std::vector<float> out(8), direct(8);
  array_view<float, 2> result(2, 4, out), read(2, 4, direct);
  parallel_for_each(result.extent, [=](index<2> i) restrict(amp) {
    read[i] = tv[i];
    // One column to the right, wrapping: texel centre of column (c + 1) mod 4.
    result[i] = tv.sample(s, float_2((i[1] + 1.5f) / 4, (i[0] + 0.5f) / 2));
  });
  result.synchronize();
  read.synchronize();
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 4; ++c) {
      EXPECT_FLOAT_EQ(out[r * 4 + c], float(10 * r + (c + 1) % 4));
      EXPECT_EQ(direct[r * 4 + c], float(10 * r + c));
    }
}

TEST_P(TextureKernelTest, WriteOnlyViewWrites) {
  texture<unsigned int, 3> tex(4, 4, 4);
  writeonly_texture_view<unsigned int, 3> wv(tex);
  EXPECT_EQ(wv.get_extent(), extent<3>(4, 4, 4));
  parallel_for_each(wv.extent, [=](index<3> i) restrict(amp) { wv.set(i, unsigned(i[0] * 16 + i[1] * 4 + i[2])); });
  std::vector<unsigned> out(64);
  copy(tex, out.begin());
  for (unsigned i = 0; i < 64; ++i) ASSERT_EQ(out[i], i);
  std::vector<unsigned> zeros(64, 0);
  copy(zeros.begin(), zeros.end(), wv);
  EXPECT_EQ(tex(3, 3, 3), 0u);
}

AMPLE_INSTANTIATE_WORKER_TESTS(TextureKernelTest);

}  // namespace
