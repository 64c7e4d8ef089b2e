// texture_view<T, N>, texture_view<const T, N> and writeonly_texture_view<T, N>: views of a
// texture that kernels capture by value (SPEC §10.2-10.4; MSREF texture_view class,
// writeonly_texture_view class).
//
// Each view shares the texture's storage (texture_storage.hpp), so it stays valid, like an
// array_view, while any copy of it lives. A view sees a run of the texture's mipmap levels:
// - texture_view<T, N> and writeonly_texture_view<T, N> see one level (0 unless chosen), which
//   they read and write;
// - texture_view<const T, N> sees every level of a texture, or a chosen run of them, which it
//   reads, samples (with a level of detail) and gathers.
// Level numbers a view takes or reports are relative to its most detailed level; its `extent`
// is that level's.
//
// writeonly_texture_view is deprecated in Microsoft's C++ AMP (Visual Studio 2013) in favour of
// texture_view<T, N>; Ample keeps it without a [[deprecated]] attribute, so old code builds
// without warnings.
#pragma once

#include <memory>
#include <type_traits>

#include "../accelerator.hpp"
#include "../config.hpp"
#include "../detail/readonly_extent.hpp"
#include "sampler.hpp"
#include "texture.hpp"
#include "texture_sample.hpp"
#include "texture_storage.hpp"

namespace ample::detail {

/// texture_view_base<E, N> is what every texture view holds: a share of the storage of a
/// texture of std::remove_const_t<E>, the run of levels it sees, and the extent of the first.
template <class E, int N>
class texture_view_base {
  using texel = std::remove_const_t<E>;

 public:
  /// extent is the shape of the view's most detailed level.
  readonly_extent<N> extent;
  // Microsoft's other read-only properties of a texture view, as values read when the view is
  // made; each equals its get_*() function below.
  unsigned int bits_per_scalar_element;
  unsigned int mipmap_levels;
  unsigned int data_length;

  concurrency::extent<N> get_extent() const restrict(amp, cpu) { return extent; }
  /// get_mipmap_extent(level) is the extent of the view's level `level`.
  concurrency::extent<N> get_mipmap_extent(unsigned int mipmap_level) const restrict(amp, cpu) {
    require_level(mipmap_level, count_);
    return storage_->level_extent(first_ + mipmap_level);
  }
  unsigned int get_mipmap_levels() const restrict(amp, cpu) { return count_; }
  unsigned int get_bits_per_scalar_element() const { return storage_->bits(); }
  /// get_data_length() is the number of bytes of the levels the view sees.
  unsigned int get_data_length() const { return static_cast<unsigned int>(storage_->bytes(first_, count_)); }
  concurrency::accelerator_view get_accelerator_view() const {
    return concurrency::accelerator_view(storage_->owner());
  }

 protected:
  /// The levels [first, first + count) of `tex` (a texture or another view, whose own first
  /// level counts as 0); runtime_exception if they are not all there.
  template <class Tex>
  texture_view_base(const Tex& tex, unsigned int first, unsigned int count)
      : extent(checked(tex, first, count)),
        storage_(texture_access::storage(tex)),
        first_(texture_access::levels(tex).first + first),
        count_(count) {
    bits_per_scalar_element = get_bits_per_scalar_element();
    mipmap_levels = get_mipmap_levels();
    data_length = get_data_length();
  }

  E load(unsigned int level, const concurrency::index<N>& idx) const restrict(amp, cpu) {
    return storage_->load(first_ + level, idx);
  }
  void store(const concurrency::index<N>& idx, const texel& v) const restrict(amp, cpu) {
    storage_->store(first_, idx, v);
  }
  texture_levels<texel, N> levels() const noexcept { return {storage_.get(), first_, count_}; }

  template <class, int>
  friend class texture_view_base;
  friend struct texture_access;

  std::shared_ptr<texture_storage<texel, N>> storage_;
  unsigned int first_;
  unsigned int count_;

 private:
  template <class Tex>
  static concurrency::extent<N> checked(const Tex& tex, unsigned int first, unsigned int count) {
    const texture_levels<texel, N> seen = texture_access::levels(tex);
    require_levels(first, count, seen.count);
    return seen.storage->level_extent(seen.first + first);
  }
};

}  // namespace ample::detail

namespace Concurrency::graphics {

/// texture_view<T, N> reads and writes the texels of one mipmap level of a texture; kernels
/// capture it by value.
///
///     texture_view<int, 1> tv(tex);
///     parallel_for_each(tv.extent, [=](index<1> i) restrict(amp) { tv.set(i, tv[i] + 1); });
///     texture_view<float, 2> level2(mipmapped, 2);   // writes mipmap level 2
template <class T, int N>
class texture_view : public ample::detail::texture_view_base<T, N> {
  using base = ample::detail::texture_view_base<T, N>;

 public:
  static constexpr int rank = N;
  using value_type = T;
  using scalar_type = typename ample::detail::texel_traits<T>::scalar_type;

  /// texture_view(tex, mipmap_level) views one level; runtime_exception if tex lacks it.
  /// Microsoft has it twice: restrict(cpu) with the level, restrict(amp) without (kernels view
  /// the top level of a texture they capture by reference). One amp,cpu constructor is both.
  texture_view(texture<T, N>& tex, unsigned int mipmap_level = 0) restrict(amp, cpu) : base(tex, mipmap_level, 1) {}

  const value_type get(const index<N>& idx) const restrict(amp, cpu) { return this->load(0, idx); }
  void set(const index<N>& idx, const value_type& v) const restrict(amp, cpu) { this->store(idx, v); }

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

/// texture_view<const T, N> reads a texture: single texels of any of its levels with get(),
/// filtered samples at a level of detail with sample(), and (rank 2) the bilinear footprint
/// with gather_red() ... gather_alpha().
///
///     texture_view<const float, 2> tv(tex);
///     sampler s(filter_linear, address_wrap);
///     parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
///       out[i] = tv.sample(s, float_2(i[0] / 8.0f, 0.5f), 1.5f);   // between levels 1 and 2
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

  /// texture_view(tex) sees every level of tex; texture_view(tex, most_detailed_mip,
  /// mip_levels) sees mip_levels levels from most_detailed_mip on (runtime_exception if tex
  /// lacks any of them). The same two forms exist for a read-only view, relative to its levels.
  texture_view(const texture<T, N>& tex) restrict(amp, cpu) : base(tex, 0, tex.get_mipmap_levels()) {}
  texture_view(const texture<T, N>& tex, unsigned int most_detailed_mip, unsigned int mip_levels) restrict(cpu)
      : base(tex, most_detailed_mip, mip_levels) {}
  texture_view(const texture_view<const T, N>& other, unsigned int most_detailed_mip,
               unsigned int mip_levels) restrict(cpu)
      : base(other, most_detailed_mip, mip_levels) {}
  /// texture_view(view) reads the level a read-write view sees.
  texture_view(const texture_view<T, N>& other) restrict(amp, cpu) : base(other, 0, 1) {}

  /// get(idx, mip_level) reads texel idx of the view's level mip_level.
  const value_type get(const index<N>& idx, unsigned int mip_level = 0) const restrict(amp, cpu) {
    return this->load(mip_level, idx);
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

  /// sample(s, coord[, level_of_detail]) filters the texels around a normalised coordinate at
  /// a level of detail relative to the view's most detailed level (texture_sample.hpp). Only
  /// float-, norm- and unorm-based texels may be sampled.
  value_type sample(const sampler& s, const coordinates_type& coord,
                    float level_of_detail = 0.0f) const restrict(amp, cpu) {
    static_assert(ample::detail::is_filterable_v<T>, "sample() needs float, norm or unorm texels");
    return ample::detail::sample_texture(this->levels(), s, coord, level_of_detail);
  }
  /// sample<filter, address>(coord[, level_of_detail]) samples with a sampler fixed at compile time.
  template <filter_mode Filter = filter_linear, address_mode Address = address_clamp>
  value_type sample(const coordinates_type& coord, float level_of_detail = 0.0f) const restrict(amp, cpu) {
    static_assert(Address != address_border, "a compile-time sampler has no border colour");
    return sample(sampler(Filter, Address), coord, level_of_detail);
  }

  /// gather_red(s, coord) ... gather_alpha(s, coord) return one component of the four texels
  /// of the most detailed level that a bilinear sample at `coord` blends (rank 2 only; the
  /// filter mode is ignored).
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
    return ample::detail::gather_texture(this->levels(), s, coord, c);
  }
};

/// writeonly_texture_view<T, N> writes the texels of level 0 of a texture (deprecated in
/// Microsoft's C++ AMP; see the file comment). Kernels capture it by value.
template <class T, int N>
class writeonly_texture_view : public ample::detail::texture_view_base<T, N> {
  using base = ample::detail::texture_view_base<T, N>;

 public:
  static constexpr int rank = N;
  using value_type = T;
  using scalar_type = typename ample::detail::texel_traits<T>::scalar_type;

  writeonly_texture_view(texture<T, N>& tex) restrict(amp, cpu) : base(tex, 0, 1) {}

  void set(const index<N>& idx, const value_type& v) const restrict(amp, cpu) { this->store(idx, v); }
};

}  // namespace Concurrency::graphics
