// texture_view<T, N>, texture_view<const T, N> and writeonly_texture_view<T, N>: views of a
// texture that kernels capture by value (SPEC §10.2-10.4; MSREF texture_view class,
// writeonly_texture_view class).
//
// Each view holds the texture's storage by shared_ptr, so it stays valid, like an array_view,
// while any copy of it lives. Views of mipmap levels other than 0 throw unsupported_feature
// (texture.hpp: CPU-engine textures have one level).
//
// writeonly_texture_view is deprecated in Microsoft's C++ AMP (Visual Studio 2013) in favour of
// texture_view<T, N>; Ample keeps it without a [[deprecated]] attribute, so old code builds
// without warnings.
#pragma once

#include <algorithm>
#include <memory>
#include <type_traits>

#include "../config.hpp"
#include "../detail/buffer.hpp"
#include "../detail/readonly_extent.hpp"
#include "sampler.hpp"
#include "texture.hpp"
#include "texture_sample.hpp"

namespace ample::detail {

/// texture_view_base<E, N> is what every texture view holds: texels of element type E
/// (const for read-only views), their extent, and a share of their storage.
template <class E, int N>
class texture_view_base {
 public:
  /// extent is the shape of the viewed texture.
  readonly_extent<N> extent;

  concurrency::extent<N> get_extent() const restrict(amp, cpu) { return extent; }

 protected:
  template <class Tex>
  texture_view_base(Tex& tex, unsigned int mipmap_level)
      : extent(tex.get_extent(mipmap_level)),
        storage_(texture_access::storage(tex)),
        data_(texture_access::data(tex)) {}
  template <class F>
  explicit texture_view_base(const texture_view_base<F, N>& other)
      : extent(other.extent), storage_(other.storage_), data_(other.data_) {}

  std::ptrdiff_t offset(const concurrency::index<N>& idx) const restrict(amp, cpu) {
    return texel_offset<N>(extent, idx);
  }

  template <class, int>
  friend class texture_view_base;
  friend struct texture_access;

  std::shared_ptr<buffer> storage_;
  E* data_;
};

}  // namespace ample::detail

namespace concurrency::graphics {

/// texture_view<T, N> reads and writes the texels of a texture; kernels capture it by value.
///
///     texture_view<int, 1> tv(tex);
///     parallel_for_each(tv.extent, [=](index<1> i) restrict(amp) { tv.set(i, tv[i] + 1); });
template <class T, int N>
class texture_view : public ample::detail::texture_view_base<T, N> {
  using base = ample::detail::texture_view_base<T, N>;

 public:
  static constexpr int rank = N;
  using value_type = T;
  using scalar_type = typename ample::detail::texel_traits<T>::scalar_type;

  texture_view(texture<T, N>& tex, unsigned int mipmap_level = 0) restrict(cpu) : base(tex, mipmap_level) {}

  const value_type get(const index<N>& idx) const restrict(amp, cpu) { return this->data_[this->offset(idx)]; }
  void set(const index<N>& idx, const value_type& v) const restrict(amp, cpu) { this->data_[this->offset(idx)] = v; }

  const value_type operator[](const index<N>& idx) const restrict(amp, cpu) { return get(idx); }
  const value_type operator[](int i0) const restrict(amp, cpu)
    requires(N == 1)
  {
    return get(index<1>(i0));
  }
  const value_type operator()(const index<N>& idx) const restrict(amp, cpu) { return get(idx); }
  template <class... Ints>
    requires(sizeof...(Ints) == N && (std::is_convertible_v<Ints, int> && ...))
  const value_type operator()(Ints... coords) const restrict(amp, cpu) {
    return get(index<N>(static_cast<int>(coords)...));
  }
};

/// texture_view<const T, N> reads a texture: single texels with get() / [], filtered samples
/// with sample(), and (rank 2) the bilinear footprint with gather_red() ... gather_alpha().
///
///     texture_view<const float, 2> tv(tex);
///     sampler s(filter_linear, address_wrap);
///     parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
///       out[i] = tv.sample(s, float_2(i[0] / 8.0f, 0.5f));
///     });
template <class T, int N>
class texture_view<const T, N> : public ample::detail::texture_view_base<const T, N> {
  using base = ample::detail::texture_view_base<const T, N>;

 public:
  static constexpr int rank = N;
  using value_type = T;
  using scalar_type = typename ample::detail::texel_traits<T>::scalar_type;
  /// coordinates_type is float for rank 1, float_2 / float_3 for ranks 2 / 3.
  using coordinates_type = typename short_vector<float, N>::type;
  /// gather_return_type holds one component of the four texels of a gather.
  using gather_return_type = typename short_vector<scalar_type, 4>::type;

  texture_view(const texture<T, N>& tex, unsigned int most_detailed_mip = 0, unsigned int mip_levels = 1) restrict(cpu)
      : base(tex, most_detailed_mip) {
    if (mip_levels != 1) tex.get_extent(mip_levels - 1);  // throws: only one level exists
  }
  texture_view(const texture_view<T, N>& other) restrict(amp, cpu) : base(other) {}

  const value_type get(const index<N>& idx, unsigned int mip_level = 0) const restrict(amp, cpu) {
    (void)mip_level;
    return this->data_[this->offset(idx)];
  }
  const value_type operator[](const index<N>& idx) const restrict(amp, cpu) { return get(idx); }
  const value_type operator[](int i0) const restrict(amp, cpu)
    requires(N == 1)
  {
    return get(index<1>(i0));
  }
  const value_type operator()(const index<N>& idx) const restrict(amp, cpu) { return get(idx); }
  template <class... Ints>
    requires(sizeof...(Ints) == N && (std::is_convertible_v<Ints, int> && ...))
  const value_type operator()(Ints... coords) const restrict(amp, cpu) {
    return get(index<N>(static_cast<int>(coords)...));
  }

  /// sample(s, coord[, level_of_detail]) filters the texels around a normalised coordinate
  /// (texture_sample.hpp). Only float-, norm- and unorm-based texels may be sampled.
  value_type sample(const sampler& s, const coordinates_type& coord,
                    float level_of_detail = 0.0f) const restrict(amp, cpu) {
    static_assert(ample::detail::is_filterable_v<T>, "sample() needs float, norm or unorm texels");
    (void)level_of_detail;
    return ample::detail::sample_texture<T, N>(this->data_, this->extent, s, coord);
  }
  /// sample<filter, address>(coord) samples with a sampler fixed at compile time.
  template <filter_mode Filter = filter_linear, address_mode Address = address_clamp>
  value_type sample(const coordinates_type& coord, float level_of_detail = 0.0f) const restrict(amp, cpu) {
    static_assert(Address != address_border, "a compile-time sampler has no border colour");
    return sample(sampler(Filter, Address), coord, level_of_detail);
  }

  /// gather_red(s, coord) ... gather_alpha(s, coord) return one component of the four texels
  /// that a bilinear sample at `coord` blends (rank 2 only; the filter mode is ignored).
  gather_return_type gather_red(const sampler& s, const coordinates_type& coord) const restrict(amp, cpu) {
    return gather(s, coord, 0);
  }
  gather_return_type gather_green(const sampler& s, const coordinates_type& coord) const restrict(amp, cpu) {
    static_assert(ample::detail::texel_traits<T>::size >= 2, "gather_green() needs 2 or more components");
    return gather(s, coord, 1);
  }
  gather_return_type gather_blue(const sampler& s, const coordinates_type& coord) const restrict(amp, cpu) {
    static_assert(ample::detail::texel_traits<T>::size >= 3, "gather_blue() needs 4 components");
    return gather(s, coord, 2);
  }
  gather_return_type gather_alpha(const sampler& s, const coordinates_type& coord) const restrict(amp, cpu) {
    static_assert(ample::detail::texel_traits<T>::size >= 4, "gather_alpha() needs 4 components");
    return gather(s, coord, 3);
  }

 private:
  gather_return_type gather(const sampler& s, const coordinates_type& coord, int c) const restrict(amp, cpu) {
    static_assert(N == 2, "gather needs a rank-2 texture");
    static_assert(!std::is_same_v<scalar_type, double>, "double textures cannot be gathered");
    return ample::detail::gather_texture<T>(this->data_, this->extent, s, coord, c);
  }
};

/// writeonly_texture_view<T, N> writes the texels of a texture (deprecated in Microsoft's
/// C++ AMP; see the file comment). Kernels capture it by value.
template <class T, int N>
class writeonly_texture_view : public ample::detail::texture_view_base<T, N> {
  using base = ample::detail::texture_view_base<T, N>;

 public:
  static constexpr int rank = N;
  using value_type = T;
  using scalar_type = typename ample::detail::texel_traits<T>::scalar_type;

  writeonly_texture_view(texture<T, N>& tex) restrict(amp, cpu) : base(tex, 0) {}

  void set(const index<N>& idx, const value_type& v) const restrict(amp, cpu) { this->data_[this->offset(idx)] = v; }
};

template <class T, int N>
void texture<T, N>::copy_to(const writeonly_texture_view<T, N>& dest) const {
  require_same_extent(dest.extent);
  std::copy_n(data_, extent.size(), ample::detail::texture_access::data(dest));
}

}  // namespace concurrency::graphics
