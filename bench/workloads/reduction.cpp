// reduction_i32_16M: the sum of 16M ints, the tiled reductions of the "C++ AMP" book (Gregory and
// Miller, the reduction chapter): a tile tree per pass with sequential addressing, the cascading
// one with a fixed number of tiles, and interleaved addressing; against a serial loop and memcpy.
#include <amp.h>

#include <numeric>
#include <vector>

#include "common.hpp"

using namespace concurrency;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

constexpr int N = 16 * 1024 * 1024;
constexpr int TILE = 512;
constexpr int CASCADE_TILES = 64;
// Two passes of TILE-wide tiles leave N / TILE / TILE partial sums for the host.
static_assert(N % (TILE * TILE) == 0);

// One pass of the textbook reduction: each tile sums its TILE elements of `a` into
// partial[tile], halving the active work-items each step; active ones read neighbouring words.
void reduce_sequential(const array_view<const int, 1>& a, const array_view<int, 1>& partial) {
  parallel_for_each(a.extent.tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    tile_static int t[TILE];
    const int local = t_idx.local[0];
    t[local] = a[t_idx.global];
    t_idx.barrier.wait();
    for (int s = TILE / 2; s > 0; s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (local == 0) partial[t_idx.tile] = t[0];
  });
}

// The book's first version: interleaved addressing, whose active work-items spread out and
// diverge (every other one, then every fourth...).
void reduce_interleaved(const array_view<const int, 1>& a, const array_view<int, 1>& partial) {
  parallel_for_each(a.extent.tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    tile_static int t[TILE];
    const int local = t_idx.local[0];
    t[local] = a[t_idx.global];
    t_idx.barrier.wait();
    for (int s = 1; s < TILE; s *= 2) {
      if (local % (2 * s) == 0) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (local == 0) partial[t_idx.tile] = t[0];
  });
}

// Cascading: a fixed CASCADE_TILES tiles, each work-item first summing a strided run of `a`
// (consecutive work-items read consecutive elements), then one tile tree; one pass in all.
void reduce_cascade(const array_view<const int, 1>& a, const array_view<int, 1>& partial) {
  const int size = a.extent[0];
  parallel_for_each(extent<1>(CASCADE_TILES * TILE).tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    tile_static int t[TILE];
    const int local = t_idx.local[0];
    int sum = 0;
    for (int i = t_idx.global[0]; i < size; i += CASCADE_TILES * TILE) sum += a[i];
    t[local] = sum;
    t_idx.barrier.wait();
    for (int s = TILE / 2; s > 0; s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (local == 0) partial[t_idx.tile] = t[0];
  });
}

// The host's share: the last partial sums.
int host_sum(const array_view<int, 1>& partial, const std::vector<int>& data) {
  partial.synchronize();
  return std::accumulate(data.begin(), data.end(), 0);
}

std::string sum_difference(int got, int want) {
  if (got == want) return {};
  return "sum is " + std::to_string(got) + ", expected " + std::to_string(want);
}

void reduction(const options& o, reporter& rep) {
  const std::string w = "reduction_i32_16M";
  const double bytes = double(N) * sizeof(int);  // read; memcpy also writes as many
  const auto make = [&](const char* impl, const timing& t) { return result{w, impl, t, "GB/s", gbps(bytes, t.median_s)}; };

  const std::vector<int> in = pattern<int>(N, 11);  // sums to at most 9 N, below 2^31
  int want = 0;
  record(rep, make("serial", measure(o, [&] { want = std::accumulate(in.begin(), in.end(), 0); })));

  std::vector<int> out(N);
  record(rep, make("memcpy", measure(o, [&] { copy_openmp(in.data(), out.data(), in.size()); })));

  // The views are made once, outside the timed runs, so that a run times the kernels.
  std::vector<int> tiles(N / TILE), rest(N / TILE / TILE), cascade(CASCADE_TILES);
  const array_view<const int, 1> a(N, in);
  const array_view<int, 1> p_tiles(int(tiles.size()), tiles), p_rest(int(rest.size()), rest),
      p_cascade(CASCADE_TILES, cascade);
  const auto run = [&](const char* impl, const std::function<int()>& sum) {
    int got = -1;
    const tiled_run t = measure_tiled(o, false, [&] { got = sum(); });
    result r = make(impl, t.time);
    r.path = t.path;
    record(rep, r, [&] { return sum_difference(got, want); });
  };
  const auto two_passes = [&](auto pass) {
    return [&, pass] {
      pass(a, p_tiles);
      pass(p_tiles, p_rest);
      return host_sum(p_rest, rest);
    };
  };
  run("ample_tiled", two_passes(reduce_sequential));
  run("ample_cascade", [&] {
    reduce_cascade(a, p_cascade);
    return host_sum(p_cascade, cascade);
  });
  run("ample_interleaved", two_passes(reduce_interleaved));
}

}  // namespace

workload reduction_workload() { return {"reduction_i32_16M", reduction}; }

}  // namespace bench
