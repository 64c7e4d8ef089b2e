// Mipmapped textures (texture_storage.hpp, texture_view.hpp, texture_sample.hpp): level counts
// and extents, views of chosen levels, sampling at a level of detail, and copies per level.
#include <amp_graphics.h>

#include <numeric>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using ample_test::WorkerCountTest;
using namespace concurrency::graphics;
using concurrency::graphics::copy;
using concurrency::graphics::copy_async;

// A 4 x 4 float texture with three levels, every texel of level k holding `level_values[k]`.
texture<float, 2> make_levels(const float (&level_values)[3]) {
  texture<float, 2> tex(4, 4, 32u, 3u);
  for (unsigned int k = 0; k < 3; ++k) {
    const texture_view<float, 2> level(tex, k);
    const std::vector<float> fill(level.extent.size(), level_values[k]);
    copy(fill.begin(), fill.end(), level);
  }
  return tex;
}

TEST(TextureMipmapTest, LevelCountsAndExtents) {
  const texture<float, 2> full(8, 4, 32u, 0u);  // 0 asks for the full chain
  ASSERT_EQ(full.get_mipmap_levels(), 4u);
  EXPECT_EQ(full.get_mipmap_extent(0), extent<2>(8, 4));
  EXPECT_EQ(full.get_mipmap_extent(1), extent<2>(4, 2));
  EXPECT_EQ(full.get_mipmap_extent(2), extent<2>(2, 1));
  EXPECT_EQ(full.get_mipmap_extent(3), extent<2>(1, 1));
  EXPECT_EQ(full.extent, extent<2>(8, 4));
  EXPECT_EQ(full.get_data_length(), (32u + 8 + 2 + 1) * 4);
  EXPECT_EQ(full.get_row_pitch(), 16u) << "the pitches describe level 0";
  EXPECT_THROW(full.get_mipmap_extent(4), runtime_exception);

  EXPECT_EQ((texture<int, 1>(5, 32u, 0u).get_mipmap_levels()), 3u);  // 5, 2, 1
  EXPECT_EQ((texture<int, 3>(4, 1, 16, 8u, 2u, accelerator().default_view).get_mipmap_extent(1)),
            extent<3>(2, 1, 8));
  EXPECT_EQ((texture<unorm_4, 2>(8, 8, 8u, 0u).get_data_length()), (64u + 16 + 4 + 1) * 4);
  EXPECT_EQ((texture<float, 1>(16).get_mipmap_levels()), 1u);
  try {
    texture<float, 2> too_many(8, 4, 32u, 5u);
    ADD_FAILURE() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "extent (8, 4) has at most 4 mipmap levels, not 5")) << e.what();
  }
}

TEST(TextureMipmapTest, ViewsSeeChosenLevels) {
  texture<int, 2> tex(8, 8, 32u, 0u);
  for (unsigned int k = 0; k < tex.get_mipmap_levels(); ++k) {
    const texture_view<int, 2> level(tex, k);
    EXPECT_EQ(level.extent, tex.get_mipmap_extent(k));
    EXPECT_EQ(level.get_mipmap_levels(), 1u);
    parallel_for_each(level.extent, [=](index<2> i) restrict(amp) {
      level.set(i, int(k) * 100 + i[0] * 8 + i[1]);
    });
  }
  EXPECT_EQ(tex(1, 2), 10) << "the texture reads level 0";

  const texture_view<const int, 2> all(tex);
  EXPECT_EQ(all.get_mipmap_levels(), 4u);
  EXPECT_EQ(all.get_data_length(), tex.get_data_length());
  EXPECT_EQ(all.get(index<2>(1, 1), 2), 209);
  EXPECT_EQ(all.get(index<2>(0, 0), 3), 300);

  const texture_view<const int, 2> middle(tex, 1, 2);
  EXPECT_EQ(middle.extent, extent<2>(4, 4));
  EXPECT_EQ(middle.get_mipmap_levels(), 2u);
  EXPECT_EQ(middle.get_mipmap_extent(1), extent<2>(2, 2));
  EXPECT_EQ(middle.get_data_length(), (16u + 4) * 4);
  EXPECT_EQ(middle[index<2>(3, 3)], 127);
  EXPECT_EQ(middle.get(index<2>(1, 0), 1), 208);
  const texture_view<const int, 2> nested(middle, 1, 1);  // relative to middle: level 2
  EXPECT_EQ(nested.extent, extent<2>(2, 2));
  EXPECT_EQ(nested(1, 1), 209);
  const texture_view<const int, 2> from_writable(texture_view<int, 2>(tex, 3));
  EXPECT_EQ(from_writable(0, 0), 300);

  EXPECT_THROW((texture_view<const int, 2>(tex, 3, 2)), runtime_exception);
  EXPECT_THROW((texture_view<const int, 2>(tex, 0, 0)), runtime_exception);
  EXPECT_THROW((texture_view<const int, 2>(middle, 1, 2)), runtime_exception);
  EXPECT_THROW((texture_view<int, 2>(tex, 4)), runtime_exception);
  // Checked before the level's extent is computed, which would shift by 40 (UBSan's build).
  EXPECT_THROW((texture_view<int, 2>(tex, 40)), runtime_exception);
  EXPECT_THROW(middle.get_mipmap_extent(2), runtime_exception);
  try {
    texture_view<const int, 2> bad(tex, 2, 3);
    ADD_FAILURE() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "mipmap levels 2 to 4")) << e.what();
    EXPECT_TRUE(contains(e.what(), "there are 4")) << e.what();
  }
}

TEST(TextureMipmapTest, SampleAtALevelOfDetail) {
  const float values[3] = {1.0f, 2.0f, 4.0f};
  const texture<float, 2> tex = make_levels(values);
  const texture_view<const float, 2> tv(tex);
  const float_2 c(0.3f, 0.6f);
  const sampler point(filter_point, address_clamp), linear(filter_linear, address_clamp);
  EXPECT_EQ(tv.sample(point, c), 1.0f);
  EXPECT_EQ(tv.sample(point, c, 0.4f), 1.0f);
  EXPECT_EQ(tv.sample(point, c, 0.6f), 2.0f);
  EXPECT_EQ(tv.sample(point, c, 1.5f), 4.0f);
  EXPECT_EQ(tv.sample(point, c, 10.0f), 4.0f) << "clamped to the last level";
  EXPECT_EQ(tv.sample(point, c, -3.0f), 1.0f) << "clamped to the first level";
  EXPECT_FLOAT_EQ(tv.sample(linear, c, 0.25f), 1.25f);
  EXPECT_FLOAT_EQ(tv.sample(linear, c, 1.5f), 3.0f);
  EXPECT_FLOAT_EQ(tv.sample(linear, c, 2.0f), 4.0f);
  EXPECT_FLOAT_EQ(tv.sample(linear, c, 7.0f), 4.0f);
  EXPECT_EQ((tv.sample<filter_point, address_wrap>(c, 1.0f)), 2.0f);

  // A view's level of detail counts from its most detailed level.
  const texture_view<const float, 2> coarse(tex, 1, 2);
  EXPECT_EQ(coarse.sample(point, c), 2.0f);
  EXPECT_FLOAT_EQ(coarse.sample(linear, c, 0.5f), 3.0f);
  const texture_view<const float, 2> one(tex, 2, 1);
  EXPECT_EQ(one.sample(linear, c, 1.0f), 4.0f);
  // Gathers read the most detailed level.
  EXPECT_EQ(coarse.gather_red(point, c).x, 2.0f);
}

TEST(TextureMipmapTest, LinearSamplingFiltersWithinEachLevel) {
  // Level 0 of a 1-D texture is a ramp 0, 1, 2, 3; level 1 holds 10, 20.
  texture<float, 1> tex(4, 32u, 2u);
  const std::vector<float> ramp{0, 1, 2, 3}, coarse{10, 20};
  copy(ramp.begin(), ramp.end(), texture_view<float, 1>(tex, 0));
  copy(coarse.begin(), coarse.end(), texture_view<float, 1>(tex, 1));
  const texture_view<const float, 1> tv(tex);
  const sampler linear(filter_linear, address_clamp);
  // x = 0.5: level 0 blends texels 1 and 2 (1.5), level 1 texels 0 and 1 (15).
  EXPECT_FLOAT_EQ(tv.sample(linear, 0.5f, 0.0f), 1.5f);
  EXPECT_FLOAT_EQ(tv.sample(linear, 0.5f, 1.0f), 15.0f);
  EXPECT_FLOAT_EQ(tv.sample(linear, 0.5f, 0.5f), 8.25f);
}

TEST(TextureMipmapTest, CopiesPerLevel) {
  texture<float, 2> tex(4, 4, 32u, 0u);
  const std::vector<float> level1{1, 2, 3, 4};
  copy(level1.begin(), level1.end(), texture_view<float, 2>(tex, 1));
  copy(level1.data(), 4u, texture_view<float, 2>(tex, 2));  // a 1 x 1 level: one float

  std::vector<float> out(4, -1.0f);
  copy(texture_view<const float, 2>(tex, 1, 1), out.begin());
  EXPECT_EQ(out, level1);
  float corner = 0;
  copy(texture_view<const float, 2>(tex, 2, 1), &corner, 4u);
  EXPECT_EQ(corner, 1.0f);
  copy_async(texture_view<const float, 2>(tex, 1, 1), index<2>(1, 0), extent<2>(1, 2), out.begin()).get();
  EXPECT_EQ(out[0], 3.0f);
  EXPECT_EQ(out[1], 4.0f);

  // Host copies and sections need one level: the texture has three.
  try {
    copy(tex, out.begin());
    ADD_FAILURE() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "source has 3 mipmap levels")) << e.what();
  }
  std::vector<float> raw(64);
  EXPECT_THROW(copy(tex, raw.data(), 256u), runtime_exception);
  EXPECT_THROW(copy(raw.data(), 256u, tex), runtime_exception);
  EXPECT_THROW(copy(raw.begin(), raw.end(), tex), runtime_exception);

  // Whole copies between textures move every level; copies and clones keep the levels.
  texture<float, 2> same(4, 4, 32u, 3u);
  copy(tex, same);
  EXPECT_EQ((texture_view<const float, 2>(same).get(index<2>(1, 1), 1)), 4.0f);
  const texture<float, 2> clone(tex);
  EXPECT_EQ(clone.get_mipmap_levels(), 3u);
  EXPECT_EQ((texture_view<const float, 2>(clone).get(index<2>(0, 0), 2)), 1.0f);
  texture<float, 2> fewer(4, 4, 32u, 2u);
  try {
    tex.copy_to(fewer);
    ADD_FAILURE() << "no exception";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "with 3 mipmap levels does not match destination extent (4, 4) with 2")) << e.what();
  }
  // A read-only view of levels 1..2 copies into a texture shaped like them.
  texture<float, 2> small(2, 2, 32u, 2u);
  copy(texture_view<const float, 2>(tex, 1, 2), small);
  EXPECT_EQ(small(1, 0), 3.0f);
  EXPECT_EQ((texture_view<const float, 2>(small).get(index<2>(0, 0), 1)), 1.0f);
}

class TextureMipmapKernelTest : public WorkerCountTest {};

TEST_P(TextureMipmapKernelTest, KernelsSampleBetweenLevels) {
  const float values[3] = {1.0f, 2.0f, 4.0f};
  const texture<float, 2> tex = make_levels(values);
  const texture_view<const float, 2> tv(tex);
  const sampler linear(filter_linear, address_wrap);
  std::vector<float> out(9);
  array_view<float, 1> result(9, out);
  parallel_for_each(result.extent, [=](index<1> i) restrict(amp) {
    result[i] = tv.sample(linear, float_2(0.1f * i[0], 0.5f), 0.25f * i[0]);
  });
  result.synchronize();
  const float expected[9] = {1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 3.0f, 3.5f, 4.0f};
  for (int i = 0; i < 9; ++i) EXPECT_FLOAT_EQ(out[i], expected[i]) << i;
}

AMPLE_INSTANTIATE_WORKER_TESTS(TextureMipmapKernelTest);

}  // namespace
