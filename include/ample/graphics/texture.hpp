// concurrency::graphics::texture<T, N>: an N-dimensional grid of texels owned by an
// accelerator_view, with optional mipmap levels and packed formats (SPEC §10.1; MSREF texture
// class).
//
// On the CPU engine a texture is host memory laid out as texture_storage.hpp describes: every
// level dense and row-major, each texel packed at bits_per_scalar_element bits per component
// (texture_format.hpp). Hence:
// - get() and set() convert between value_type and the stored format (for example a unorm
//   stored in 8 bits reads back as a multiple of 1/255);
// - data(), get_row_pitch() and get_depth_pitch() describe mipmap level 0 and work for every
//   texture, not only staging ones: the texels are always addressable from the host;
// - get_data_length() counts the bytes of every level.
#pragma once

#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "../config.hpp"
#include "../accelerator.hpp"
#include "../detail/byte_copy.hpp"
#include "../detail/readonly_extent.hpp"
#include "../detail/readonly_property.hpp"
#include "../detail/strided_layout.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "texel_bytes.hpp"
#include "texture_format.hpp"
#include "texture_storage.hpp"
#include "texture_texel.hpp"

namespace Concurrency::graphics {

template <class T, int N>
class texture_view;
template <class T, int N>
class writeonly_texture_view;

}  // namespace Concurrency::graphics

namespace ample::detail {

/// texture_access lets views and copies reach the storage of textures and views, and the run
/// of levels (texture_levels) each stands for.
struct texture_access {
  template <class Tex>
  static const auto& storage(const Tex& t) noexcept {
    return t.storage_;
  }
  template <class Tex>
  static auto levels(const Tex& t) noexcept {
    return t.levels();
  }
  template <class Tex>
  static const auto& layout(const Tex& t) restrict(amp, cpu) {
    return t.layout_;
  }
  /// first_level() is the first level a texture (0) or view sees of the storage.
  template <class Tex>
  static unsigned int first_level(const Tex& t) restrict(amp, cpu) {
    if constexpr (requires { t.first_; }) return t.first_;
    else return 0;
  }
};

}  // namespace ample::detail

namespace Concurrency::graphics {

/// texture<T, N> holds the texels of type T (see texture_texel.hpp for the allowed types) of an
/// extent, for N = 1, 2 or 3, and of its smaller mipmap levels if asked for. Kernels capture a
/// texture by reference and read it with get() or [], write it with set(); views
/// (texture_view) are captured by value.
///
///     texture<float, 2> tex(4, 8, v.begin(), v.end());
///     parallel_for_each(tex.extent, [&tex](index<2> i) restrict(amp) { tex.set(i, tex[i] * 2); });
///     copy(tex, v.begin());
///     texture<unorm_4, 2> image(512, 512, 8u, 0u);   // RGBA8, with all ten mipmap levels
///     texture<int, 1> raw(16, bytes.data(), 64u, 32u);  // source, byte size, bits: Microsoft's order
template <class T, int N>
class texture {
  static_assert(N >= 1 && N <= 3, "textures have rank 1, 2 or 3");
  static_assert(ample::detail::is_texel_v<T>,
                "texture value types are int, unsigned int, float, norm, unorm and their 2- and "
                "4-component short vectors, double and double_2");
  using format = ample::detail::texel_format<T>;
  using storage_type = ample::detail::texture_storage<T, N>;

 public:
  static constexpr int rank = N;
  using value_type = T;
  using scalar_type = typename ample::detail::texel_traits<T>::scalar_type;

  /// extent is the shape of the texture (of mipmap level 0).
  ample::detail::readonly_extent<N> extent;
  /// accelerator_view is where the texture lives; associated_accelerator_view the view a
  /// staging texture is meant for (otherwise the same view).
  ample::detail::readonly_property<concurrency::accelerator_view, texture> accelerator_view;
  ample::detail::readonly_property<concurrency::accelerator_view, texture> associated_accelerator_view;
  // Microsoft's other read-only properties, as values read when the texture is made (as
  // accelerator's are); each equals its get_*() function below.
  unsigned int bits_per_scalar_element;
  unsigned int mipmap_levels;
  unsigned int data_length;
  unsigned int row_pitch;
  unsigned int depth_pitch;

  /// texture(e[, av[, associated_av]]) is zeroed, in the default format of T (32 bits per
  /// scalar element; 16 for norm / unorm, 64 for double), with one mipmap level. With
  /// associated_av it is a staging texture on `av` for transfers to `associated_av`.
  explicit texture(const concurrency::extent<N>& e) : texture(e, format::default_bits) {}
  texture(const concurrency::extent<N>& e, const concurrency::accelerator_view& av)
      : texture(e, format::default_bits, av) {}
  texture(const concurrency::extent<N>& e, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av)
      : texture(e, format::default_bits, av, associated_av) {}

  /// texture(e, first, last[, av[, associated_av]]) copies e.size() texels from a host range.
  template <std::input_iterator It>
  texture(const concurrency::extent<N>& e, It first, It last) : texture(e) {
    fill(first, last);
  }
  template <std::input_iterator It>
  texture(const concurrency::extent<N>& e, It first, It last, const concurrency::accelerator_view& av)
      : texture(e, av) {
    fill(first, last);
  }
  template <std::input_iterator It>
  texture(const concurrency::extent<N>& e, It first, It last, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av)
      : texture(e, av, associated_av) {
    fill(first, last);
  }

  /// texture(e, bits_per_scalar_element[, mipmap_levels][, av[, associated_av]]) chooses the
  /// format (texture_format.hpp) and the number of mipmap levels; 0 levels is the full chain
  /// down to 1 texel. Invalid values throw runtime_exception naming them.
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element)
      : texture(e, bits_per_scalar_element, 1u) {}
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element, unsigned int mipmap_levels)
      : texture(e, bits_per_scalar_element, mipmap_levels,
                concurrency::accelerator_view(ample::detail::default_device().default_view)) {}
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element,
          const concurrency::accelerator_view& av)
      : texture(e, bits_per_scalar_element, 1u, av) {}
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element, unsigned int mipmap_levels,
          const concurrency::accelerator_view& av)
      : texture(made{}, e, bits_per_scalar_element, mipmap_levels, av, av) {}
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element,
          const concurrency::accelerator_view& av, const concurrency::accelerator_view& associated_av)
      : texture(made{}, e, bits_per_scalar_element, 1u, av, associated_av) {}

  /// texture(e, source, src_byte_size, bits_per_scalar_element[, av[, associated_av]]) copies
  /// the texels, in the stored format of bits_per_scalar_element, from raw host memory of
  /// src_byte_size bytes (runtime_exception if that is too few). The order of the arguments is
  /// that of Microsoft's <amp_graphics.h>: source and size before the format.
  ///
  ///     std::vector<unsigned char> rgba(4 * 64 * 64);
  ///     texture<unorm_4, 2> image(64, 64, rgba.data(), unsigned(rgba.size()), 8u);
  texture(const concurrency::extent<N>& e, const void* source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element)
      : texture(e, bits_per_scalar_element) {
    copy_from_bytes(source, src_byte_size);
  }
  texture(const concurrency::extent<N>& e, const void* source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const concurrency::accelerator_view& av)
      : texture(e, bits_per_scalar_element, av) {
    copy_from_bytes(source, src_byte_size);
  }
  texture(const concurrency::extent<N>& e, const void* source, unsigned int src_byte_size,
          unsigned int bits_per_scalar_element, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av)
      : texture(e, bits_per_scalar_element, av, associated_av) {
    copy_from_bytes(source, src_byte_size);
  }

  /// texture(e, source, src_byte_size[, av[, associated_av]]) is the same in T's default
  /// format, the form Microsoft's documentation initialises a texture with from a host array
  /// (`texture<float_2, 1> t(1024, floats, 1024 * 2 * sizeof(float))`).
  texture(const concurrency::extent<N>& e, const void* source, unsigned int src_byte_size)
      : texture(e, source, src_byte_size, format::default_bits) {}
  texture(const concurrency::extent<N>& e, const void* source, unsigned int src_byte_size,
          const concurrency::accelerator_view& av)
      : texture(e, source, src_byte_size, format::default_bits, av) {}
  texture(const concurrency::extent<N>& e, const void* source, unsigned int src_byte_size,
          const concurrency::accelerator_view& av, const concurrency::accelerator_view& associated_av)
      : texture(e, source, src_byte_size, format::default_bits, av, associated_av) {}

  /// Dimension-list forms: (e0[, e1[, e2]]) followed by anything that may follow an extent, as
  /// `texture(int e0, const void* source, unsigned int src_byte_size, unsigned int
  /// bits_per_scalar_element)`. They take part in overload resolution only where the extent
  /// form exists, so std::is_constructible tells the truth about them. The dimensions are
  /// template parameters convertible to int, not int itself, so that the check of a call with an
  /// extent stops at "an extent is no int" instead of asking, circularly, whether that very
  /// call is valid.
  template <class I0, class... A>
    requires(N == 1 && std::is_convertible_v<I0, int> &&
             std::is_constructible_v<texture, const concurrency::extent<1>&, A...>)
  explicit(sizeof...(A) == 0) texture(I0 e0, A&&... tail)
      : texture(concurrency::extent<1>(static_cast<int>(e0)), std::forward<A>(tail)...) {}
  template <class I0, class I1, class... A>
    requires(N == 2 && std::is_convertible_v<I0, int> && std::is_convertible_v<I1, int> &&
             std::is_constructible_v<texture, const concurrency::extent<2>&, A...>)
  texture(I0 e0, I1 e1, A&&... tail)
      : texture(concurrency::extent<2>(static_cast<int>(e0), static_cast<int>(e1)), std::forward<A>(tail)...) {}
  template <class I0, class I1, class I2, class... A>
    requires(N == 3 && std::is_convertible_v<I0, int> && std::is_convertible_v<I1, int> &&
             std::is_convertible_v<I2, int> && std::is_constructible_v<texture, const concurrency::extent<3>&, A...>)
  texture(I0 e0, I1 e1, I2 e2, A&&... tail)
      : texture(concurrency::extent<3>(static_cast<int>(e0), static_cast<int>(e1), static_cast<int>(e2)),
                std::forward<A>(tail)...) {}

  /// Copies are deep: every level, in the same format; texture(src, av[, associated_av]) copies
  /// onto another accelerator_view.
  texture(const texture& src) : texture(src, src.accelerator_view, src.associated_accelerator_view) {}
  texture(const texture& src, const concurrency::accelerator_view& av) : texture(src, av, av) {}
  texture(const texture& src, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av)
      : texture(src.extent, av, associated_av, std::make_shared<storage_type>(*src.storage_, av.state())) {}
  texture(texture&&) noexcept = default;

  /// texture(view[, av[, associated_av]]) copies the levels a view sees (one for
  /// texture_view<T, N>, its run for texture_view<const T, N>) into a new texture of the same
  /// format, on the view's accelerator_view unless another is given.
  texture(const texture_view<T, N>& src) : texture(from_view{}, src, src.get_accelerator_view()) {}
  texture(const texture_view<T, N>& src, const concurrency::accelerator_view& av) : texture(from_view{}, src, av) {}
  texture(const texture_view<T, N>& src, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av)
      : texture(from_view{}, src, av, associated_av) {}
  texture(const texture_view<const T, N>& src) : texture(from_view{}, src, src.get_accelerator_view()) {}
  texture(const texture_view<const T, N>& src, const concurrency::accelerator_view& av)
      : texture(from_view{}, src, av) {}
  texture(const texture_view<const T, N>& src, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av)
      : texture(from_view{}, src, av, associated_av) {}

  texture& operator=(const texture& src) {
    if (this != &src) *this = texture(src);
    return *this;
  }
  texture& operator=(texture&&) noexcept = default;

  concurrency::extent<N> get_extent() const restrict(amp, cpu) { return extent; }
  /// get_mipmap_extent(level) is max(1, extent >> level) per dimension; runtime_exception for a
  /// level the texture does not have.
  concurrency::extent<N> get_mipmap_extent(unsigned int mipmap_level) const restrict(amp, cpu) {
    ample::detail::require_level(mipmap_level, get_mipmap_levels());
    return layout_.level_extent(mipmap_level);
  }
  concurrency::accelerator_view get_accelerator_view() const { return accelerator_view; }
  concurrency::accelerator_view get_associated_accelerator_view() const { return associated_accelerator_view; }
  unsigned int get_bits_per_scalar_element() const { return layout_.bits; }
  unsigned int get_mipmap_levels() const restrict(amp, cpu) { return layout_.levels; }
  /// get_data_length() is the number of bytes of texel data, all levels together.
  unsigned int get_data_length() const { return static_cast<unsigned int>(storage_->bytes(0, get_mipmap_levels())); }
  /// get_row_pitch() is the byte distance between rows of level 0 (ranks 2 and 3),
  /// get_depth_pitch() that between its slices (rank 3); both are 0 where the dimension does
  /// not exist.
  unsigned int get_row_pitch() const {
    return N >= 2 ? static_cast<unsigned int>(extent[N - 1] * storage_->texel_bytes()) : 0u;
  }
  unsigned int get_depth_pitch() const {
    return N == 3 ? static_cast<unsigned int>(extent[1] * extent[2] * storage_->texel_bytes()) : 0u;
  }
  /// data() points at the first texel of level 0, in the stored format, in host memory: the
  /// texels are made current there for reading (and, through a non-const texture, writing).
  void* data() restrict(cpu) {
    storage_->host_access(access_type_read_write);
    return storage_->level_data(0);
  }
  const void* data() const restrict(cpu) {
    storage_->host_access(access_type_read);
    return storage_->level_data(0);
  }

  /// get(idx) reads one texel of level 0; set(idx, v) writes one.
  const value_type get(const index<N>& idx) const restrict(amp, cpu) {
    storage_->host_ready(access_type_read);
    return layout_.load(0, idx);
  }
  void set(const index<N>& idx, const value_type& v) restrict(amp, cpu) {
    storage_->host_ready(access_type_read_write);
    layout_.store(0, idx, v);
  }

  /// The subscripts read a texel (by value: a texel is not an lvalue, as in Microsoft's texture).
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

  /// copy_to() copies every texel (every level) into a destination of the same shape and
  /// format, as copy(*this, dest) does (texture_copy.hpp).
  void copy_to(texture& dest) const;
  void copy_to(const writeonly_texture_view<T, N>& dest) const;

 private:
  friend struct ample::detail::texture_access;
  struct made {};
  struct from_view {};

  template <class View>
  texture(from_view, const View& src, const concurrency::accelerator_view& av)
      : texture(from_view{}, src, av, av) {}
  template <class View>
  texture(from_view, const View& src, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av)
      : texture(made{}, src.get_extent(), src.get_bits_per_scalar_element(), src.get_mipmap_levels(), av,
                associated_av) {
    const ample::detail::texture_levels<T, N> from = ample::detail::texture_access::levels(src);
    from.storage->host_access(access_type_read);
    for (unsigned int l = 0; l < from.count; ++l)
      ample::detail::copy_bytes(storage_->level_data(l), from.storage->level_data(from.first + l),
                                storage_->bytes(l, 1));
  }

  texture(made, const concurrency::extent<N>& e, unsigned int bits, unsigned int levels,
          const concurrency::accelerator_view& av, const concurrency::accelerator_view& associated_av)
      : texture(checked(e), av, associated_av,
                std::make_shared<storage_type>(e, format::checked_bits(bits),
                                               ample::detail::checked_mipmap_levels(e, levels), av.state())) {}
  /// The constructor every other one ends in: the shape, the views, the texels, and the
  /// property values read from them; last, where the texels are in a GPU's memory, the image
  /// of the finished object there, which kernels that capture the texture by reference read
  /// (detail/array_images.hpp).
  texture(const concurrency::extent<N>& e, const concurrency::accelerator_view& av,
          const concurrency::accelerator_view& associated_av, std::shared_ptr<storage_type> storage)
      : extent(e),
        accelerator_view(av),
        associated_accelerator_view(associated_av),
        storage_(std::move(storage)),
        layout_(storage_->layout()) {
    bits_per_scalar_element = get_bits_per_scalar_element();
    mipmap_levels = get_mipmap_levels();
    data_length = get_data_length();
    row_pitch = get_row_pitch();
    depth_pitch = get_depth_pitch();
    if (storage_->texels().one_copy()) {
      enlistment_.list(this, sizeof(texture), storage_->texels());
      return;
    }
    const auto base_at = reinterpret_cast<const char*>(&layout_.base) - reinterpret_cast<const char*>(this);
    enlistment_.enlist(this, sizeof(texture), static_cast<std::size_t>(base_at), storage_->texels());
  }

  ample::detail::texture_levels<T, N> levels() const noexcept {
    return {storage_.get(), layout_, 0, get_mipmap_levels()};
  }

  static const concurrency::extent<N>& checked(const concurrency::extent<N>& e) {
    for (int d = 0; d < N; ++d)
      if (e[d] <= 0)
        AMPLE_THROW(runtime_exception, "texture extent " + ample::detail::format_extent(e) + " has a dimension <= 0",
                    error_code::e_invalidarg);
    return e;
  }
  /// copy_from_bytes() fills the one level from raw host memory: straight into the texels'
  /// home in a GPU's memory where they have one, as graphics::copy() does.
  void copy_from_bytes(const void* source, unsigned int bytes) {
    ample::detail::require_byte_size("texture source", bytes, get_data_length());
    const ample::detail::texture_section<T, N> level0{storage_.get(), 0, {}, storage_->level_extent(0)};
    ample::detail::copy_from_bytes(source, bytes, level0);
  }
  template <class It>
  void fill(It first, It last) {
    const std::size_t n = extent.size();
    std::size_t copied = 0;
    auto* out = static_cast<unsigned char*>(data());
    for (; first != last && copied < n; ++first, ++copied, out += storage_->texel_bytes())
      ample::detail::encode_texel(out, static_cast<T>(*first), storage_->bits());
    if (copied < n)
      AMPLE_THROW(runtime_exception,
                  "source range holds " + std::to_string(copied) + " texels, but texture extent " +
                      ample::detail::format_extent<N>(extent) + " needs " + std::to_string(n),
                  error_code::e_invalidarg);
  }

  std::shared_ptr<storage_type> storage_;
  /// layout_ is storage_'s layout, kept in the texture for kernels, which read it, not
  /// storage_: in a GPU's image of the texture it points at the GPU's copy.
  ample::detail::texture_layout<T, N> layout_;
  /// enlistment_ holds the texture's image in a GPU's memory where its texels are there, or
  /// lists it for launches to find where they are in one copy; last, so that it goes first.
  ample::detail::array_enlistment enlistment_;
};

}  // namespace Concurrency::graphics
