// Algorithms in the shapes of Microsoft's C++ AMP samples and of the C++ AMP book, as users
// port them: a recursive tiled scan through a barrier helper templated on the tile, binomial
// options with a barrier pair in a loop of 255 steps, a conjugate-gradient solve over a CSR
// matrix held in a class of arrays, a separable convolution with tile_static halos, and
// Floyd-Warshall over an array in the accelerator's memory. Each is checked against a serial
// reference, on every accelerator the suite runs on (compiled and on fibers, REF, a GPU).
#include <amp_math.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

class SampleAlgorithmTest : public WorkerCountTest {};

// The work-efficient (Blelloch) exclusive scan of one tile's values in tile_static memory: an
// up-sweep and a down-sweep, every step behind a barrier of the whole tile.
template <int Tile>
void scan_tile(const tiled_index<Tile>& t, int (&values)[Tile]) restrict(amp) {
  const int local = t.local[0];
  for (int stride = 1; stride < Tile; stride *= 2) {
    t.barrier.wait();
    const int at = (local + 1) * stride * 2 - 1;
    if (at < Tile) values[at] += values[at - stride];
  }
  if (local == 0) values[Tile - 1] = 0;
  for (int stride = Tile / 2; stride > 0; stride /= 2) {
    t.barrier.wait();
    const int at = (local + 1) * stride * 2 - 1;
    if (at < Tile) {
      const int left = values[at - stride];
      values[at - stride] = values[at];
      values[at] += left;
    }
  }
  t.barrier.wait();
}

// Scans each tile, scans the tiles' totals by recursion, and adds them back: launches within
// launches' results, with arrays made per level and captured by reference.
template <int Tile>
void exclusive_scan(array_view<const int, 1> in, array_view<int, 1> out) {
  const int n = in.extent[0];
  const int tiles = (n + Tile - 1) / Tile;
  array<int, 1> totals(tiles);
  parallel_for_each(in.extent.tile<Tile>().pad(), [=, &totals](tiled_index<Tile> t) restrict(amp) {
    tile_static int values[Tile];
    const int global = t.global[0];
    const int value = global < n ? in[global] : 0;
    values[t.local[0]] = value;
    scan_tile<Tile>(t, values);
    if (global < n) out[global] = values[t.local[0]];
    if (t.local[0] == Tile - 1) totals[t.tile[0]] = values[Tile - 1] + value;
  });
  if (tiles == 1) return;
  array<int, 1> offsets(tiles);
  exclusive_scan<Tile>(array_view<const int, 1>(totals), array_view<int, 1>(offsets));
  parallel_for_each(out.extent, [=, &offsets](index<1> i) restrict(amp) { out[i] += offsets[i[0] / Tile]; });
}

TEST_P(SampleAlgorithmTest, RecursiveTiledScanMatchesTheSerialScan) {
  for (int n : {1, 255, 256, 1000, 65536 + 7}) {
    std::vector<int> data(n), got(n), want(n);
    for (int i = 0; i < n; ++i) data[i] = (i * 7919) % 13 - 6;
    std::exclusive_scan(data.begin(), data.end(), want.begin(), 0);
    array_view<const int, 1> in(n, data);
    array_view<int, 1> out(n, got);
    out.discard_data();
    exclusive_scan<256>(in, out);
    out.synchronize();
    for (int i = 0; i < n; ++i) ASSERT_EQ(got[i], want[i]) << "n " << n << ", element " << i;
  }
}

constexpr int binomial_steps = 255;

// The price of a European call by the binomial tree, on the host, as the sample's reference.
float binomial_call_reference(float spot, float strike, float years, float rate, float volatility) {
  const float dt = years / binomial_steps, vdt = volatility * std::sqrt(dt), rdt = rate * dt;
  const float up = std::exp(vdt), down = 1 / up, p_up = (std::exp(rdt) - down) / (up - down), p_down = 1 - p_up;
  const float discount = std::exp(-rdt);
  std::vector<float> value(binomial_steps + 1);
  for (int i = 0; i <= binomial_steps; ++i)
    value[i] = std::fmax(spot * std::exp(vdt * float(2 * i - binomial_steps)) - strike, 0.0f);
  for (int k = binomial_steps; k > 0; --k)
    for (int i = 0; i < k; ++i) value[i] = discount * (p_up * value[i + 1] + p_down * value[i]);
  return value[0];
}

TEST_P(SampleAlgorithmTest, BinomialOptionsWalkTheirTreeBackInTileStaticMemory) {
  constexpr int tile = 256, options = 24;
  constexpr float rate = 0.06f, volatility = 0.3f;
  std::vector<float> spots(options), strikes(options), years(options), prices(options);
  for (int i = 0; i < options; ++i) {
    spots[i] = float(20 + i % 17);
    strikes[i] = float(25 + i % 7);
    years[i] = 0.5f + float(i % 5) * 0.5f;
  }
  array_view<const float, 1> spot(options, spots), strike(options, strikes), term(options, years);
  array_view<float, 1> price(options, prices);
  price.discard_data();
  // One tile per option, as the sample: each thread holds one node of the tree's last level.
  parallel_for_each(extent<1>(options * tile).tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    using namespace concurrency::fast_math;
    tile_static float value[binomial_steps + 1];
    const int option = t.tile[0], i = t.local[0];
    const float dt = term[option] / binomial_steps, vdt = volatility * sqrt(dt), rdt = rate * dt;
    const float up = exp(vdt), down = 1 / up, p_up = (exp(rdt) - down) / (up - down), p_down = 1 - p_up;
    const float discount = exp(-rdt);
    if (i <= binomial_steps) value[i] = fmax(spot[option] * exp(vdt * float(2 * i - binomial_steps)) - strike[option], 0.0f);
    t.barrier.wait();
    for (int k = binomial_steps; k > 0; --k) {
      float earlier = 0;
      if (i < k) earlier = discount * (p_up * value[i + 1] + p_down * value[i]);
      t.barrier.wait();
      if (i < k) value[i] = earlier;
      t.barrier.wait();
    }
    if (i == 0) price[option] = value[0];
  });
  price.synchronize();
  for (int i = 0; i < options; ++i) {
    // fast_math's functions are approximations on a GPU.
    const float want = binomial_call_reference(spots[i], strikes[i], years[i], rate, volatility);
    ASSERT_NEAR(prices[i], want, 1e-3f * (1 + want)) << "option " << i;
  }
}

// A CSR matrix whose parts are arrays, as a user's class would hold them.
struct csr_matrix {
  array<int, 1> row_start, column;
  array<float, 1> value;
  csr_matrix(const std::vector<int>& starts, const std::vector<int>& columns, const std::vector<float>& values)
      : row_start(int(starts.size()), starts.begin()),
        column(int(columns.size()), columns.begin()),
        value(int(values.size()), values.begin()) {}
};

// y = m x. Kernels may not capture `m` (a reference to a class holding arrays), so its arrays
// are captured through references of their own.
void multiply(const csr_matrix& m, array_view<const float, 1> x, array_view<float, 1> y) {
  const array<int, 1>& row_start = m.row_start;
  const array<int, 1>& column = m.column;
  const array<float, 1>& value = m.value;
  y.discard_data();
  parallel_for_each(y.extent, [=, &row_start, &column, &value](index<1> row) restrict(amp) {
    float sum = 0;
    for (int k = row_start[row[0]]; k < row_start[row[0] + 1]; ++k) sum += value[k] * x[column[k]];
    y[row] = sum;
  });
}

struct plus {
  float operator()(float a, float b) const restrict(amp, cpu) { return a + b; }
};

// A tiled tree reduction with the operation as a template argument; the host adds the tiles'
// results.
template <int Tile, typename Operation>
float reduce(array_view<const float, 1> in, Operation operation) {
  const int n = in.extent[0];
  std::vector<float> partial((n + Tile - 1) / Tile);
  array_view<float, 1> tile_results(int(partial.size()), partial);
  tile_results.discard_data();
  parallel_for_each(in.extent.tile<Tile>().pad(), [=](tiled_index<Tile> t) restrict(amp) {
    tile_static float sums[Tile];
    sums[t.local[0]] = t.global[0] < n ? in[t.global] : 0.0f;
    t.barrier.wait();
    for (int stride = Tile / 2; stride > 0; stride /= 2) {
      if (t.local[0] < stride) sums[t.local[0]] = operation(sums[t.local[0]], sums[t.local[0] + stride]);
      t.barrier.wait();
    }
    if (t.local[0] == 0) tile_results[t.tile] = sums[0];
  });
  tile_results.synchronize();
  float result = 0;
  for (float p : partial) result = operation(result, p);
  return result;
}

float dot(array_view<const float, 1> a, array_view<const float, 1> b) {
  array<float, 1> products(a.extent);
  parallel_for_each(a.extent, [=, &products](index<1> i) restrict(amp) {
    auto times = [](auto u, auto v) restrict(amp) { return u * v; };  // a generic lambda in a kernel
    products[i] = times(a[i], b[i]);
  });
  return reduce<128>(array_view<const float, 1>(products), plus());
}

TEST_P(SampleAlgorithmTest, ConjugateGradientSolvesACsrSystem) {
  // A diagonally dominant tridiagonal matrix: 2.5 on the diagonal, -1 beside it.
  constexpr int n = 500;
  std::vector<int> starts{0}, columns;
  std::vector<float> values;
  for (int r = 0; r < n; ++r) {
    for (int c = r - 1; c <= r + 1; ++c)
      if (c >= 0 && c < n) {
        columns.push_back(c);
        values.push_back(c == r ? 2.5f : -1.0f);
      }
    starts.push_back(int(columns.size()));
  }
  const csr_matrix m(starts, columns, values);
  std::vector<float> x(n, 0.0f), residual(n, 1.0f), direction(n, 1.0f), product(n);
  array_view<float, 1> xv(n, x), rv(n, residual), pv(n, direction), mp(n, product);
  float rr = dot(rv, rv);
  for (int iteration = 0; iteration < 100 && rr > 1e-10f; ++iteration) {
    multiply(m, pv, mp);
    const float alpha = rr / dot(pv, mp);
    parallel_for_each(xv.extent, [=](index<1> i) restrict(amp) {
      xv[i] += alpha * pv[i];
      rv[i] -= alpha * mp[i];
    });
    const float rr_next = dot(rv, rv);
    const float beta = rr_next / rr;
    rr = rr_next;
    parallel_for_each(pv.extent, [=](index<1> i) restrict(amp) { pv[i] = rv[i] + beta * pv[i]; });
  }
  xv.synchronize();
  for (int r = 0; r < n; ++r) {
    const double mx = 2.5 * x[r] - (r > 0 ? x[r - 1] : 0.0f) - (r + 1 < n ? x[r + 1] : 0.0f);
    ASSERT_NEAR(mx, 1.0, 1e-4) << "row " << r;
  }
}

// Rows, then columns, each tile loading its block and a halo of Radius elements on each side
// into tile_static memory; outside the image the nearest edge element is read.
template <int Radius, int Tile>
void convolve_rows(array_view<const float, 2> in, array_view<float, 2> out, array_view<const float, 1> weights) {
  const int rows = in.extent[0], columns = in.extent[1];
  out.discard_data();
  parallel_for_each(out.extent.tile<1, Tile>().pad(), [=](tiled_index<1, Tile> t) restrict(amp) {
    tile_static float line[Tile + 2 * Radius];
    const int r = t.global[0], c = t.global[1], l = t.local[1];
    auto read = [=](int column) restrict(amp) {
      return in(r < rows ? r : rows - 1, column < 0 ? 0 : (column >= columns ? columns - 1 : column));
    };
    line[l + Radius] = read(c);
    if (l < Radius) {
      line[l] = read(c - Radius);
      line[l + Tile + Radius] = read(c + Tile);
    }
    t.barrier.wait_with_tile_static_memory_fence();
    if (r < rows && c < columns) {
      float sum = 0;
      for (int k = -Radius; k <= Radius; ++k) sum += weights[k + Radius] * line[l + Radius + k];
      out(r, c) = sum;
    }
  });
}

template <int Radius, int Tile>
void convolve_columns(array_view<const float, 2> in, array_view<float, 2> out, array_view<const float, 1> weights) {
  const int rows = in.extent[0], columns = in.extent[1];
  out.discard_data();
  parallel_for_each(out.extent.tile<Tile, 16>().pad(), [=](tiled_index<Tile, 16> t) restrict(amp) {
    tile_static float block[Tile + 2 * Radius][16];
    const int r = t.global[0], l = t.local[0], lc = t.local[1];
    const int c = t.global[1] < columns ? t.global[1] : columns - 1;
    auto row = [=](int rr) restrict(amp) { return rr < 0 ? 0 : (rr >= rows ? rows - 1 : rr); };
    block[l + Radius][lc] = in(row(r), c);
    if (l < Radius) {
      block[l][lc] = in(row(r - Radius), c);
      block[l + Tile + Radius][lc] = in(row(r + Tile), c);
    }
    t.barrier.wait();
    if (in.extent.contains(t.global)) {
      float sum = 0;
      for (int k = -Radius; k <= Radius; ++k) sum += weights[k + Radius] * block[l + Radius + k][lc];
      out[t.global] = sum;
    }
  });
}

TEST_P(SampleAlgorithmTest, SeparableConvolutionWithTileStaticHalos) {
  constexpr int rows = 133, columns = 217, radius = 4;
  std::vector<float> image(rows * columns), between(rows * columns), result(rows * columns), weights(2 * radius + 1);
  for (int i = 0; i < rows * columns; ++i) image[i] = float((i * 37) % 101) / 100.0f;
  for (int k = -radius; k <= radius; ++k) weights[k + radius] = float(radius + 1 - std::abs(k)) / 25.0f;
  array_view<const float, 2> in(rows, columns, image);
  array_view<float, 2> middle(rows, columns, between), out(rows, columns, result);
  array_view<const float, 1> w(2 * radius + 1, weights);
  convolve_rows<radius, 64>(in, middle, w);
  convolve_columns<radius, 16>(middle, out, w);
  out.synchronize();

  auto at = [&](const std::vector<float>& v, int r, int c) {
    return v[std::clamp(r, 0, rows - 1) * columns + std::clamp(c, 0, columns - 1)];
  };
  std::vector<float> along_rows(rows * columns);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      float sum = 0;
      for (int k = -radius; k <= radius; ++k) sum += weights[k + radius] * at(image, r, c + k);
      along_rows[r * columns + c] = sum;
    }
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      float sum = 0;
      for (int k = -radius; k <= radius; ++k) sum += weights[k + radius] * at(along_rows, r + k, c);
      // The same sums in the same order; a GPU may contract them into fused multiply-adds.
      ASSERT_NEAR(result[r * columns + c], sum, 1e-5f) << "row " << r << ", column " << c;
    }
}

TEST_P(SampleAlgorithmTest, FloydWarshallOverAnArrayInTheAcceleratorsMemory) {
  constexpr int n = 96, unreachable = 1 << 28;
  std::vector<int> distances(n * n, unreachable);
  for (int i = 0; i < n; ++i) {
    distances[i * n + i] = 0;
    distances[i * n + (i + 1) % n] = 1 + i % 5;
    distances[i * n + (i * 7 + 3) % n] = 2 + i % 11;
  }
  std::vector<int> want = distances;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) want[i * n + j] = std::min(want[i * n + j], want[i * n + k] + want[k * n + j]);

  accelerator_view view = accelerator().default_view;
  array<int, 2> d(n, n, distances.begin(), distances.end(), view);
  // One launch per intermediate vertex; row k and column k do not change during step k.
  for (int k = 0; k < n; ++k)
    parallel_for_each(view, d.extent, [=, &d](index<2> i) restrict(amp) {
      const int through = d(i[0], k) + d(k, i[1]);
      if (through < d[i]) d[i] = through;
    });
  view.wait();
  std::vector<int> got(n * n);
  copy(d, got.begin());
  for (int i = 0; i < n * n; ++i) ASSERT_EQ(got[i], want[i]) << "from " << i / n << " to " << i % n;
}

AMPLE_INSTANTIATE_WORKER_TESTS(SampleAlgorithmTest);

}  // namespace
