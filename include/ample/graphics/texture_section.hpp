// Texture sections: the boxes of texels that texture copies read and write (SPEC §10.6; MSREF
// concurrency::graphics::copy overloads with offsets and a copy extent), and the checks that
// make them safe.
//
// A section is a box of one mipmap level: an offset and an extent, both inside the level. A copy
// that has a section on either side, or that moves texels to or from the host, works on one
// level: a texture or view with more levels is refused (runtime_exception saying so), and a
// texture_view chooses the level. Only whole-texture copies between textures move every level.
#pragma once

#include <cstddef>
#include <string>

#include "../config.hpp"
#include "../detail/strided_layout.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "texture_storage.hpp"

namespace ample::detail {

/// format_index() prints an index as "(a, b)", the way format_extent() prints an extent.
template <int N>
std::string format_index(const concurrency::index<N>& idx) {
  int v[N];
  for (int d = 0; d < N; ++d) v[d] = idx[d];
  return format_values(v, N);
}

/// texture_section<T, N> is a box of texels of one level of a texture storage.
template <class T, int N>
struct texture_section {
  texture_storage<T, N>* storage;
  unsigned int level;
  concurrency::index<N> offset;
  concurrency::extent<N> extent;

  /// row_bytes() is the size of one row (the last dimension) of the box.
  std::size_t row_bytes() const { return static_cast<std::size_t>(extent[N - 1]) * storage->texel_bytes(); }
  std::size_t bytes() const { return static_cast<std::size_t>(extent.size()) * storage->texel_bytes(); }

  /// row(outer) points at the first texel of the box's row at outer coordinates outer[0 .. N-2]
  /// (relative to the box), as for_each_outer() hands them out.
  unsigned char* row(const int* outer) const {
    concurrency::index<N> at = offset;
    for (int d = 0; d < N - 1; ++d) at[d] += outer[d];
    return storage->at(level, at);
  }
  /// for_each_row(f) calls f(first texel of the row) for every row of the box, in row-major order.
  template <class F>
  void for_each_row(F&& f) const {
    for_each_outer(extent, [&](const int* outer) { f(row(outer)); });
  }
};

/// single_level() is the one level of a copy side; runtime_exception if it has more.
template <class T, int N>
unsigned int single_level(const texture_levels<T, N>& side, const char* what) {
  if (side.count != 1)
    AMPLE_THROW(concurrency::runtime_exception,
                std::string("texture copy: the ") + what + " has " + std::to_string(side.count) +
                    " mipmap levels; copies of a section or to or from the host take one (choose it with a "
                    "texture_view)",
                concurrency::error_code::e_invalidarg);
  return side.first;
}

/// whole_section() is the whole of a one-level copy side.
template <class T, int N>
texture_section<T, N> whole_section(const texture_levels<T, N>& side, const char* what) {
  const unsigned int level = single_level(side, what);
  return {side.storage, level, concurrency::index<N>(), side.storage->level_extent(level)};
}

/// checked_section() is the box at `offset` of `copy_extent` in a one-level copy side;
/// runtime_exception naming the offset, the copy extent and the texture's extent if the box
/// is empty or leaves the texture.
template <class T, int N>
texture_section<T, N> checked_section(const texture_levels<T, N>& side, const concurrency::index<N>& offset,
                                      const concurrency::extent<N>& copy_extent, const char* what) {
  texture_section<T, N> s = whole_section(side, what);
  for (int d = 0; d < N; ++d)
    if (offset[d] < 0 || copy_extent[d] <= 0 || copy_extent[d] > s.extent[d] - offset[d])
      AMPLE_THROW(concurrency::runtime_exception,
                  std::string("texture copy: ") + what + " offset " + format_index(offset) + " with copy extent " +
                      format_extent(copy_extent) + " does not fit the texture extent " + format_extent(s.extent),
                  concurrency::error_code::e_invalidarg);
  s.offset = offset;
  s.extent = copy_extent;
  return s;
}

/// require_same_format() throws runtime_exception naming both widths unless two copy sides
/// store the same bits per scalar element (texture copies move stored bytes, as Direct3D does).
template <class T, int N>
void require_same_format(const texture_levels<T, N>& src, const texture_levels<T, N>& dst) {
  if (src.storage->bits() != dst.storage->bits())
    AMPLE_THROW(concurrency::runtime_exception,
                "texture copy: the source has " + std::to_string(src.storage->bits()) +
                    " bits per scalar element, the destination " + std::to_string(dst.storage->bits()),
                concurrency::error_code::e_invalidarg);
}

}  // namespace ample::detail
