// copy() and copy_async() for textures (SPEC §10.6; MSREF concurrency::graphics namespace
// functions): between textures and texture views, from and to host iterators, and from and to
// raw host memory, each for the whole texture or for a section (an offset and a copy extent).
//
// Sources are texture, texture_view<T, N> and texture_view<const T, N>; destinations are
// texture, texture_view<T, N> and writeonly_texture_view<T, N>. Rules (texture_section.hpp):
// - a whole-texture copy between textures or views needs the same extent, the same number of
//   mipmap levels and the same bits per scalar element, and copies every level;
// - a section copy, and any copy to or from the host, works on one level;
// - raw host memory holds the texels in the stored format, densely, row-major (a section's rows
//   are contiguous there); iterators see value_type, converted to and from the stored format;
// - a failed check throws runtime_exception before any texel is written.
// Every copy works on the host copy of the texels, made current first (on a GPU, copied home
// once the kernels writing them have run), except a copy between raw host memory and texels
// at home in a GPU's memory, which moves straight between the two (texel_bytes.hpp). Every
// copy is synchronous, and copy_async() returns a completion_future that has already completed.
#pragma once

#include <algorithm>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../completion_future.hpp"
#include "../detail/byte_copy.hpp"
#include "texel_bytes.hpp"
#include "texture.hpp"
#include "texture_section.hpp"
#include "texture_view.hpp"

namespace ample::detail {

/// texture_kind<X> says whether X is a texture or texture view, and which copy sides it may be.
template <class X>
struct texture_kind {
  static constexpr bool readable = false;
  static constexpr bool writable = false;
};
template <class T, int N, bool Readable, bool Writable, bool Owner = false>
struct texture_kind_of {
  using value_type = T;
  static constexpr int rank = N;
  static constexpr bool readable = Readable;
  static constexpr bool writable = Writable;
  static constexpr bool owner = Owner;  // a texture, not a view: constness protects its texels
};
template <class T, int N>
struct texture_kind<concurrency::graphics::texture<T, N>> : texture_kind_of<T, N, true, true, true> {};
template <class T, int N>
struct texture_kind<concurrency::graphics::texture_view<T, N>> : texture_kind_of<T, N, true, true> {};
template <class T, int N>
struct texture_kind<concurrency::graphics::texture_view<const T, N>> : texture_kind_of<T, N, true, false> {};
template <class T, int N>
struct texture_kind<concurrency::graphics::writeonly_texture_view<T, N>> : texture_kind_of<T, N, false, true> {};

template <class X>
using texture_kind_t = texture_kind<std::remove_cvref_t<X>>;

/// texture_source<X>: X may be read by a copy.
template <class X>
concept texture_source = texture_kind_t<X>::readable;
/// texture_destination<X>: X (a forwarding-reference type) may be written by a copy; a const
/// texture may not, while a const view writes the texture it views.
template <class X>
concept texture_destination =
    texture_kind_t<X>::writable && !(texture_kind_t<X>::owner && std::is_const_v<std::remove_reference_t<X>>);

/// texture_pair<S, D>: a copy from S to D moves texels of one type and rank.
template <class S, class D>
concept texture_pair = texture_source<S> && texture_destination<D> &&
                       std::is_same_v<typename texture_kind_t<S>::value_type, typename texture_kind_t<D>::value_type> &&
                       texture_kind_t<S>::rank == texture_kind_t<D>::rank;

// Aliases, not variable templates, so that for a non-texture X naming them is a substitution
// failure (Clang 14 substitutes into parameter types before it checks constraints).
template <class X>
using texture_value_t = typename texture_kind_t<X>::value_type;
template <class X>
using texture_index_t = concurrency::index<texture_kind_t<X>::rank>;
template <class X>
using texture_extent_t = concurrency::extent<texture_kind_t<X>::rank>;

/// copy_sections() copies the texels of one box into another of the same extent and format.
/// Boxes of one storage may overlap, so those go through a staging buffer.
template <class T, int N>
void copy_sections(const texture_section<T, N>& src, const texture_section<T, N>& dst) {
  src.storage->host_access(concurrency::access_type_read);
  dst.storage->host_access(concurrency::access_type_read_write);
  const std::size_t row = src.row_bytes();
  if (src.storage == dst.storage) {
    std::vector<unsigned char> staged(src.bytes());
    unsigned char* p = staged.data();
    for_each_outer(src.extent, [&](const int* outer) { p = std::copy_n(src.row(outer), row, p); });
    p = staged.data();
    for_each_outer(dst.extent, [&](const int* outer) {
      ample::detail::copy_bytes(dst.row(outer), p, row);
      p += row;
    });
    return;
  }
  for_each_outer(src.extent, [&](const int* outer) { ample::detail::copy_bytes(dst.row(outer), src.row(outer), row); });
}

/// copy_levels() copies every level of one run into another of the same shape and format.
template <class T, int N>
void copy_levels(const texture_levels<T, N>& src, const texture_levels<T, N>& dst) {
  bool same = src.count == dst.count;
  for (unsigned int l = 0; same && l < src.count; ++l)
    same = src.storage->level_extent(src.first + l) == dst.storage->level_extent(dst.first + l);
  if (!same)
    AMPLE_THROW(concurrency::runtime_exception,
                "texture copy: source extent " + format_extent(src.storage->level_extent(src.first)) + " with " +
                    std::to_string(src.count) + " mipmap levels does not match destination extent " +
                    format_extent(dst.storage->level_extent(dst.first)) + " with " + std::to_string(dst.count),
                concurrency::error_code::e_invalidarg);
  require_same_format(src, dst);
  src.storage->host_access(concurrency::access_type_read);
  dst.storage->host_access(concurrency::access_type_read_write);
  for (unsigned int l = 0; l < src.count; ++l)
    ample::detail::move_bytes(dst.storage->level_data(dst.first + l), src.storage->level_data(src.first + l),
                                src.storage->bytes(src.first + l, 1));
}

/// copy_from_range() fills a box from a host range of value_type, converted to the stored
/// format; the range is read in full before the box is touched, so a short one changes nothing.
template <class T, int N, class It>
void copy_from_range(It first, It last, const texture_section<T, N>& dst) {
  const std::size_t n = dst.extent.size();
  std::vector<T> staged;
  staged.reserve(n);
  for (; first != last && staged.size() < n; ++first) staged.push_back(static_cast<T>(*first));
  if (staged.size() < n)
    AMPLE_THROW(concurrency::runtime_exception,
                "texture copy: the source range holds " + std::to_string(staged.size()) +
                    " texels, but copy extent " + format_extent(dst.extent) + " needs " + std::to_string(n),
                concurrency::error_code::e_invalidarg);
  dst.storage->host_access(concurrency::access_type_read_write);
  const T* in = staged.data();
  const unsigned int bits = dst.storage->bits();
  const unsigned int step = dst.storage->texel_bytes();
  dst.for_each_row([&](unsigned char* row) {
    for (int i = 0; i < dst.extent[N - 1]; ++i) encode_texel(row + i * step, *in++, bits);
  });
}

/// copy_to_range() writes a box, as value_type, to an output iterator; returns its end.
template <class T, int N, class Out>
Out copy_to_range(const texture_section<T, N>& src, Out out) {
  src.storage->host_access(concurrency::access_type_read);
  const unsigned int bits = src.storage->bits();
  const unsigned int step = src.storage->texel_bytes();
  src.for_each_row([&](const unsigned char* row) {
    for (int i = 0; i < src.extent[N - 1]; ++i) *out++ = decode_texel<T>(row + i * step, bits);
  });
  return out;
}

}  // namespace ample::detail

namespace Concurrency::graphics {

/// copy(src, dest) copies a whole texture or view into another of the same extent, mipmap
/// levels and format.
template <ample::detail::texture_source Src, class Dst>
  requires ample::detail::texture_pair<Src, Dst>
void copy(const Src& src, Dst&& dest) {
  ample::detail::copy_levels(ample::detail::texture_access::levels(src), ample::detail::texture_access::levels(dest));
}

/// copy(src, src_offset, dest, dest_offset, copy_extent) copies the box of copy_extent at
/// src_offset to dest_offset; runtime_exception if either box leaves its texture.
///
///     copy(tiles, index<2>(0, 16), atlas, index<2>(32, 32), extent<2>(16, 16));
template <ample::detail::texture_source Src, class Dst>
  requires ample::detail::texture_pair<Src, Dst>
void copy(const Src& src, const ample::detail::texture_index_t<Src>& src_offset, Dst&& dest,
          const ample::detail::texture_index_t<Src>& dest_offset,
          const ample::detail::texture_extent_t<Src>& copy_extent) {
  using ample::detail::texture_access;
  const auto from = texture_access::levels(src);
  const auto to = texture_access::levels(dest);
  const auto src_box = ample::detail::checked_section(from, src_offset, copy_extent, "source");
  const auto dst_box = ample::detail::checked_section(to, dest_offset, copy_extent, "destination");
  ample::detail::require_same_format(from, to);
  ample::detail::copy_sections(src_box, dst_box);
}

/// copy(src, dst, dst_byte_size) writes the texels, in the stored format, to raw host memory of
/// at least src.get_data_length() bytes; runtime_exception naming both sizes otherwise.
template <ample::detail::texture_source Src>
void copy(const Src& src, void* dst, unsigned int dst_byte_size) {
  ample::detail::copy_to_bytes(ample::detail::whole_section(ample::detail::texture_access::levels(src), "source"),
                               dst, dst_byte_size);
}
/// copy(src, src_offset, copy_extent, dst, dst_byte_size) writes a section densely.
template <ample::detail::texture_source Src>
void copy(const Src& src, const ample::detail::texture_index_t<Src>& src_offset,
          const ample::detail::texture_extent_t<Src>& copy_extent, void* dst, unsigned int dst_byte_size) {
  const auto box =
      ample::detail::checked_section(ample::detail::texture_access::levels(src), src_offset, copy_extent, "source");
  ample::detail::copy_to_bytes(box, dst, dst_byte_size);
}

/// copy(src, src_byte_size, dest) reads the texels, in the stored format, from raw host memory.
template <ample::detail::texture_destination Dst>
void copy(const void* src, unsigned int src_byte_size, Dst&& dest) {
  ample::detail::copy_from_bytes(
      src, src_byte_size, ample::detail::whole_section(ample::detail::texture_access::levels(dest), "destination"));
}
/// copy(src, src_byte_size, dest, dest_offset, copy_extent) reads a section densely.
template <ample::detail::texture_destination Dst>
void copy(const void* src, unsigned int src_byte_size, Dst&& dest,
          const ample::detail::texture_index_t<Dst>& dest_offset,
          const ample::detail::texture_extent_t<Dst>& copy_extent) {
  const auto box = ample::detail::checked_section(ample::detail::texture_access::levels(dest), dest_offset,
                                                  copy_extent, "destination");
  ample::detail::copy_from_bytes(src, src_byte_size, box);
}

/// copy(first, last, dest) fills a texture from a host range of at least extent.size() texels.
/// One overload per destination type, each more specialised than std::copy(first, last, out),
/// which argument-dependent lookup finds beside it for standard iterators.
template <std::input_iterator It, class T, int N>
void copy(It first, It last, texture<T, N>& dest) {
  ample::detail::copy_from_range(
      first, last, ample::detail::whole_section(ample::detail::texture_access::levels(dest), "destination"));
}
template <std::input_iterator It, class T, int N>
  requires(!std::is_const_v<T>)
void copy(It first, It last, const texture_view<T, N>& dest) {
  ample::detail::copy_from_range(
      first, last, ample::detail::whole_section(ample::detail::texture_access::levels(dest), "destination"));
}
template <std::input_iterator It, class T, int N>
void copy(It first, It last, const writeonly_texture_view<T, N>& dest) {
  ample::detail::copy_from_range(
      first, last, ample::detail::whole_section(ample::detail::texture_access::levels(dest), "destination"));
}
/// copy(first, last, dest, dest_offset, copy_extent) fills a section, row-major.
template <std::input_iterator It, ample::detail::texture_destination Dst>
void copy(It first, It last, Dst&& dest, const ample::detail::texture_index_t<Dst>& dest_offset,
          const ample::detail::texture_extent_t<Dst>& copy_extent) {
  const auto box = ample::detail::checked_section(ample::detail::texture_access::levels(dest), dest_offset,
                                                  copy_extent, "destination");
  ample::detail::copy_from_range(first, last, box);
}

/// copy(src, out) writes every texel, in row-major order, to an output iterator.
template <ample::detail::texture_source Src, std::output_iterator<const ample::detail::texture_value_t<Src>&> Out>
void copy(const Src& src, Out out) {
  ample::detail::copy_to_range(ample::detail::whole_section(ample::detail::texture_access::levels(src), "source"),
                               out);
}
/// copy(src, src_offset, copy_extent, out) writes a section, row-major, to an output iterator.
template <ample::detail::texture_source Src, std::output_iterator<const ample::detail::texture_value_t<Src>&> Out>
void copy(const Src& src, const ample::detail::texture_index_t<Src>& src_offset,
          const ample::detail::texture_extent_t<Src>& copy_extent, Out out) {
  ample::detail::copy_to_range(
      ample::detail::checked_section(ample::detail::texture_access::levels(src), src_offset, copy_extent, "source"),
      out);
}

/// copy_async(...) performs copy(...) with the same arguments and returns a completed
/// completion_future.
template <class... Args>
  requires requires(Args&&... args) { graphics::copy(std::forward<Args>(args)...); }
completion_future copy_async(Args&&... args) {
  graphics::copy(std::forward<Args>(args)...);
  return ample::detail::ready_future();
}

template <class T, int N>
void texture<T, N>::copy_to(texture& dest) const {
  graphics::copy(*this, dest);
}
template <class T, int N>
void texture<T, N>::copy_to(const writeonly_texture_view<T, N>& dest) const {
  graphics::copy(*this, dest);
}

}  // namespace Concurrency::graphics
