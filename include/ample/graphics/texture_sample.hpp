// Texture sampling on the CPU: the filters, address modes and gathers behind
// texture_view<const T, N>::sample() and gather_*() (SPEC §10.3-10.5; MSREF texture_view class).
//
// Conventions, Direct3D's:
// - a coordinate is normalised, [0, 1) spans a dimension, and texel i of a dimension of w texels
//   has its centre at (i + 0.5) / w;
// - coordinate component x addresses the least significant dimension (extent[N - 1], the width),
//   y the next and z the most significant, so float_2(x, y) reads index<2>(row y, column x);
// - filter_point reads texel floor(u * w); filter_linear blends the 2^N texels around
//   u * w - 0.5 with weights from its fractional part; filter_unknown reads as filter_point;
// - the address mode maps each integer texel position, independently per dimension: wrap
//   repeats, mirror reflects (period 2w), clamp holds the edge, border reads the border colour
//   when any dimension is outside; address_unknown reads as clamp;
// - gather (rank 2) returns the texels of the bilinear footprint counter-clockwise from the
//   lower left: x = (row j0 + 1, col i0), y = (j0 + 1, i0 + 1), z = (j0, i0 + 1), w = (j0, i0);
// - the level of detail (lod) picks mipmap levels, relative to the view's most detailed one:
//   it is clamped to [0, levels - 1] (NaN reads as 0); filter_linear blends the samples of
//   levels floor(lod) and floor(lod) + 1 by the fraction of lod (trilinear filtering, Direct3D's
//   MIN_MAG_MIP_LINEAR, which filter_linear's value 0x15 is), the other filters read level
//   floor(lod + 0.5) (MIN_MAG_MIP_POINT); gathers read the most detailed level.
#pragma once

#include <cmath>

#include "../config.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "sampler.hpp"
#include "texture_storage.hpp"
#include "texture_texel.hpp"

namespace ample::detail {

/// address_texel() maps texel position i of a dimension of w texels into [0, w); false when the
/// border colour is to be read instead.
inline bool address_texel(int& i, int w, concurrency::graphics::address_mode mode) restrict(amp, cpu) {
  using namespace concurrency::graphics;
  switch (mode) {
    case address_wrap:
      i = ((i % w) + w) % w;
      return true;
    case address_mirror: {
      const int m = ((i % (2 * w)) + 2 * w) % (2 * w);
      i = m < w ? m : 2 * w - 1 - m;
      return true;
    }
    case address_border:
      return i >= 0 && i < w;
    default:
      i = i < 0 ? 0 : (i >= w ? w - 1 : i);
      return true;
  }
}

/// texel_reader fetches texels of one level of a texture through a sampler's address mode.
template <class T, int N>
struct texel_reader {
  const texture_layout<T, N>& layout;
  unsigned int level;
  const concurrency::graphics::sampler& s;

  concurrency::extent<N> extent() const restrict(amp, cpu) { return layout.level_extent(level); }
  T fetch(concurrency::index<N> idx) const restrict(amp, cpu) {
    const concurrency::extent<N> e = extent();
    for (int d = 0; d < N; ++d)
      if (!address_texel(idx[d], e[d], s.get_address_mode())) return texel_from_color<T>(s.get_border_color());
    return layout.load(level, idx);
  }
};

/// to_index_order() turns a coordinate (x = least significant) into per-dimension positions
/// u[d], d = 0 most significant.
template <int N, class C>
void to_index_order(const C& coord, float (&u)[N]) restrict(amp, cpu) {
  if constexpr (N == 1) {
    u[0] = coord;
  } else {
    u[N - 1] = coord.x;
    u[N - 2] = coord.y;
    if constexpr (N == 3) u[0] = coord.z;
  }
}

/// sample_level() is one sample of one level at a normalised coordinate.
template <class T, int N, class C>
T sample_level(const texel_reader<T, N>& reader, const C& coord) restrict(amp, cpu) {
  float u[N];
  to_index_order<N>(coord, u);
  const concurrency::extent<N> e = reader.extent();
  if (reader.s.get_filter_mode() != concurrency::graphics::filter_linear) {
    concurrency::index<N> idx;
    for (int d = 0; d < N; ++d) idx[d] = static_cast<int>(std::floor(u[d] * static_cast<float>(e[d])));
    return reader.fetch(idx);
  }
  concurrency::index<N> base;
  float frac[N];
  for (int d = 0; d < N; ++d) {
    const float p = u[d] * static_cast<float>(e[d]) - 0.5f;
    const float f = std::floor(p);
    base[d] = static_cast<int>(f);
    frac[d] = p - f;
  }
  constexpr int k = texel_traits<T>::size;
  float acc[k] = {};
  for (int corner = 0; corner < (1 << N); ++corner) {
    concurrency::index<N> idx = base;
    float weight = 1.0f;
    for (int d = 0; d < N; ++d) {
      const bool high = (corner >> (N - 1 - d)) & 1;
      idx[d] += high ? 1 : 0;
      weight *= high ? frac[d] : 1.0f - frac[d];
    }
    const T t = reader.fetch(idx);
    for (int c = 0; c < k; ++c) acc[c] += weight * static_cast<float>(texel_component(t, c));
  }
  T out{};
  for (int c = 0; c < k; ++c) set_texel_component(out, c, acc[c]);
  return out;
}

/// sample_texture() is one sample of a run of levels at a normalised coordinate and a level of
/// detail, filtered across levels as the file comment says.
template <class T, int N, class C>
T sample_texture(const texture_levels<T, N>& levels, const concurrency::graphics::sampler& s, const C& coord,
                 float lod) restrict(amp, cpu) {
  const float deepest = static_cast<float>(levels.count - 1);
  lod = lod > 0.0f ? (lod < deepest ? lod : deepest) : 0.0f;
  if (s.get_filter_mode() != concurrency::graphics::filter_linear) {
    const auto level = static_cast<unsigned int>(std::floor(lod + 0.5f));
    return sample_level(texel_reader<T, N>{levels.layout, levels.first + level, s}, coord);
  }
  const float lower = std::floor(lod);
  const float t = lod - lower;
  const auto level = levels.first + static_cast<unsigned int>(lower);
  const T fine = sample_level(texel_reader<T, N>{levels.layout, level, s}, coord);
  if (t == 0.0f) return fine;
  const T coarse = sample_level(texel_reader<T, N>{levels.layout, level + 1, s}, coord);
  T out{};
  for (int c = 0; c < texel_traits<T>::size; ++c)
    set_texel_component(out, c,
                        (1.0f - t) * static_cast<float>(texel_component(fine, c)) +
                            t * static_cast<float>(texel_component(coarse, c)));
  return out;
}

/// gather_texture() returns component `c` of the four texels of the bilinear footprint at a
/// rank-2 coordinate in the most detailed of a run of levels, in the order of the file comment.
template <class T, class C>
auto gather_texture(const texture_levels<T, 2>& levels, const concurrency::graphics::sampler& s, const C& coord,
                    int c) restrict(amp, cpu) {
  using S = typename texel_traits<T>::scalar_type;
  using R = typename concurrency::graphics::short_vector<S, 4>::type;
  const texel_reader<T, 2> reader{levels.layout, levels.first, s};
  const concurrency::extent<2> e = reader.extent();
  float u[2];
  to_index_order<2>(coord, u);
  const int j0 = static_cast<int>(std::floor(u[0] * static_cast<float>(e[0]) - 0.5f));
  const int i0 = static_cast<int>(std::floor(u[1] * static_cast<float>(e[1]) - 0.5f));
  auto at = [&](int j, int i) { return texel_component(reader.fetch(concurrency::index<2>(j, i)), c); };
  R r;
  r.x = at(j0 + 1, i0);
  r.y = at(j0 + 1, i0 + 1);
  r.z = at(j0, i0 + 1);
  r.w = at(j0, i0);
  return r;
}

}  // namespace ample::detail
