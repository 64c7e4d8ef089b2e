// texel_bytes: copies between a box of a texture's texels and raw host memory that holds them
// densely, row-major, in the stored format: straight to and from texels at home in a GPU's
// memory, past their host mirror (host_range_copy.hpp), otherwise through the host copy. The
// texture constructors from raw memory and graphics::copy() share them.
#pragma once

#include <cstddef>
#include <string>

#include "../config.hpp"
#include "../detail/byte_copy.hpp"
#include "../detail/host_range_copy.hpp"
#include "../exceptions.hpp"
#include "texture_section.hpp"

namespace ample::detail {

/// require_byte_size() throws runtime_exception unless `given` bytes hold `needed` bytes.
inline void require_byte_size(const char* what, std::size_t given, std::size_t needed) {
  if (given < needed)
    AMPLE_THROW(concurrency::runtime_exception,
                std::string(what) + " holds " + std::to_string(given) + " bytes, but " + std::to_string(needed) +
                    " are needed",
                concurrency::error_code::e_invalidarg);
}

/// byte_layout() is `box` as a layout of bytes in the host copy of its texels: each row's
/// texels as its bytes, the outer strides the level's (levels are dense, row-major).
template <class T, int N>
strided_layout<unsigned char, N> byte_layout(const texture_section<T, N>& box) {
  const concurrency::extent<N> level = box.storage->level_extent(box.level);
  strided_layout<unsigned char, N> l{box.storage->at(box.level, box.offset), box.extent, {}};
  std::ptrdiff_t stride = box.storage->texel_bytes();
  for (int d = N - 1; d >= 0; --d) {
    l.stride[d] = stride;
    stride *= level[d];
  }
  l.shape[N - 1] = static_cast<int>(box.row_bytes());
  l.stride[N - 1] = 1;
  return l;
}

/// copy_to_bytes() writes a box densely to raw host memory of `size` bytes: from the texels'
/// home in a GPU's memory where only that holds them (host_range_copy.hpp), otherwise from
/// the host copy, made current.
template <class T, int N>
void copy_to_bytes(const texture_section<T, N>& src, void* dst, unsigned int size) {
  require_byte_size("copy destination", size, src.bytes());
  buffer& texels = src.storage->texels();
  if (mirrored_home(texels) != nullptr) {
    const strided_layout<unsigned char, N> box = byte_layout(src);
    const byte_ranges region = byte_ranges::of(box, texels.host_data());
    if (const device* home = home_holding(texels, region)) {
      copy_at_home(texels, *home, region, range_pieces(box, texels.host_data(), texels.base_in(home), dst, false),
                   false);
      return;
    }
  }
  src.storage->host_access(concurrency::access_type_read);
  auto* out = static_cast<unsigned char*>(dst);
  src.for_each_row([&](const unsigned char* row) {
    ample::detail::copy_bytes(out, row, src.row_bytes());
    out += src.row_bytes();
  });
}

/// copy_from_bytes() reads a box densely from raw host memory of `size` bytes: straight into
/// the texels' home in a GPU's memory where they have one (host_range_copy.hpp), otherwise
/// into the host copy.
template <class T, int N>
void copy_from_bytes(const void* src, unsigned int size, const texture_section<T, N>& dst) {
  require_byte_size("copy source", size, dst.bytes());
  buffer& texels = dst.storage->texels();
  if (const device* home = mirrored_home(texels)) {
    const strided_layout<unsigned char, N> box = byte_layout(dst);
    copy_at_home(texels, *home, byte_ranges::of(box, texels.host_data()),
                 range_pieces(box, texels.host_data(), texels.base_in(home), src, true), true);
    return;
  }
  dst.storage->host_access(concurrency::access_type_read_write);
  auto* in = static_cast<const unsigned char*>(src);
  dst.for_each_row([&](unsigned char* row) {
    ample::detail::copy_bytes(row, in, dst.row_bytes());
    in += dst.row_bytes();
  });
}

}  // namespace ample::detail
