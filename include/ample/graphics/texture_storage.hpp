// texture_storage<T, N>: the texels of one texture, every mipmap level, in one block of
// accelerator memory (SPEC §10.1; MSREF texture class).
//
// Layout, which data(), get_row_pitch(), get_depth_pitch() and get_data_length() report:
// - level k has extent max(1, e[d] >> k) in each dimension d; the levels follow one another,
//   most detailed (0) first, with no gaps;
// - within a level, texels are dense and row-major, each `components * bits / 8` bytes in the
//   format of texture_format.hpp;
// - the block starts zeroed, and zero bytes decode to T{} in every format.
// A texture and its views share one storage by shared_ptr, so a view stays valid, like an
// array_view, while any copy of it lives.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>

#include "../config.hpp"
#include "../detail/array_images.hpp"
#include "../detail/buffer.hpp"
#include "../detail/byte_copy.hpp"
#include "../detail/kernel_context.hpp"
#include "../detail/strided_layout.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "texture_format.hpp"

namespace ample::detail {

/// texel_offset() is the row-major position of idx in extent e.
template <int N>
constexpr std::ptrdiff_t texel_offset(const concurrency::extent<N>& e,
                                      const concurrency::index<N>& idx) restrict(amp, cpu) {
  std::ptrdiff_t off = 0;
  for (int d = 0; d < N; ++d) off = off * e[d] + idx[d];
  return off;
}

/// full_mipmap_levels() is the length of e's full mipmap chain: levels until every dimension is 1.
template <int N>
unsigned int full_mipmap_levels(const concurrency::extent<N>& e) {
  int largest = 1;
  for (int d = 0; d < N; ++d) largest = std::max(largest, e[d]);
  unsigned int levels = 1;
  for (; largest > 1; largest >>= 1) ++levels;
  return levels;
}

/// checked_mipmap_levels() is the level count a texture of extent e gets when `requested` are
/// asked for: 0 means the full chain (Microsoft's rule); more than the full chain throws
/// runtime_exception naming both.
template <int N>
unsigned int checked_mipmap_levels(const concurrency::extent<N>& e, unsigned int requested) {
  const unsigned int full = full_mipmap_levels(e);
  if (requested > full)
    AMPLE_THROW(concurrency::runtime_exception,
                "a texture of extent " + format_extent(e) + " has at most " + std::to_string(full) +
                    " mipmap levels, not " + std::to_string(requested),
                concurrency::error_code::e_invalidarg);
  return requested == 0 ? full : requested;
}

/// require_level() throws runtime_exception unless `level` is one of `count` mipmap levels.
inline void require_level(unsigned int level, unsigned int count) {
  if (level >= count)
    AMPLE_THROW(concurrency::runtime_exception,
                "mipmap level " + std::to_string(level) + " does not exist: there are " + std::to_string(count),
                concurrency::error_code::e_invalidarg);
}

/// require_levels() throws runtime_exception unless levels [first, first + count) are a
/// non-empty run of the `available` levels.
inline void require_levels(unsigned int first, unsigned int count, unsigned int available) {
  if (count == 0)
    AMPLE_THROW(concurrency::runtime_exception, "a texture view needs at least one mipmap level",
                concurrency::error_code::e_invalidarg);
  if (first >= available || count > available - first)
    AMPLE_THROW(concurrency::runtime_exception,
                "a texture view of mipmap levels " + std::to_string(first) + " to " +
                    std::to_string(first + count - 1) + " needs levels that are not there: there are " +
                    std::to_string(available),
                concurrency::error_code::e_invalidarg);
}

/// texture_layout<T, N> is what kernels need of a texture's storage: where its texels are,
/// the extent of level 0, the format and the number of levels; every level's extent and
/// offset follow from them (the file comment). Textures and their views hold a copy, so that
/// device code reads it from the kernel object, or from a texture's image in the GPU's
/// memory (detail/array_images.hpp), and never follows a host pointer.
template <class T, int N>
struct texture_layout {
  unsigned char* base;
  concurrency::extent<N> extent;
  unsigned int bits;
  unsigned int texel_bytes;
  unsigned int levels;

  concurrency::extent<N> level_extent(unsigned int level) const restrict(amp, cpu) {
    concurrency::extent<N> r;
    for (int d = 0; d < N; ++d) {
      const int shrunk = extent[d] >> level;
      r[d] = shrunk > 1 ? shrunk : 1;
    }
    return r;
  }
  /// level_offset() is where a level starts, in bytes from base: the sizes of those before it.
  std::size_t level_offset(unsigned int level) const restrict(amp, cpu) {
    std::size_t offset = 0;
    for (unsigned int l = 0; l < level; ++l) offset += static_cast<std::size_t>(level_extent(l).size()) * texel_bytes;
    return offset;
  }
  /// bytes(first, count) is the size of `count` levels from `first` on.
  std::size_t bytes(unsigned int first, unsigned int count) const restrict(amp, cpu) {
    return level_offset(first + count) - level_offset(first);
  }
  /// at(level, idx) points at the stored texel idx of a level.
  unsigned char* at(unsigned int level, const concurrency::index<N>& idx) const restrict(amp, cpu) {
    return base + level_offset(level) + texel_offset<N>(level_extent(level), idx) * texel_bytes;
  }
  T load(unsigned int level, const concurrency::index<N>& idx) const restrict(amp, cpu) {
    return decode_texel<T>(at(level, idx), bits);
  }
  void store(unsigned int level, const concurrency::index<N>& idx, const T& v) const restrict(amp, cpu) {
    encode_texel(at(level, idx), v, bits);
  }
};

/// texture_storage<T, N> holds the levels of a texture of T in the layout of the file comment,
/// kept as an array's elements are (detail/array_images.hpp): in one copy in host memory
/// where kernels read that, in a GPU's memory with a host mirror where they run on the GPU.
/// Its host functions work on the host copy, which callers make current first
/// (host_access()); kernels read the layout that textures and views hold.
template <class T, int N>
class texture_storage {
 public:
  /// texture_storage(e, bits, levels, owner) is zeroed storage for `levels` (>= 1, checked by
  /// the caller) levels of `bits` bits per scalar element, on accelerator_view `owner`.
  texture_storage(const concurrency::extent<N>& e, unsigned int bits, unsigned int levels,
                  std::shared_ptr<view_state> owner)
      : layout_{nullptr, e, bits, texel_format<T>::components * bits / 8, levels} {
    const std::size_t total = layout_.level_offset(levels);
    const bool one_copy = !arrays_in_device_memory(*owner->dev);
    buffer_ = buffer::allocate(std::move(owner), total, one_copy);
    layout_.base = static_cast<unsigned char*>(buffer_->host_data());
    // The zeroed mirror becomes the current copy, without copying the GPU's in.
    if (!one_copy) buffer_->host_access(concurrency::access_type_write);
    ample::detail::zero_bytes(layout_.base, total);
  }
  /// texture_storage(src, owner) copies every level of src onto `owner`.
  texture_storage(const texture_storage& src, std::shared_ptr<view_state> owner)
      : texture_storage(src.level_extent(0), src.bits(), src.levels(), std::move(owner)) {
    src.host_access(concurrency::access_type_read);
    ample::detail::copy_bytes(layout_.base, src.layout_.base, layout_.bytes(0, levels()));
  }
  texture_storage(const texture_storage&) = delete;
  texture_storage& operator=(const texture_storage&) = delete;

  const texture_layout<T, N>& layout() const noexcept { return layout_; }
  unsigned int bits() const noexcept { return layout_.bits; }
  unsigned int levels() const noexcept { return layout_.levels; }
  /// texel_bytes() is the size of one stored texel.
  unsigned int texel_bytes() const noexcept { return layout_.texel_bytes; }
  concurrency::extent<N> level_extent(unsigned int level) const { return layout_.level_extent(level); }
  /// bytes(first, count) is the size of `count` levels from `first` on.
  std::size_t bytes(unsigned int first, unsigned int count) const { return layout_.bytes(first, count); }
  const std::shared_ptr<view_state>& owner() const noexcept { return buffer_->owner(); }
  buffer& texels() const noexcept { return *buffer_; }

  /// host_access() makes the host copy current for `access` by the host (buffer::host_access()).
  void host_access(concurrency::access_type access) const { buffer_->host_access(access); }
  /// host_ready() is host_access() where the texels may be elsewhere, for element access from
  /// textures and views. In kernels, where in_kernel is true, the test folds away.
  AMPLE_IMPL_ALWAYS_INLINE void host_ready(concurrency::access_type access) const restrict(amp, cpu) {
    if (!in_kernel && buffer_->home_space() != nullptr) [[unlikely]]
      buffer_->host_access(access);
  }
  /// level_data() and at() point into the host copy: at the first texel of a level, at texel
  /// idx of one.
  unsigned char* level_data(unsigned int level) const { return layout_.base + layout_.level_offset(level); }
  unsigned char* at(unsigned int level, const concurrency::index<N>& idx) const { return layout_.at(level, idx); }

 private:
  texture_layout<T, N> layout_;
  std::shared_ptr<buffer> buffer_;
};

/// texture_levels<T, N> names a run of mipmap levels of one texture storage: what a texture
/// (all its levels) or a texture view (the levels it sees) stands for in samples and copies.
///
/// `layout` is the storage's layout as the texture or view holds it: what kernels read
/// (pointing at the GPU's copy there); `storage` is for the host, in copies.
template <class T, int N>
struct texture_levels {
  texture_storage<T, N>* storage;
  texture_layout<T, N> layout;
  unsigned int first;
  unsigned int count;
};

}  // namespace ample::detail
