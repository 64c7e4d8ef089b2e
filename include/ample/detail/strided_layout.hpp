// strided_layout<T,N>: where the elements of an array or array_view lie in memory.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>

#include "../config.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"

namespace ample::detail {

/// strided_layout describes N-dimensional elements at base + sum(idx[d] * stride[d]).
/// The innermost stride is always 1: sections keep rows contiguous, which lets copies move
/// whole rows and lets kernels vectorise along the last dimension.
template <class T, int N>
struct strided_layout {
  using element_type = T;

  T* base;
  concurrency::extent<N> shape;
  std::ptrdiff_t stride[N];

  /// row() returns the innermost row at outer coordinates idx[0..N-2].
  T* row(const int* idx) const noexcept {
    std::ptrdiff_t off = 0;
    for (int d = 0; d < N - 1; ++d) off += idx[d] * stride[d];
    return base + off;
  }
};

/// contiguous_layout() is the row-major layout of a dense block of `shape` at `base`.
template <class T, int N>
strided_layout<T, N> contiguous_layout(T* base, const concurrency::extent<N>& shape) {
  strided_layout<T, N> l{base, shape, {}};
  std::ptrdiff_t s = 1;
  for (int d = N - 1; d >= 0; --d) {
    l.stride[d] = s;
    s *= shape[d];
  }
  return l;
}

template <int N>
std::string format_extent(const concurrency::extent<N>& e) {
  int v[N];
  for (int i = 0; i < N; ++i) v[i] = e[i];
  return format_values(v, N);
}

/// require_same_extent() throws runtime_exception naming both extents when they differ.
template <int N>
void require_same_extent(const concurrency::extent<N>& src, const concurrency::extent<N>& dst,
                         const char* operation) {
  if (src == dst) return;
  AMPLE_THROW(concurrency::runtime_exception,
              std::string(operation) + ": source extent " + format_extent(src) +
                  " does not match destination extent " + format_extent(dst),
              concurrency::error_code::e_invalidarg);
}

/// for_each_outer() calls f(idx) for every combination of the outer N-1 coordinates of
/// `shape`, in row-major order; idx[N-1] is left 0.
template <int N, class F>
void for_each_outer(const concurrency::extent<N>& shape, F&& f) {
  if (shape.size() == 0) return;
  int idx[N] = {};
  for (;;) {
    f(static_cast<const int*>(idx));
    int d = N - 2;
    while (d >= 0 && ++idx[d] == shape[d]) idx[d--] = 0;
    if (d < 0) return;
  }
}

/// copy_layout() copies every element of `src` into `dst` (same shape), row by row.
template <class S, class D, int N>
void copy_layout(const strided_layout<S, N>& src, const strided_layout<D, N>& dst) {
  const int len = src.shape[N - 1];
  for_each_outer(src.shape, [&](const int* idx) { std::copy_n(src.row(idx), len, dst.row(idx)); });
}

}  // namespace ample::detail
