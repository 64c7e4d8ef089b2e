// copy() and copy_async() for textures (SPEC §10.6; MSREF concurrency::graphics namespace
// functions): between textures, from and to host iterators, and from and to raw host memory.
//
// A texture's texels are host memory on the CPU engine, so every copy is synchronous and
// copy_async() returns a completion_future that has already completed (as for arrays).
#pragma once

#include <algorithm>
#include <cstring>
#include <iterator>
#include <type_traits>
#include <utility>

#include "../completion_future.hpp"
#include "texture.hpp"
#include "texture_view.hpp"

namespace ample::detail {

/// is_texture_v<X> holds for texture<T, N>; output-iterator overloads exclude it.
template <class X>
inline constexpr bool is_texture_v = false;
template <class T, int N>
inline constexpr bool is_texture_v<concurrency::graphics::texture<T, N>> = true;

}  // namespace ample::detail

namespace concurrency::graphics {

/// copy(src, dest) copies a texture into another of the same extent.
template <class T, int N>
void copy(const texture<T, N>& src, texture<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const texture<T, N>& src, const writeonly_texture_view<T, N>& dest) {
  src.copy_to(dest);
}

/// copy(src, dst, dst_byte_size) writes the texels to raw host memory of at least
/// src.get_data_length() bytes; runtime_exception naming both sizes otherwise.
template <class T, int N>
void copy(const texture<T, N>& src, void* dst, unsigned int dst_byte_size) {
  ample::detail::require_byte_size("copy destination", dst_byte_size, src.get_data_length());
  std::memcpy(dst, src.data(), src.get_data_length());
}

/// copy(src, src_byte_size, dest) reads the texels from raw host memory.
template <class T, int N>
void copy(const void* src, unsigned int src_byte_size, texture<T, N>& dest) {
  ample::detail::require_byte_size("copy source", src_byte_size, dest.get_data_length());
  std::memcpy(dest.data(), src, dest.get_data_length());
}
template <class T, int N>
void copy(const void* src, unsigned int src_byte_size, const writeonly_texture_view<T, N>& dest) {
  const std::size_t needed = dest.extent.size() * sizeof(T);
  ample::detail::require_byte_size("copy source", src_byte_size, needed);
  std::memcpy(ample::detail::texture_access::data(dest), src, needed);
}

/// copy(first, last, dest) fills a texture from a host range of at least extent.size() texels.
template <std::input_iterator It, class T, int N>
void copy(It first, It last, texture<T, N>& dest) {
  texture<T, N> filled(dest.extent, first, last, dest.get_accelerator_view());
  filled.copy_to(dest);
}
template <std::input_iterator It, class T, int N>
void copy(It first, It last, const writeonly_texture_view<T, N>& dest) {
  T* out = ample::detail::texture_access::data(dest);
  const std::size_t n = dest.extent.size();
  std::size_t copied = 0;
  for (; first != last && copied < n; ++first, ++copied) out[copied] = static_cast<T>(*first);
  if (copied < n)
    AMPLE_THROW(runtime_exception,
                "source range holds " + std::to_string(copied) + " texels, but the view needs " + std::to_string(n),
                error_code::e_invalidarg);
}

/// copy(src, out) writes every texel, in row-major order, to an output iterator.
template <class T, int N, class Out>
  requires(!ample::detail::is_texture_v<std::remove_cvref_t<Out>> && !std::is_same_v<Out, void*>)
void copy(const texture<T, N>& src, Out out) {
  const T* p = static_cast<const T*>(src.data());
  std::copy_n(p, src.extent.size(), out);
}

/// copy_async() performs copy() and returns a completed completion_future.
template <class Src, class Dst>
  requires requires(const Src& s, Dst&& d) { graphics::copy(s, std::forward<Dst>(d)); }
completion_future copy_async(const Src& src, Dst&& dest) {
  graphics::copy(src, std::forward<Dst>(dest));
  return ample::detail::ready_future();
}
template <class T, int N>
completion_future copy_async(const texture<T, N>& src, void* dst, unsigned int dst_byte_size) {
  graphics::copy(src, dst, dst_byte_size);
  return ample::detail::ready_future();
}
template <class T, int N>
completion_future copy_async(const void* src, unsigned int src_byte_size, texture<T, N>& dest) {
  graphics::copy(src, src_byte_size, dest);
  return ample::detail::ready_future();
}
template <std::input_iterator It, class T, int N>
completion_future copy_async(It first, It last, texture<T, N>& dest) {
  graphics::copy(first, last, dest);
  return ample::detail::ready_future();
}

}  // namespace concurrency::graphics
