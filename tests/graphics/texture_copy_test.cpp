// Texture copies of sections (texture_copy.hpp, texture_section.hpp): texture to texture with
// offsets, to and from raw host memory and iterators, through views, and the bounds checks.
#include <amp_graphics.h>

#include <cstring>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using namespace concurrency::graphics;
using concurrency::graphics::copy;
using concurrency::graphics::copy_async;

// A rows x cols int texture holding 10 * row + column.
texture<int, 2> make_grid(int rows, int cols) {
  std::vector<int> v;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) v.push_back(10 * r + c);
  return texture<int, 2>(rows, cols, v.begin(), v.end());
}

std::vector<int> contents(const texture<int, 2>& tex) {
  std::vector<int> out(tex.extent.size());
  copy(tex, out.begin());
  return out;
}

// The message of the runtime_exception that f throws.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const runtime_exception& e) {
    return e.what();
  }
  return "no exception";
}

TEST(TextureSectionCopyTest, TextureToTexture) {
  const texture<int, 2> src = make_grid(4, 6);
  texture<int, 2> dst(5, 5);
  copy(src, index<2>(1, 2), dst, index<2>(3, 0), extent<2>(2, 3));
  const std::vector<int> expected{0,  0,  0,  0, 0,  //
                                  0,  0,  0,  0, 0,  //
                                  0,  0,  0,  0, 0,  //
                                  12, 13, 14, 0, 0,  //
                                  22, 23, 24, 0, 0};
  EXPECT_EQ(contents(dst), expected);

  // Rank 1 and rank 3.
  std::vector<float> ramp(8);
  std::iota(ramp.begin(), ramp.end(), 0.0f);
  const texture<float, 1> line(8, ramp.begin(), ramp.end());
  texture<float, 1> part(4);
  copy(line, index<1>(5), part, index<1>(1), extent<1>(3));
  EXPECT_EQ(part[0], 0.0f);
  EXPECT_EQ(part[1], 5.0f);
  EXPECT_EQ(part[3], 7.0f);
  std::vector<unsigned> cube_data(27);
  std::iota(cube_data.begin(), cube_data.end(), 0u);
  const texture<unsigned, 3> cube(extent<3>(3, 3, 3), cube_data.begin(), cube_data.end());
  texture<unsigned, 3> corner(2, 2, 2);
  copy(cube, index<3>(1, 1, 1), corner, index<3>(0, 0, 0), extent<3>(2, 2, 2));
  EXPECT_EQ(corner(0, 0, 0), 13u);
  EXPECT_EQ(corner(1, 1, 1), 26u);
  EXPECT_EQ(corner(1, 0, 1), 23u);
}

TEST(TextureSectionCopyTest, OverlappingBoxesOfOneTexture) {
  texture<int, 2> tex = make_grid(4, 4);
  copy(tex, index<2>(0, 0), tex, index<2>(1, 1), extent<2>(3, 3));
  const std::vector<int> expected{0,  1,  2,  3,   //
                                  10, 0,  1,  2,   //
                                  20, 10, 11, 12,  //
                                  30, 20, 21, 22};
  EXPECT_EQ(contents(tex), expected);
}

TEST(TextureSectionCopyTest, RawHostMemory) {
  const texture<int, 2> src = make_grid(3, 4);
  int out[4] = {};
  copy(src, index<2>(1, 1), extent<2>(2, 2), out, 16u);
  EXPECT_EQ(std::vector<int>(out, out + 4), (std::vector<int>{11, 12, 21, 22}));
  EXPECT_TRUE(contains(error_of([&] { copy(src, index<2>(1, 1), extent<2>(2, 2), out, 12u); }),
                       "copy destination holds 12 bytes, but 16 are needed"));

  texture<int, 2> dst(3, 4);
  const int in[6] = {1, 2, 3, 4, 5, 6};
  copy(in, 24u, dst, index<2>(0, 1), extent<2>(2, 3));
  EXPECT_EQ(contents(dst), (std::vector<int>{0, 1, 2, 3, 0, 4, 5, 6, 0, 0, 0, 0}));
  EXPECT_THROW(copy(in, 20u, dst, index<2>(0, 1), extent<2>(2, 3)), runtime_exception);

  // Packed formats: the host side holds the stored bytes, densely.
  texture<unorm_2, 2> packed(4, 4, 8u);
  const unsigned char codes[8] = {255, 0, 0, 255, 51, 102, 1, 2};
  copy(codes, 8u, packed, index<2>(2, 2), extent<2>(2, 2));
  EXPECT_EQ(float(packed(2, 2).x), 1.0f);
  EXPECT_FLOAT_EQ(packed(3, 2).y, 0.4f);
  unsigned char back[8] = {};
  copy(packed, index<2>(2, 2), extent<2>(2, 2), back, 8u);
  EXPECT_EQ(std::memcmp(back, codes, 8), 0);
}

TEST(TextureSectionCopyTest, HostIterators) {
  const texture<int, 2> src = make_grid(3, 4);
  std::vector<int> out(4, -1);
  copy(src, index<2>(0, 2), extent<2>(2, 2), out.begin());
  EXPECT_EQ(out, (std::vector<int>{2, 3, 12, 13}));
  std::vector<int> appended;
  copy(src, index<2>(2, 0), extent<2>(1, 4), std::back_inserter(appended));
  EXPECT_EQ(appended, (std::vector<int>{20, 21, 22, 23}));

  texture<int, 2> dst(3, 4);
  const std::vector<int> in{7, 8, 9};
  copy(in.begin(), in.end(), dst, index<2>(0, 1), extent<2>(3, 1));
  EXPECT_EQ(contents(dst), (std::vector<int>{0, 7, 0, 0, 0, 8, 0, 0, 0, 9, 0, 0}));
}

TEST(TextureSectionCopyTest, ShortRangesAndBadBoxesWriteNothing) {
  texture<int, 2> dst(3, 4);
  const std::vector<int> in{7, 8, 9};
  copy(in.begin(), in.end(), dst, index<2>(1, 1), extent<2>(1, 3));
  EXPECT_EQ(contents(dst), (std::vector<int>{0, 0, 0, 0, 0, 7, 8, 9, 0, 0, 0, 0}));
  EXPECT_TRUE(contains(error_of([&] { copy(in.begin(), in.end(), dst, index<2>(0, 0), extent<2>(2, 2)); }),
                       "source range holds 3 texels, but copy extent (2, 2) needs 4"));
  EXPECT_EQ(dst(0, 0), 0) << "a short range writes nothing";

  const texture<int, 2> src = make_grid(2, 4);
  EXPECT_EQ(error_of([&] { copy(src, index<2>(1, 2), dst, index<2>(0, 0), extent<2>(2, 3)); }),
            "texture copy: source offset (1, 2) with copy extent (2, 3) does not fit the texture extent (2, 4)");
  EXPECT_EQ(error_of([&] { copy(src, index<2>(0, 0), dst, index<2>(2, 2), extent<2>(2, 2)); }),
            "texture copy: destination offset (2, 2) with copy extent (2, 2) does not fit the texture extent (3, 4)");
  EXPECT_THROW(copy(src, index<2>(-1, 0), dst, index<2>(0, 0), extent<2>(1, 1)), runtime_exception);
  EXPECT_THROW(copy(src, index<2>(0, 0), dst, index<2>(0, 0), extent<2>(0, 1)), runtime_exception);
  std::vector<int> out(8);
  EXPECT_THROW(copy(src, index<2>(0, 3), extent<2>(1, 2), out.begin()), runtime_exception);
  EXPECT_THROW(copy(out.data(), 32u, dst, index<2>(3, 0), extent<2>(1, 1)), runtime_exception);
  EXPECT_EQ(contents(dst), (std::vector<int>{0, 0, 0, 0, 0, 7, 8, 9, 0, 0, 0, 0}));
}

TEST(TextureSectionCopyTest, ThroughViews) {
  texture<int, 2> src = make_grid(4, 4);
  texture<int, 2> dst(4, 4);
  const texture_view<const int, 2> from(src);
  const texture_view<int, 2> to(dst);
  copy(from, index<2>(2, 2), to, index<2>(0, 0), extent<2>(2, 2));
  EXPECT_EQ(dst(1, 1), 33);
  const writeonly_texture_view<int, 2> wo(dst);
  copy(texture_view<int, 2>(src), index<2>(0, 0), wo, index<2>(3, 3), extent<2>(1, 1));
  EXPECT_EQ(dst(3, 3), 0);
  copy(src, index<2>(1, 0), wo, index<2>(3, 3), extent<2>(1, 1));
  EXPECT_EQ(dst(3, 3), 10);
  int raw[2] = {-1, -2};
  copy(raw, 8u, to, index<2>(2, 0), extent<2>(1, 2));
  EXPECT_EQ(dst(2, 1), -2);
  const std::vector<int> in{5, 6};
  copy(in.begin(), in.end(), wo, index<2>(0, 2), extent<2>(2, 1));
  EXPECT_EQ(dst(1, 2), 6);

  // Whole copies between views and textures.
  texture<int, 2> whole(4, 4);
  copy(texture_view<int, 2>(src), whole);
  EXPECT_EQ(whole(3, 2), 32);
  copy(from, to);
  EXPECT_EQ(dst(2, 1), 21);
}

TEST(TextureSectionCopyTest, AsyncFormsComplete) {
  const texture<int, 2> src = make_grid(3, 3);
  texture<int, 2> dst(3, 3);
  copy_async(src, index<2>(1, 1), dst, index<2>(0, 0), extent<2>(2, 2)).get();
  EXPECT_EQ(dst(1, 1), 22);
  int raw[4] = {};
  completion_future f = copy_async(src, index<2>(0, 0), extent<2>(2, 2), raw, 16u);
  EXPECT_EQ(f.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  f.get();
  EXPECT_EQ(raw[3], 11);
  copy_async(raw, 16u, dst, index<2>(1, 1), extent<2>(2, 2)).get();
  EXPECT_EQ(dst(2, 2), 11);
  const std::vector<int> in{9, 9, 9};
  copy_async(in.begin(), in.end(), dst, index<2>(0, 0), extent<2>(1, 3)).get();
  EXPECT_EQ(dst(0, 2), 9);
  std::vector<int> out(3);
  copy_async(dst, index<2>(0, 0), extent<2>(3, 1), out.begin()).get();
  EXPECT_EQ(out, (std::vector<int>{9, 21, 0}));
  EXPECT_THROW(copy_async(src, index<2>(2, 2), dst, index<2>(0, 0), extent<2>(2, 2)), runtime_exception);
}

}  // namespace
