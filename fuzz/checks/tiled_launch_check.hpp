// check_tiled_launch(): tiled parallel_for_each over a decoded extent, taken as it is, padded
// or truncated to the tile. A domain C++ AMP rejects (as Visual C++, also more than 65535 tiles
// along a dimension) must throw invalid_compute_domain before any work-item runs. Any other
// runs every work-item once, in the tile the model computes, with the model's tiled_index
// (global, local, tile, tile_origin), and its tile_barrier orders the writes of the tile's
// work-items.
#pragma once

#include <amp.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../fuzz_input.hpp"
#include "../reference_model.hpp"

namespace ample_fuzz {
namespace tiled_launch_detail {

inline constexpr int max_points = 4096;  ///< most work-items per launch, to keep inputs fast

/// tiled_item is what a work-item writes: its tiled_index, how many times it ran, and the
/// count of its tile's first work-item as seen after the barrier.
struct tiled_item {
  int global[3], local[3], tile[3], origin[3];
  int count;
  int first_count_after_barrier;
};

template <int D0, int D1, int D2>
void check_tiles(input& in) {
  using tiled = concurrency::tiled_extent<D0, D1, D2>;
  using tiled_index = concurrency::tiled_index<D0, D1, D2>;
  constexpr int N = tiled::rank;
  const values<N> tile = values_of(tiled::tile_extent);
  values<N> e, domain;
  for (auto& v : e) v = in.in_range(-1, 24);
  const int rounding = std::all_of(e.begin(), e.end(), [](auto v) { return v >= 0; }) ? in.byte() % 3 : 0;
  tiled t(make<concurrency::extent<N>>(e));
  if (rounding == 1) t = t.pad();
  if (rounding == 2) t = t.truncate();
  bool valid = points<N>(tile) <= 1024;
  for (int d = 0; d < N; ++d) {
    domain[d] = rounding == 1 ? (e[d] + tile[d] - 1) / tile[d] * tile[d] : rounding == 2 ? e[d] / tile[d] * tile[d] : e[d];
    valid = valid && domain[d] > 0 && domain[d] % tile[d] == 0 && domain[d] / tile[d] <= 65535;
  }
  const bool serial = in.flag();
  const std::string what = "tiled parallel_for_each over " + text<N>(e) +
                           (rounding == 1 ? ".pad()" : rounding == 2 ? ".truncate()" : "") + " in tiles " +
                           text<N>(tile) + (serial ? " on REF" : "");
  if (values_of(t) != domain) fail(what + ": the domain is " + text<N>(values_of(t)) + ", expected " + text<N>(domain));
  const auto launch = [&](const auto& kernel) {
    if (!serial) return concurrency::parallel_for_each(t, kernel);
    const concurrency::accelerator ref(concurrency::accelerator::direct3d_ref);
    concurrency::parallel_for_each(ref.default_view, t, kernel);
  };

  if (!valid) {
    bool ran = false;
    expect_throw<concurrency::invalid_compute_domain>("invalid_compute_domain", what, [&] {
      launch([&](tiled_index) restrict(amp) { ran = true; });
    });
    if (ran) fail(what + ": a work-item of the rejected domain ran");
    return;
  }
  if (points<N>(domain) > max_points) return;

  std::vector<tiled_item> block(points<N>(domain), tiled_item{});
  const concurrency::array_view<tiled_item, N> out(make<concurrency::extent<N>>(domain), block);
  launch([=](tiled_index ti) restrict(amp) {
    tiled_item& it = out[ti.global];
    for (int d = 0; d < N; ++d) {
      it.global[d] = ti.global[d];
      it.local[d] = ti.local[d];
      it.tile[d] = ti.tile[d];
      it.origin[d] = ti.tile_origin[d];
    }
    it.count += 1;
    ti.barrier.wait();
    it.first_count_after_barrier = out[ti.tile_origin].count;
  });
  out.synchronize();  // on REF the results reach the block here

  const view_model<N> m = dense<N>(domain);
  for_each_point<N>(domain, [&](const values<N>& p) {
    const tiled_item& it = block[m.at(p)];
    const std::string item = what + ": work-item " + text<N>(p);
    if (it.count != 1) fail(item + " ran " + std::to_string(it.count) + " times");
    for (int d = 0; d < N; ++d) {
      const std::int64_t local = p[d] % tile[d];
      if (it.global[d] != p[d] || it.local[d] != local || it.tile[d] != p[d] / tile[d] || it.origin[d] != p[d] - local)
        fail(item + " has a tiled_index other than the model's in dimension " + std::to_string(d));
    }
    if (it.first_count_after_barrier != 1) fail(item + " passed the barrier before its tile's first work-item ran");
  });
}

/// Per rank: tiles of one work-item, of sizes that divide few extents, of exactly 1024
/// work-items (C++ AMP's limit; larger tiles do not compile) and of 64. Few large shapes: in
/// the TSan build every work-item is a fiber, and the replay runs 1000 inputs in CTest.
template <int N>
void check_some_tile(input& in) {
  const int shape = in.byte() % 4;
  if constexpr (N == 1) {
    if (shape == 0) return check_tiles<1, 0, 0>(in);
    if (shape == 1) return check_tiles<7, 0, 0>(in);
    if (shape == 2) return check_tiles<1024, 0, 0>(in);
    return check_tiles<64, 0, 0>(in);
  } else if constexpr (N == 2) {
    if (shape == 0) return check_tiles<1, 1, 0>(in);
    if (shape == 1) return check_tiles<3, 5, 0>(in);
    if (shape == 2) return check_tiles<32, 32, 0>(in);
    return check_tiles<8, 8, 0>(in);
  } else {
    if (shape == 0) return check_tiles<2, 2, 2>(in);
    if (shape == 1) return check_tiles<1, 3, 4>(in);
    if (shape == 2) return check_tiles<4, 16, 16>(in);
    return check_tiles<2, 4, 8>(in);
  }
}

}  // namespace tiled_launch_detail

/// check_tiled_launch() checks a few decoded tiled launches.
inline void check_tiled_launch(const std::uint8_t* data, std::size_t size) {
  input in(data, size);
  for (int i = 0; i < 4 && !in.empty(); ++i)
    with_rank(in.byte() % 3 + 1,
              [&](auto rank) { tiled_launch_detail::check_some_tile<decltype(rank)::value>(in); });
}

}  // namespace ample_fuzz
