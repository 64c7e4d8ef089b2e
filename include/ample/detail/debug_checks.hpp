// Bounds checks of element accesses, compiled only with AMPLE_ENABLE_DEBUG_CHECKS.
#pragma once

#include <string>

#include "../config.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "../index.hpp"
#include "direct3d_out_of_bounds.hpp"

namespace ample::detail {

/// debug_checks is true when AMPLE_ENABLE_DEBUG_CHECKS is defined (before <amp.h>, or for a
/// whole build by the CMake option of the same name). Then every element access through array
/// and array_view (operator[], operator(), get_ref, rank-1 subscript with an int, and the
/// projection operator[](int) of rank N > 1) checks its index against the extent and throws
/// runtime_exception naming both. Without the macro the checks are not compiled at all, and
/// the accessors stay noexcept.
///
/// The macro must be the same in every translation unit of a program: the accessors are inline
/// templates, and two definitions that differ break the one-definition rule.
#if defined(AMPLE_ENABLE_DEBUG_CHECKS)
inline constexpr bool debug_checks = true;
#else
inline constexpr bool debug_checks = false;
#endif

/// out_of_bounds() throws the runtime_exception of a failed bounds check, e.g.
/// "array_view: index (3, 7) is outside extent (3, 4)". Out of line and cold, so that a checked
/// accessor inlines as a compare and a branch; index and extent come by value, in registers,
/// so that the hot path does not have to store them to memory for the call it never makes.
template <int N>
[[noreturn]] [[gnu::cold]] [[gnu::noinline]] void out_of_bounds(const char* container, concurrency::index<N> idx,
                                                               concurrency::extent<N> ext) {
  int i[N], e[N];
  for (int d = 0; d < N; ++d) {
    i[d] = idx[d];
    e[d] = ext[d];
  }
  AMPLE_THROW(concurrency::runtime_exception,
              std::string(container) + ": index " + format_values(i, N) + " is outside extent " + format_values(e, N) +
                  " (AMPLE_ENABLE_DEBUG_CHECKS)",
              concurrency::error_code::e_invalidarg);
}

/// row_out_of_bounds() is out_of_bounds() for the int of a projection, a row of dimension 0:
/// "array_view: index (5) is outside extent (3) of dimension 0 of extent (3, 4)".
template <int N>
[[noreturn]] [[gnu::cold]] [[gnu::noinline]] void row_out_of_bounds(const char* container, int row,
                                                                   concurrency::extent<N> ext) {
  int e[N];
  for (int d = 0; d < N; ++d) e[d] = ext[d];
  AMPLE_THROW(concurrency::runtime_exception,
              std::string(container) + ": index (" + std::to_string(row) + ") is outside extent (" +
                  std::to_string(e[0]) + ") of dimension 0 of extent " + format_values(e, N) +
                  " (AMPLE_ENABLE_DEBUG_CHECKS)",
              concurrency::error_code::e_invalidarg);
}

/// check_index() throws out_of_bounds() unless 0 <= idx[d] < ext[d] in every dimension. It
/// compiles to nothing without AMPLE_ENABLE_DEBUG_CHECKS.
template <int N>
AMPLE_IMPL_ALWAYS_INLINE void check_index(const char* container, const concurrency::index<N>& idx,
                                          const concurrency::extent<N>& ext) noexcept(!debug_checks) {
  if constexpr (debug_checks) {
    if (AMPLE_IMPL_UNLIKELY(!within(idx, ext))) out_of_bounds(container, idx, ext);
  }
}

/// check_row() checks the int of a projection operator[](int) against dimension 0 of `ext`,
/// and, for rank 1, the int subscript that is an element access. Nothing without the macro.
template <int N>
AMPLE_IMPL_ALWAYS_INLINE void check_row(const char* container, int row, const concurrency::extent<N>& ext) noexcept(
    !debug_checks) {
  if constexpr (debug_checks) {
    if (AMPLE_IMPL_UNLIKELY(static_cast<unsigned>(row) >= static_cast<unsigned>(ext[0]))) {
      if constexpr (N == 1) out_of_bounds(container, concurrency::index<1>(row), ext);
      else row_out_of_bounds(container, row, ext);
    }
  }
}

}  // namespace ample::detail
