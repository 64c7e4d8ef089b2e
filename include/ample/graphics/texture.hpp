// concurrency::graphics::texture<T, N>: an N-dimensional grid of texels owned by an
// accelerator_view (SPEC §10.1; MSREF texture class).
//
// On the CPU engine a texture is dense row-major host memory, like an array: every texel is
// stored at full precision, one value_type per texel. Hence:
// - bits_per_scalar_element is always the natural size (32, or 64 for double); asking for
//   another (8, 16) throws unsupported_feature, since packed formats are not emulated;
// - there is one mipmap level; a view of any other level throws unsupported_feature;
// - data(), get_row_pitch() and get_depth_pitch() work for every texture, not only staging
//   ones: the texels are always addressable from the host.
#pragma once

#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "../accelerator.hpp"
#include "../detail/buffer.hpp"
#include "../detail/readonly_extent.hpp"
#include "../detail/strided_layout.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "texture_texel.hpp"

namespace concurrency::graphics {

template <class T, int N>
class texture_view;
template <class T, int N>
class writeonly_texture_view;

}  // namespace concurrency::graphics

namespace ample::detail {

/// texture_access lets views and copies reach a texture's storage.
struct texture_access {
  template <class Tex>
  static auto* data(Tex& t) noexcept { return t.data_; }
  template <class Tex>
  static const auto& storage(Tex& t) noexcept { return t.storage_; }
};

/// texel_offset() is the row-major position of idx in extent e.
template <int N>
constexpr std::ptrdiff_t texel_offset(const concurrency::extent<N>& e,
                                      const concurrency::index<N>& idx) restrict(amp, cpu) {
  std::ptrdiff_t off = 0;
  for (int d = 0; d < N; ++d) off = off * e[d] + idx[d];
  return off;
}

/// require_byte_size() throws runtime_exception unless `given` bytes hold `needed` bytes.
inline void require_byte_size(const char* what, std::size_t given, std::size_t needed) {
  if (given < needed)
    AMPLE_THROW(concurrency::runtime_exception,
                std::string(what) + " holds " + std::to_string(given) + " bytes, but the texture needs " +
                    std::to_string(needed),
                concurrency::error_code::e_invalidarg);
}

}  // namespace ample::detail

namespace concurrency::graphics {

/// texture<T, N> holds extent.size() texels of type T (see texture_texel.hpp for the allowed
/// types) for N = 1, 2 or 3. Kernels capture a texture by reference and read it with get() or
/// [], write it with set(); views (texture_view) are captured by value.
///
///     texture<float, 2> tex(4, 8, v.begin(), v.end());
///     parallel_for_each(tex.extent, [&tex](index<2> i) restrict(amp) { tex.set(i, tex[i] * 2); });
///     copy(tex, v.begin());
template <class T, int N>
class texture {
  static_assert(N >= 1 && N <= 3, "textures have rank 1, 2 or 3");
  static_assert(ample::detail::is_texel_v<T>,
                "texture value types are int, unsigned int, float, norm, unorm and their 2- and "
                "4-component short vectors, double and double_2");

 public:
  static constexpr int rank = N;
  using value_type = T;
  using scalar_type = typename ample::detail::texel_traits<T>::scalar_type;

  /// extent is the shape of the texture.
  ample::detail::readonly_extent<N> extent;

  explicit texture(const concurrency::extent<N>& e) : texture(e, accelerator().default_view) {}
  texture(const concurrency::extent<N>& e, const accelerator_view& av) : texture(e, av, av) {}
  /// texture(e, av, associated_av) is a staging texture on `av` for transfers to `associated_av`.
  texture(const concurrency::extent<N>& e, const accelerator_view& av, const accelerator_view& associated_av)
      : extent(checked(e)), av_(av), associated_av_(associated_av), storage_(allocate(e, av)) {
    data_ = static_cast<T*>(storage_->data());
    std::fill_n(data_, extent.size(), T{});
  }

  /// texture(e, first, last[, av]) copies e.size() texels from a host range.
  template <std::input_iterator It>
  texture(const concurrency::extent<N>& e, It first, It last) : texture(e) {
    fill(first, last);
  }
  template <std::input_iterator It>
  texture(const concurrency::extent<N>& e, It first, It last, const accelerator_view& av) : texture(e, av) {
    fill(first, last);
  }

  /// texture(e, bits_per_scalar_element[, av]): only the natural size is supported.
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element) : texture(e) {
    check_bits(bits_per_scalar_element);
  }
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element, const accelerator_view& av)
      : texture(e, av) {
    check_bits(bits_per_scalar_element);
  }
  /// texture(e, bits, source, source_bytes[, av]) copies the texels from raw host memory.
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element, const void* source,
          unsigned int source_byte_size)
      : texture(e, bits_per_scalar_element) {
    copy_from_bytes(source, source_byte_size);
  }
  texture(const concurrency::extent<N>& e, unsigned int bits_per_scalar_element, const void* source,
          unsigned int source_byte_size, const accelerator_view& av)
      : texture(e, bits_per_scalar_element, av) {
    copy_from_bytes(source, source_byte_size);
  }

  /// Dimension-list forms: (e0[, e1[, e2]]) followed by anything that may follow an extent.
  template <class... A>
    requires(N == 1)
  explicit(sizeof...(A) == 0) texture(int e0, A&&... tail)
      : texture(concurrency::extent<1>(e0), std::forward<A>(tail)...) {}
  template <class... A>
    requires(N == 2)
  texture(int e0, int e1, A&&... tail) : texture(concurrency::extent<2>(e0, e1), std::forward<A>(tail)...) {}
  template <class... A>
    requires(N == 3)
  texture(int e0, int e1, int e2, A&&... tail)
      : texture(concurrency::extent<3>(e0, e1, e2), std::forward<A>(tail)...) {}

  /// Copies are deep; texture(src, av) copies onto another accelerator_view.
  texture(const texture& src) : texture(src, src.av_) {}
  texture(const texture& src, const accelerator_view& av) : texture(src.extent, av) {
    std::copy_n(src.data_, extent.size(), data_);
  }
  texture(texture&&) noexcept = default;
  texture& operator=(const texture& src) {
    if (this != &src) *this = texture(src);
    return *this;
  }
  texture& operator=(texture&&) noexcept = default;

  concurrency::extent<N> get_extent() const restrict(amp, cpu) { return extent; }
  /// get_extent(level) is the extent of a mipmap level; only level 0 exists.
  concurrency::extent<N> get_extent(unsigned int mipmap_level) const {
    check_level(mipmap_level);
    return extent;
  }
  accelerator_view get_accelerator_view() const { return av_; }
  accelerator_view get_associated_accelerator_view() const { return associated_av_; }
  unsigned int get_bits_per_scalar_element() const { return natural_bits; }
  unsigned int get_mipmap_levels() const { return 1; }
  /// get_data_length() is the number of bytes of texel data.
  unsigned int get_data_length() const { return static_cast<unsigned int>(extent.size() * sizeof(T)); }
  /// get_row_pitch() is the byte distance between rows (ranks 2 and 3), get_depth_pitch() that
  /// between slices (rank 3); both are 0 where the dimension does not exist.
  unsigned int get_row_pitch() const {
    return N >= 2 ? static_cast<unsigned int>(extent[N - 1] * sizeof(T)) : 0u;
  }
  unsigned int get_depth_pitch() const {
    return N == 3 ? static_cast<unsigned int>(extent[1] * extent[2] * sizeof(T)) : 0u;
  }
  /// data() points at the first texel; texels are dense and row-major.
  void* data() restrict(cpu) { return data_; }
  const void* data() const restrict(cpu) { return data_; }

  /// get(idx) reads one texel; set(idx, v) writes one.
  const value_type get(const index<N>& idx) const restrict(amp, cpu) { return data_[offset(idx)]; }
  void set(const index<N>& idx, const value_type& v) restrict(amp, cpu) { data_[offset(idx)] = v; }

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

  /// copy_to() copies every texel into a destination of the same extent.
  void copy_to(texture& dest) const {
    require_same_extent(dest.extent);
    std::copy_n(data_, extent.size(), dest.data_);
  }
  void copy_to(const writeonly_texture_view<T, N>& dest) const;

 private:
  friend struct ample::detail::texture_access;
  static constexpr unsigned int natural_bits = sizeof(scalar_type) * 8;

  std::ptrdiff_t offset(const index<N>& idx) const restrict(amp, cpu) {
    return ample::detail::texel_offset<N>(extent, idx);
  }
  static const concurrency::extent<N>& checked(const concurrency::extent<N>& e) {
    for (int d = 0; d < N; ++d)
      if (e[d] <= 0)
        AMPLE_THROW(runtime_exception, "texture extent " + ample::detail::format_extent(e) + " has a dimension <= 0",
                    error_code::e_invalidarg);
    return e;
  }
  static std::shared_ptr<ample::detail::buffer> allocate(const concurrency::extent<N>& e, const accelerator_view& av) {
    return ample::detail::buffer::allocate(av.state(), static_cast<std::size_t>(e.size()) * sizeof(T));
  }
  static void check_bits(unsigned int bits) {
    if (bits != natural_bits)
      AMPLE_THROW(unsupported_feature, "texture with " + std::to_string(bits) +
                                           " bits per scalar element: the CPU engine stores only " +
                                           std::to_string(natural_bits));
  }
  static void check_level(unsigned int level) {
    if (level != 0)
      AMPLE_THROW(unsupported_feature,
                  "mipmap level " + std::to_string(level) + ": CPU-engine textures have one level");
  }
  void require_same_extent(const concurrency::extent<N>& other) const {
    if (other != concurrency::extent<N>(extent))
      AMPLE_THROW(runtime_exception,
                  "texture copy from extent " + ample::detail::format_extent<N>(extent) + " to extent " +
                      ample::detail::format_extent<N>(other),
                  error_code::e_invalidarg);
  }
  void copy_from_bytes(const void* source, unsigned int bytes) {
    ample::detail::require_byte_size("texture source", bytes, get_data_length());
    std::memcpy(data_, source, get_data_length());
  }
  template <class It>
  void fill(It first, It last) {
    const std::size_t n = extent.size();
    std::size_t copied = 0;
    for (; first != last && copied < n; ++first, ++copied) data_[copied] = static_cast<T>(*first);
    if (copied < n)
      AMPLE_THROW(runtime_exception,
                  "source range holds " + std::to_string(copied) + " texels, but texture extent " +
                      ample::detail::format_extent<N>(extent) + " needs " + std::to_string(n),
                  error_code::e_invalidarg);
  }

  accelerator_view av_;
  accelerator_view associated_av_;
  std::shared_ptr<ample::detail::buffer> storage_;
  T* data_ = nullptr;
};

}  // namespace concurrency::graphics
