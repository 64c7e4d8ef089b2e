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
#include <vector>

#include "../config.hpp"
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

/// mipmap_extent() is the extent of mipmap level `level` of a texture of extent e.
template <int N>
concurrency::extent<N> mipmap_extent(const concurrency::extent<N>& e, unsigned int level) {
  concurrency::extent<N> r;
  for (int d = 0; d < N; ++d) r[d] = std::max(1, e[d] >> level);
  return r;
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

/// texture_storage<T, N> holds the levels of a texture of T in the layout of the file comment.
template <class T, int N>
class texture_storage {
 public:
  /// texture_storage(e, bits, levels, owner) is zeroed storage for `levels` (>= 1, checked by
  /// the caller) levels of `bits` bits per scalar element, on accelerator_view `owner`.
  texture_storage(const concurrency::extent<N>& e, unsigned int bits, unsigned int levels,
                  std::shared_ptr<view_state> owner)
      : bits_(bits), texel_bytes_(texel_format<T>::components * bits / 8) {
    std::size_t total = 0;
    for (unsigned int l = 0; l < levels; ++l) {
      levels_.push_back({mipmap_extent(e, l), total});
      total += static_cast<std::size_t>(levels_.back().extent.size()) * texel_bytes_;
    }
    buffer_ = buffer::allocate(std::move(owner), total);
    base_ = static_cast<unsigned char*>(buffer_->data());
    ample::detail::zero_bytes(base_, total);
  }
  /// texture_storage(src, owner) copies every level of src onto `owner`.
  texture_storage(const texture_storage& src, std::shared_ptr<view_state> owner)
      : texture_storage(src.level_extent(0), src.bits_, src.levels(), std::move(owner)) {
    ample::detail::copy_bytes(base_, src.base_, bytes(0, levels()));
  }
  texture_storage(const texture_storage&) = delete;
  texture_storage& operator=(const texture_storage&) = delete;

  unsigned int bits() const restrict(amp, cpu) { return bits_; }
  unsigned int levels() const restrict(amp, cpu) { return static_cast<unsigned int>(levels_.size()); }
  /// texel_bytes() is the size of one stored texel.
  unsigned int texel_bytes() const restrict(amp, cpu) { return texel_bytes_; }
  const concurrency::extent<N>& level_extent(unsigned int level) const restrict(amp, cpu) {
    return levels_[level].extent;
  }
  /// level_data() points at the first texel of a level; on the host, once the kernels queued
  /// on the texture's device, any of which may reach it by reference, have run.
  unsigned char* level_data(unsigned int level) const restrict(amp, cpu) { return host_ready() + levels_[level].offset; }
  /// bytes(first, count) is the size of `count` levels from `first` on.
  std::size_t bytes(unsigned int first, unsigned int count) const {
    std::size_t total = 0;
    for (unsigned int l = first; l < first + count; ++l)
      total += static_cast<std::size_t>(levels_[l].extent.size()) * texel_bytes_;
    return total;
  }
  const std::shared_ptr<view_state>& owner() const noexcept { return buffer_->owner(); }

  /// at(level, idx) points at the stored texel idx of a level.
  unsigned char* at(unsigned int level, const concurrency::index<N>& idx) const restrict(amp, cpu) {
    const level_layout& l = levels_[level];
    return host_ready() + l.offset + texel_offset<N>(l.extent, idx) * texel_bytes_;
  }
  T load(unsigned int level, const concurrency::index<N>& idx) const restrict(amp, cpu) {
    return decode_texel<T>(at(level, idx), bits_);
  }
  void store(unsigned int level, const concurrency::index<N>& idx, const T& v) const restrict(amp, cpu) {
    encode_texel(at(level, idx), v, bits_);
  }

 private:
  /// host_ready() is base_, after buffer::wait_for_device() on the host; in kernels, where
  /// in_kernel is true, the test folds away as in array's element access.
  AMPLE_IMPL_ALWAYS_INLINE unsigned char* host_ready() const restrict(amp, cpu) {
    if (!in_kernel && buffer_->home_space() != nullptr) [[unlikely]]
      buffer_->wait_for_device();
    return base_;
  }

  struct level_layout {
    concurrency::extent<N> extent;
    std::size_t offset;  // bytes from the start of the block
  };

  unsigned int bits_;
  unsigned int texel_bytes_;
  std::vector<level_layout> levels_;
  std::shared_ptr<buffer> buffer_;
  unsigned char* base_ = nullptr;
};

/// texture_levels<T, N> names a run of mipmap levels of one texture storage: what a texture
/// (all its levels) or a texture view (the levels it sees) stands for in samples and copies.
template <class T, int N>
struct texture_levels {
  texture_storage<T, N>* storage;
  unsigned int first;
  unsigned int count;
};

}  // namespace ample::detail
