// The reference model the fuzz checks compare Ample against: coordinates as 64-bit integers
// and views as plain offsets into a flat block, walked with plain loops.
#pragma once

#include <amp.h>

#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <string>

namespace ample_fuzz {

/// values<N> holds N coordinates in 64 bits, wide enough that no model computation on ints
/// overflows.
template <int N>
using values = std::array<std::int64_t, N>;

/// values_of() reads an index, extent or tiled_extent into the model.
template <class C>
values<C::rank> values_of(const C& c) {
  values<C::rank> v{};
  for (int d = 0; d < C::rank; ++d) v[d] = c[d];
  return v;
}

/// make<C>(v) builds an index or extent from model values that fit in int.
template <class C>
C make(const values<C::rank>& v) {
  int raw[C::rank];
  for (int d = 0; d < C::rank; ++d) raw[d] = static_cast<int>(v[d]);
  return C(raw);
}

template <int N>
std::string text(const values<N>& v) {
  std::string s = "(";
  for (int d = 0; d < N; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
  return s + ")";
}

template <int N>
bool fits_int(const values<N>& v) {
  for (std::int64_t x : v)
    if (x < INT_MIN || x > INT_MAX) return false;
  return true;
}

/// points() is the number of points of an extent: 0 if a dimension is not positive, and
/// saturated at INT64_MAX, more than any real container holds.
template <int N>
std::int64_t points(const values<N>& e) {
  std::int64_t n = 1;
  for (std::int64_t x : e) {
    if (x <= 0) return 0;
    n = n > INT64_MAX / x ? INT64_MAX : n * x;
  }
  return n;
}

/// for_each_point(e, f) calls f(idx) for every index in extent e, in row-major order.
template <int N, class F>
void for_each_point(const values<N>& e, F&& f) {
  if (points<N>(e) == 0) return;
  values<N> idx{};
  for (;;) {
    f(static_cast<const values<N>&>(idx));
    int d = N - 1;
    while (d >= 0 && ++idx[d] == e[d]) idx[d--] = 0;
    if (d < 0) return;
  }
}

/// view_model<N> says where a view's elements lie in the flat block behind it: element idx
/// is at offset + sum(idx[d] * stride[d]).
template <int N>
struct view_model {
  values<N> extent;
  values<N> stride;
  std::int64_t offset;

  std::int64_t at(const values<N>& idx) const {
    std::int64_t at = offset;
    for (int d = 0; d < N; ++d) at += idx[d] * stride[d];
    return at;
  }
};

/// dense() is the model of a whole row-major block of extent e.
template <int N>
view_model<N> dense(const values<N>& e) {
  view_model<N> m{e, {}, 0};
  std::int64_t stride = 1;
  for (int d = N - 1; d >= 0; --d) {
    m.stride[d] = stride;
    stride *= e[d];
  }
  return m;
}

/// section_of() is the model of m.section(origin, ext), or nothing when C++ AMP makes it
/// invalid: a negative origin, an extent that is not positive (Microsoft refuses empty
/// sections), or a block reaching past m's extent.
template <int N>
std::optional<view_model<N>> section_of(const view_model<N>& m, const values<N>& origin, const values<N>& ext) {
  for (int d = 0; d < N; ++d)
    if (origin[d] < 0 || ext[d] <= 0 || origin[d] + ext[d] > m.extent[d]) return std::nullopt;
  return view_model<N>{ext, m.stride, m.at(origin)};
}

/// projection_of() is the model of m[i] for rank N > 1: row i of the first dimension.
template <int N>
view_model<N - 1> projection_of(const view_model<N>& m, std::int64_t i) {
  view_model<N - 1> p{{}, {}, m.offset + i * m.stride[0]};
  for (int d = 0; d < N - 1; ++d) {
    p.extent[d] = m.extent[d + 1];
    p.stride[d] = m.stride[d + 1];
  }
  return p;
}

}  // namespace ample_fuzz
