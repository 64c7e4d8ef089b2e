// Tiled kernels whose work-items each run a loop of their own between barriers: the shapes the
// pass runs in lockstep (compiler/src/LockstepInnerLoops.cpp: one iteration of every work-item
// of a row per round) and the ones it leaves alone. Each result is checked against the host;
// like every tiled test, these run compiled and on fibers.
#include <algorithm>
#include <numeric>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

class LockstepTest : public WorkerCountTest {};

constexpr int TILE = 128;
constexpr int TILES = 8;
constexpr int STRIDE = TILE * TILES;

std::vector<int> values(int n) {
  std::vector<int> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = (i * 37 + 11) % 101 - 50;
  return v;
}

/// cascade() sums a strided run per work-item, then the tile's sums in tile_static: a cascading
/// reduction. Work-items past the end (n < STRIDE) never enter their loop.
int cascade(const std::vector<int>& in) {
  const int n = static_cast<int>(in.size());
  std::vector<int> partial(TILES);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> p(TILES, partial);
  parallel_for_each(extent<1>(STRIDE).tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    tile_static int t[TILE];
    const int local = t_idx.local[0];
    int sum = 0;
    for (int i = t_idx.global[0]; i < n; i += STRIDE) sum += a[i];
    t[local] = sum;
    t_idx.barrier.wait();
    for (int s = TILE / 2; s > 0; s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (local == 0) p[t_idx.tile] = t[0];
  });
  p.synchronize();
  return std::accumulate(partial.begin(), partial.end(), 0);
}

TEST_P(LockstepTest, CascadingSumsAreExactForEverySize) {
  for (int n : {0, 1, STRIDE - 1, STRIDE, STRIDE + 1, 5 * STRIDE + 77, 40 * STRIDE}) {
    const std::vector<int> in = values(n);
    EXPECT_EQ(cascade(in), std::accumulate(in.begin(), in.end(), 0)) << "n = " << n;
  }
}

// Several values carried by the loop (a sum, a maximum, a count), one made before it and used
// after it, and a loop that ends early for some work-items (the first negative multiple of 7).
TEST_P(LockstepTest, CarriedValuesEarlyExitsAndValuesFromBeforeTheLoop) {
  const int n = 13 * STRIDE + 5;
  const std::vector<int> in = values(n);
  std::vector<int> sums(STRIDE), maxima(STRIDE), counts(STRIDE), stops(STRIDE);
  array_view<const int, 1> a(n, in);
  array_view<int, 1> s(STRIDE, sums), m(STRIDE, maxima), c(STRIDE, counts), f(STRIDE, stops);
  parallel_for_each(extent<1>(STRIDE).tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    const int g = t_idx.global[0];
    const int scale = t_idx.local[0] % 5 + 1;
    int sum = 0, most = -1000, seen = 0, stop = -1;
    for (int i = g; i < n; i += STRIDE) {
      const int v = a[i];
      if (v < 0 && v % 7 == 0) {
        stop = i;
        break;
      }
      sum += v;
      most = v > most ? v : most;
      ++seen;
    }
    t_idx.barrier.wait();
    s[g] = sum * scale;
    m[g] = most;
    c[g] = seen;
    f[g] = stop;
  });
  s.synchronize();
  m.synchronize();
  c.synchronize();
  f.synchronize();
  for (int g = 0; g < STRIDE; ++g) {
    int sum = 0, most = -1000, seen = 0, stop = -1;
    for (int i = g; i < n; i += STRIDE) {
      const int v = in[static_cast<std::size_t>(i)];
      if (v < 0 && v % 7 == 0) {
        stop = i;
        break;
      }
      sum += v;
      most = std::max(v, most);
      ++seen;
    }
    const auto at = static_cast<std::size_t>(g);
    ASSERT_EQ(sums[at], sum * (g % TILE % 5 + 1)) << "work-item " << g;
    ASSERT_EQ(maxima[at], most) << "work-item " << g;
    ASSERT_EQ(counts[at], seen) << "work-item " << g;
    ASSERT_EQ(stops[at], stop) << "work-item " << g;
  }
}

// Trip counts that differ widely between neighbours (work-item w runs w % 9 * 3 iterations),
// a loop that stores, and a 2-D tile whose rows are the lockstep rows.
TEST_P(LockstepTest, UnequalTripCountsStoresAndTwoDimensionalTiles) {
  constexpr int ROWS = 32, COLS = 64, DEPTH = 30;
  std::vector<int> out(static_cast<std::size_t>(ROWS * COLS * DEPTH), -1);
  array_view<int, 1> o(ROWS * COLS * DEPTH, out);
  parallel_for_each(extent<2>(ROWS, COLS).tile<8, 16>(), [=](tiled_index<8, 16> t_idx) restrict(amp) {
    const int r = t_idx.global[0], col = t_idx.global[1];
    const int item = r * COLS + col;
    const int trips = item % 9 * 3;
    tile_static int first[8][16];
    first[t_idx.local[0]][t_idx.local[1]] = item;
    t_idx.barrier.wait();
    for (int k = 0; k < trips; ++k) o[k * ROWS * COLS + item] = k + first[t_idx.local[0]][t_idx.local[1]];
  });
  o.synchronize();
  for (int k = 0; k < DEPTH; ++k)
    for (int item = 0; item < ROWS * COLS; ++item) {
      const int want = k < item % 9 * 3 ? k + item : -1;
      ASSERT_EQ(out[static_cast<std::size_t>(k * ROWS * COLS + item)], want) << "k " << k << ", work-item " << item;
    }
}

// A loop along each work-item's own row (contiguous along the loop, not across work-items)
// stays a loop per work-item; its result must be the same either way.
TEST_P(LockstepTest, RowWiseLoopsPerWorkItem) {
  constexpr int N = 256, WIDTH = 300;
  const std::vector<int> in = values(N * WIDTH);
  std::vector<int> out(N);
  array_view<const int, 2> a(N, WIDTH, in);
  array_view<int, 1> o(N, out);
  parallel_for_each(extent<1>(N).tile<64>(), [=](tiled_index<64> t_idx) restrict(amp) {
    const int row = t_idx.global[0];
    int sum = 0;
    for (int k = 0; k < WIDTH - row % 3; ++k) sum += a(row, k);
    t_idx.barrier.wait();
    o[row] = sum;
  });
  o.synchronize();
  for (int row = 0; row < N; ++row) {
    const auto begin = in.begin() + row * WIDTH;
    EXPECT_EQ(out[static_cast<std::size_t>(row)], std::accumulate(begin, begin + (WIDTH - row % 3), 0)) << "row " << row;
  }
}

AMPLE_INSTANTIATE_WORKER_TESTS(LockstepTest);

}  // namespace
