// check_tiled_extent(): tiled_extent construction, tile shape, pad(), truncate(), the tile
// counts they imply and comparisons, against rounding on 64-bit integers.
#pragma once

#include <amp.h>

#include <climits>
#include <cstdint>
#include <string>

#include "../fuzz_input.hpp"
#include "../reference_model.hpp"

namespace ample_fuzz {
namespace tiled_extent_detail {

template <int N>
std::string describe(const values<N>& e, const values<N>& tile) {
  return "extent " + text<N>(e) + " tiled by " + text<N>(tile);
}

template <class T>
void expect_values(const T& t, const values<T::rank>& expected, const std::string& what) {
  if (values_of(t) != expected)
    fail(what + " gave " + text<T::rank>(values_of(t)) + ", expected " + text<T::rank>(expected));
}

/// check_tile<D0, D1, D2>() checks one extent, decoded from `in`, under one tile shape.
template <int D0, int D1, int D2>
void check_tile(input& in) {
  using tiled = concurrency::tiled_extent<D0, D1, D2>;
  constexpr int N = tiled::rank;
  const values<N> tile = values_of(tiled::tile_extent);
  values<N> me;
  for (auto& v : me) v = in.flag() ? in.in_range(0, 70) : in.any_int();
  const std::string what = describe<N>(me, tile);

  const auto e = make<concurrency::extent<N>>(me);
  const tiled t = in.flag() ? tiled(e) : [&] {
    if constexpr (N == 1) return e.template tile<D0>();
    else if constexpr (N == 2) return e.template tile<D0, D1>();
    else return e.template tile<D0, D1, D2>();
  }();
  expect_values(t, me, what + ": the tiled extent");
  expect_values(t.get_tile_extent(), tile, what + ": get_tile_extent()");
  const int dims[] = {tiled::tile_dim0, tiled::tile_dim1, tiled::tile_dim2};
  for (int d = 0; d < N; ++d)
    if (dims[d] != tile[d]) fail(what + ": tile_dim" + std::to_string(d) + " is " + std::to_string(dims[d]));

  // Rounding is defined for dimensions >= 0, and pad() only where the rounded-up extent still
  // fits in int: past that there is no int to return (C++ AMP leaves it undefined).
  values<N> up, down, tiles_up, tiles_down;
  bool defined = true, pad_fits = true;
  for (int d = 0; d < N; ++d) {
    defined = defined && me[d] >= 0;
    tiles_up[d] = (me[d] + tile[d] - 1) / tile[d];
    tiles_down[d] = me[d] / tile[d];
    up[d] = tiles_up[d] * tile[d];
    down[d] = tiles_down[d] * tile[d];
    pad_fits = pad_fits && up[d] <= INT_MAX;
  }
  if (!defined) return;
  const tiled truncated = t.truncate();
  expect_values(truncated, down, what + ": truncate()");
  expect_values(truncated.truncate(), down, what + ": truncate().truncate()");
  expect_values(truncated / tiled::tile_extent, tiles_down, what + ": tiles of truncate()");
  if (pad_fits) {
    const tiled padded = t.pad();
    expect_values(padded, up, what + ": pad()");
    expect_values(padded.pad(), up, what + ": pad().pad()");
    expect_values(padded / tiled::tile_extent, tiles_up, what + ": tiles of pad()");
    if ((padded == t) != (up == me) || (padded != t) == (up == me))
      fail(what + ": pad() == the extent should be " + (up == me ? "true" : "false"));
  }
  if ((truncated == t) != (down == me))
    fail(what + ": truncate() == the extent should be " + (down == me ? "true" : "false"));
}

/// Tile shapes cover a single work-item, primes, powers of two and the 1024 limit (tiles over
/// the limits do not compile: tiled_extent static_asserts them).
template <int Rank>
void check_some_tile(input& in) {
  const int shape = in.byte() % 5;
  if constexpr (Rank == 1) {
    switch (shape) {
      case 0: return check_tile<1, 0, 0>(in);
      case 1: return check_tile<3, 0, 0>(in);
      case 2: return check_tile<16, 0, 0>(in);
      case 3: return check_tile<1024, 0, 0>(in);
      default: return check_tile<512, 0, 0>(in);
    }
  } else if constexpr (Rank == 2) {
    switch (shape) {
      case 0: return check_tile<1, 1, 0>(in);
      case 1: return check_tile<2, 3, 0>(in);
      case 2: return check_tile<16, 16, 0>(in);
      case 3: return check_tile<7, 64, 0>(in);
      default: return check_tile<32, 32, 0>(in);
    }
  } else {
    switch (shape) {
      case 0: return check_tile<1, 1, 1>(in);
      case 1: return check_tile<2, 3, 5>(in);
      case 2: return check_tile<4, 4, 4>(in);
      case 3: return check_tile<64, 1, 16>(in);
      default: return check_tile<4, 16, 16>(in);
    }
  }
}

}  // namespace tiled_extent_detail

/// check_tiled_extent() checks a sequence of decoded (rank, tile shape, extent) triples.
inline void check_tiled_extent(const std::uint8_t* data, std::size_t size) {
  input in(data, size);
  for (int i = 0; i < 16 && !in.empty(); ++i)
    with_rank(in.byte() % 3 + 1,
              [&](auto rank) { tiled_extent_detail::check_some_tile<decltype(rank)::value>(in); });
}

}  // namespace ample_fuzz
