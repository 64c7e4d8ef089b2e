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
#include "../detail/byte_ranges.hpp"
#include "../detail/capture_recorder.hpp"
#include "../detail/kernel_context.hpp"
#include "../detail/readonly_extent.hpp"
#include "sampler.hpp"
#include "texture.hpp"
#include "texture_sample.hpp"
#include "texture_storage.hpp"

namespace ample::detail {

/// texture_view_base<E, N> is what every texture view holds: a share of the storage of a
/// texture of std::remove_const_t<E>, the storage's layout (what kernels read: rebased onto
/// a GPU's copy in a kernel's copy of the view), the run of levels it sees, and the extent of
/// the first.
///
/// A copy made while a launch copies its kernel reports itself to the launch's
/// capture_recorder, which makes the levels it sees current where the kernel runs, as for an
/// array_view. Made inside a kernel (from a texture the kernel captures by reference, or
/// another view), a view only points at the storage (derived_storage()).
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

  texture_view_base(const texture_view_base& other) restrict(amp, cpu)
      : extent(other.extent),
        bits_per_scalar_element(other.bits_per_scalar_element),
        mipmap_levels(other.mipmap_levels),
        data_length(other.data_length),
        storage_(derived_storage(other.storage_)),
        layout_(other.layout_),
        first_(other.first_),
        count_(other.count_) {
    record_capture();
  }
  texture_view_base& operator=(const texture_view_base& other) restrict(amp, cpu) {
    extent = other.extent;
    bits_per_scalar_element = other.bits_per_scalar_element;
    mipmap_levels = other.mipmap_levels;
    data_length = other.data_length;
    storage_ = derived_storage(other.storage_);
    layout_ = other.layout_;
    first_ = other.first_;
    count_ = other.count_;
    record_capture();
    return *this;
  }
  texture_view_base(texture_view_base&&) noexcept = default;
  texture_view_base& operator=(texture_view_base&&) noexcept = default;

  concurrency::extent<N> get_extent() const restrict(amp, cpu) { return extent; }
  /// get_mipmap_extent(level) is the extent of the view's level `level`.
  concurrency::extent<N> get_mipmap_extent(unsigned int mipmap_level) const restrict(amp, cpu) {
    require_level(mipmap_level, count_);
    return layout_.level_extent(first_ + mipmap_level);
  }
  unsigned int get_mipmap_levels() const restrict(amp, cpu) { return count_; }
  unsigned int get_bits_per_scalar_element() const { return layout_.bits; }
  /// get_data_length() is the number of bytes of the levels the view sees.
  unsigned int get_data_length() const { return static_cast<unsigned int>(storage_->bytes(first_, count_)); }
  concurrency::accelerator_view get_accelerator_view() const {
    return concurrency::accelerator_view(storage_->owner());
  }

 protected:
  /// The levels [first, first + count) of `tex` (a texture or another view, whose own first
  /// level counts as 0); runtime_exception if they are not all there. Host code only.
  template <class Tex>
  texture_view_base(const Tex& tex, unsigned int first, unsigned int count)
      : texture_view_base(tex, first, count, checked_run(tex, first, count)) {}
  /// A run that `tex` is known to have: its first level, or all its levels. Also in kernels.
  struct known_run {};
  template <class Tex>
  texture_view_base(const Tex& tex, unsigned int first, unsigned int count, known_run) restrict(amp, cpu)
      : extent(texture_access::layout(tex).level_extent(texture_access::first_level(tex) + first)),
        storage_(derived_storage(texture_access::storage(tex))),
        layout_(texture_access::layout(tex)),
        first_(texture_access::first_level(tex) + first),
        count_(count) {
    bits_per_scalar_element = layout_.bits;
    mipmap_levels = count_;
    data_length = static_cast<unsigned int>(layout_.bytes(first_, count_));
  }

  E load(unsigned int level, const concurrency::index<N>& idx) const restrict(amp, cpu) {
    storage_->host_ready(concurrency::access_type_read);
    return layout_.load(first_ + level, idx);
  }
  void store(const concurrency::index<N>& idx, const texel& v) const restrict(amp, cpu) {
    storage_->host_ready(concurrency::access_type_read_write);
    layout_.store(first_, idx, v);
  }
  /// levels() is the run the view sees; on the host, made current there for reading.
  texture_levels<texel, N> levels() const restrict(amp, cpu) {
    storage_->host_ready(concurrency::access_type_read);
    return {storage_.get(), layout_, first_, count_};
  }

  template <class, int>
  friend class texture_view_base;
  friend struct texture_access;

  std::shared_ptr<texture_storage<texel, N>> storage_;
  texture_layout<texel, N> layout_;
  unsigned int first_;
  unsigned int count_;

 private:
  template <class Tex>
  static known_run checked_run(const Tex& tex, unsigned int first, unsigned int count) {
    require_levels(first, count, texture_access::levels(tex).count);
    return {};
  }

  /// record_capture() reports this copy to the capture_recorder of a launch copying its
  /// kernel on this thread (array_view's record_capture() says more).
  void record_capture() restrict(amp, cpu) {
    if (in_kernel || capture_recorder::active == nullptr || storage_ == nullptr) return;
    capture_recorder::active->record(
        {&storage_->texels(), this, sizeof(texture_view_base), &region_of, &rebase, !std::is_const_v<E>});
  }
  /// region_of() is what the view's levels cover of the storage's buffer.
  static byte_ranges region_of(const void* view) {
    const auto& self = *static_cast<const texture_view_base*>(view);
    return byte_ranges(self.layout_.level_offset(self.first_), self.layout_.level_offset(self.first_ + self.count_));
  }
  /// rebase() points the view's layout at another copy of the storage's buffer.
  static void rebase(void* view, buffer&, void* to_base) {
    static_cast<texture_view_base*>(view)->layout_.base = static_cast<unsigned char*>(to_base);
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
  texture_view(texture<T, N>& tex, unsigned int mipmap_level = 0) restrict(amp, cpu)
      : base(tex, checked_level(tex, mipmap_level), 1, typename base::known_run{}) {}

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

 private:
  /// checked_level() is `level`, checked against tex's levels before the base computes that
  /// level's extent (a shift by the level). Level 0, the only one kernels view, is always there.
  static unsigned int checked_level(const texture<T, N>& tex, unsigned int level) restrict(amp, cpu) {
    if (level != 0) ample::detail::require_levels(level, 1, tex.get_mipmap_levels());
    return level;
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
  texture_view(const texture<T, N>& tex) restrict(amp, cpu)
      : base(tex, 0, tex.get_mipmap_levels(), typename base::known_run{}) {}
  texture_view(const texture<T, N>& tex, unsigned int most_detailed_mip, unsigned int mip_levels) restrict(cpu)
      : base(tex, most_detailed_mip, mip_levels) {}
  texture_view(const texture_view<const T, N>& other, unsigned int most_detailed_mip,
               unsigned int mip_levels) restrict(cpu)
      : base(other, most_detailed_mip, mip_levels) {}
  /// texture_view(view) reads the level a read-write view sees.
  texture_view(const texture_view<T, N>& other) restrict(amp, cpu) : base(other, 0, 1, typename base::known_run{}) {}

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
    return sample(compile_time_sampler<Address, Filter>(), coord, level_of_detail);
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
  /// gather_red<Address>(coord) ... gather_alpha<Address>(coord): the same with a compile-time
  /// sampler of that address mode, as sample<Filter, Address>(coord) has.
  template <address_mode Address = address_clamp>
  gather_return_type gather_red(const coordinates_type& coord) const restrict(amp, cpu) {
    return gather_red(compile_time_sampler<Address>(), coord);
  }
  template <address_mode Address = address_clamp>
  gather_return_type gather_green(const coordinates_type& coord) const restrict(amp, cpu) {
    return gather_green(compile_time_sampler<Address>(), coord);
  }
  template <address_mode Address = address_clamp>
  gather_return_type gather_blue(const coordinates_type& coord) const restrict(amp, cpu) {
    return gather_blue(compile_time_sampler<Address>(), coord);
  }
  template <address_mode Address = address_clamp>
  gather_return_type gather_alpha(const coordinates_type& coord) const restrict(amp, cpu) {
    return gather_alpha(compile_time_sampler<Address>(), coord);
  }

 private:
  /// compile_time_sampler() is the sampler of the template forms, which name no border colour.
  template <address_mode Address, filter_mode Filter = filter_point>
  static sampler compile_time_sampler() restrict(amp, cpu) {
    static_assert(Address != address_border, "a compile-time sampler has no border colour");
    return sampler(Filter, Address);
  }
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

  writeonly_texture_view(texture<T, N>& tex) restrict(amp, cpu) : base(tex, 0, 1, typename base::known_run{}) {}

  void set(const index<N>& idx, const value_type& v) const restrict(amp, cpu) { this->store(idx, v); }
};

}  // namespace Concurrency::graphics
