// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: tiled kernels. tiled_extent made every way (tile<>() with literals, namespace
// constants, constexpr and enumerators; pad(), truncate()), ranks 1 to 3; tiled_index's
// global, local, tile, tile_origin, barrier, tile_extent, tile_dim0; tile_static arrays, scalars
// and structs (no initializer), also in helper functions; barriers (wait and the three
// wait_with_* forms) at uniform points: straight-line, in loops whose bounds do not depend on
// the work-item, under conditions and switches on captured (uniform) values, in helper
// functions; the three fences; a tiled function object.
#include <amp.h>

#include <numeric>
#include <vector>

using namespace concurrency;

namespace tiles {

static const int TS = 16;  // the tile size, as C++ AMP code usually spells it
constexpr int kRows = 4;
constexpr int kCols = 8;
enum { kTile3 = 2 };
enum class tile_shape : int { small = 4 };

struct cell {
  int count;
  float value;
  bool touched;
};

// A barrier inside a helper called from tiled kernels, at a uniform point.
void sync(const tile_barrier& b) restrict(amp) { b.wait(); }

// A helper taking the tiled_index; it declares tile_static memory of its own.
template <int T>
int tile_sum(tiled_index<T> t, int v) restrict(amp) {
  tile_static int scratch[T];
  scratch[t.local[0]] = v;
  t.barrier.wait();
  int s = 0;
  for (int k = 0; k < T; ++k) s += scratch[k];
  t.barrier.wait();  // nobody overwrites scratch while others still read it
  return s;
}

// A tiled kernel as a function object, taking const tiled_index<>&.
struct reverse_in_tile {
  array_view<int, 1> data;
  void operator()(const tiled_index<TS>& t) const restrict(amp) {
    tile_static int buf[TS];
    buf[t.local[0]] = data[t.global];
    t.barrier.wait_with_tile_static_memory_fence();
    data[t.global] = buf[TS - 1 - t.local[0]];
  }
};

}  // namespace tiles

using namespace tiles;

int main() {
  const int n = 4 * TS;
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), 0);
  array_view<int, 1> av(n, v);

  // ---- 1-D: tile_static array, a tree reduction in a uniform loop ------------------------
  std::vector<int> sums(n / TS, 0);
  array_view<int, 1> sv(n / TS, sums);
  parallel_for_each(av.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    tile_static int s[TS];
    const int l = t.local[0];
    s[l] = av[t.global];
    t.barrier.wait();
    for (int stride = TS / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) sv[t.tile] = s[0];
  });
  for (int k = 0; k < n / TS; ++k)
    if (sv[k] != TS * TS * k + TS * (TS - 1) / 2) return 1;

  // ---- Every member of tiled_index, every wait form and fence, tile_static scalars -------
  std::vector<int> info(n, 0);
  array_view<int, 1> iv(n, info);
  iv.discard_data();
  parallel_for_each(tiled_extent<TS>(iv.extent), [=](tiled_index<TS> t) restrict(amp) {
    tile_static int first;
    tile_static float total;
    tile_static bool seen;
    tile_static unsigned int flags;
    tile_static cell c;
    tile_static double dsum;
    if (t.local[0] == 0) {
      first = t.global[0];
      total = 0.0f;
      seen = true;
      flags = 0u;
      c.count = 1;
      c.value = 2.0f;
      c.touched = false;
      dsum = 0.0;
    }
    t.barrier.wait_with_all_memory_fence();
    const index<1> g = t;  // tiled_index converts to its global index
    const index<1> origin = t.tile_origin;
    const extent<1> te = t.get_tile_extent();
    int r = (g == t.global ? 1 : 0) + (origin[0] == t.tile[0] * TS ? 2 : 0) + (te[0] == TS ? 4 : 0);
    r += (t.tile_extent[0] == TS ? 8 : 0) + (t.tile_dim0 == TS ? 16 : 0);
    r += (first == origin[0] && seen && flags == 0u && c.count == 1 && !c.touched) ? 32 : 0;
    t.barrier.wait_with_global_memory_fence();
    all_memory_fence(t.barrier);
    global_memory_fence(t.barrier);
    tile_static_memory_fence(t.barrier);
    t.barrier.wait_with_tile_static_memory_fence();
    sync(t.barrier);
    const tile_barrier& bref = t.barrier;  // a reference to the barrier, and a copy of it
    bref.wait();
    tile_barrier bcopy = t.barrier;
    bcopy.wait();
    tiled_index<TS> tcopy = t;  // a copy of the tiled_index
    tcopy.barrier.wait();
    iv[tcopy.global] = r + static_cast<int>(total + c.value + static_cast<float>(dsum));
  });
  for (int k = 0; k < n; ++k)
    if (iv[k] != 63 + 2) return 2;

  // ---- 2-D: tile_static 2-D arrays, a loop over tiles with a uniform bound ---------------
  // C = A * B for 8x8 matrices in 4x4 tiles (kRows x kRows).
  const int size = 2 * kRows;
  std::vector<float> am(size * size), bm(size * size), cm(size * size, 0.0f);
  for (int i = 0; i < size * size; ++i) {
    am[i] = float(i % 5);
    bm[i] = float(i % 3);
  }
  array_view<const float, 2> A(size, size, am), B(size, size, bm);
  array_view<float, 2> C(size, size, cm);
  C.discard_data();
  parallel_for_each(C.extent.tile<kRows, kRows>(), [=](tiled_index<kRows, kRows> t) restrict(amp) {
    tile_static float ta[kRows][kRows];
    tile_static float tb[kRows][kRows];
    const int row = t.local[0];
    const int col = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < size; k0 += kRows) {  // the bound is a captured value: uniform
      ta[row][col] = A(t.global[0], k0 + col);
      tb[row][col] = B(k0 + row, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < kRows; ++k) sum += ta[row][k] * tb[k][col];
      t.barrier.wait();
    }
    C[t.global] = sum;
  });
  C.synchronize();
  for (int i = 0; i < size; ++i)
    for (int j = 0; j < size; ++j) {
      float expected = 0.0f;
      for (int k = 0; k < size; ++k) expected += am[i * size + k] * bm[k * size + j];
      if (cm[i * size + j] != expected) return 3;
    }

  // ---- 2-D with kCols, barriers in while/do loops and under uniform conditions ------------
  std::vector<int> g2(kRows * kCols * 2, 1);
  array_view<int, 2> grid(kRows * 2, kCols, g2);
  const int rounds = 3;
  const bool extra_pass = true;
  const int which = 1;
  parallel_for_each(grid.extent.tile<kRows, kCols>(), [=](tiled_index<kRows, kCols> t) restrict(amp) {
    tile_static int s[kRows][kCols];
    int local_value = grid[t.global];
    int r = 0;
    while (r < rounds) {
      s[t.local[0]][t.local[1]] = local_value;
      t.barrier.wait();
      local_value = s[(t.local[0] + 1) % kRows][t.local[1]] + 1;
      t.barrier.wait();
      ++r;
    }
    int d = 0;
    do {
      t.barrier.wait();
      ++d;
    } while (d < 2);
    if (extra_pass) {  // captured, hence the same for every work-item
      s[t.local[0]][t.local[1]] = local_value;
      t.barrier.wait();
    }
    switch (which) {
      case 0:
        break;
      case 1:
        t.barrier.wait();
        local_value += s[0][0];
        break;
      default:
        t.barrier.wait_with_all_memory_fence();
        break;
    }
    grid[t.global] = local_value;
  });
  grid.synchronize();
  for (int x : g2)
    if (x != 4 + 4) return 4;

  // ---- 3-D tiles, enumerators as tile sizes, tiled_extent pad() and truncate() -----------
  std::vector<int> c3(4 * 4 * 4, 0);
  array_view<int, 3> v3(4, 4, 4, c3);
  v3.discard_data();
  parallel_for_each(v3.extent.tile<kTile3, kTile3, kTile3>(),
                    [=](tiled_index<kTile3, kTile3, kTile3> t) restrict(amp) {
                      tile_static int count[kTile3][kTile3][kTile3];
                      count[t.local[0]][t.local[1]][t.local[2]] = 1;
                      t.barrier.wait();
                      int s = 0;
                      for (int a = 0; a < kTile3; ++a)
                        for (int b = 0; b < kTile3; ++b)
                          for (int c = 0; c < kTile3; ++c) s += count[a][b][c];
                      v3[t.global] = s + t.tile[0] * 0 + t.tile_origin[2] * 0 + t.local[2] * 0;
                    });
  v3.synchronize();
  for (int x : c3)
    if (x != 8) return 5;

  // A padded extent: work-items outside the data skip the access, never the barrier.
  const int odd = 37;
  std::vector<int> o(odd);
  std::iota(o.begin(), o.end(), 0);
  array_view<int, 1> ov(odd, o);
  const tiled_extent<TS> padded = ov.extent.tile<TS>().pad();
  const tiled_extent<TS> truncated = ov.extent.tile<TS>().truncate();
  if (padded[0] != 48 || truncated[0] != 32) return 6;
  parallel_for_each(padded, [=](tiled_index<TS> t) restrict(amp) {
    tile_static int s[TS];
    const bool inside = ov.extent.contains(t.global);
    s[t.local[0]] = inside ? ov[t.global] : 0;
    t.barrier.wait();
    if (inside) ov[t.global] = s[0];
  });
  for (int k = 0; k < odd; ++k)
    if (ov[k] != k / TS * TS) return 7;

  // A tile size from an enum class, a helper with its own tile_static memory.
  constexpr int small = static_cast<int>(tile_shape::small);
  std::vector<int> w(n, 1);
  array_view<int, 1> wv(n, w);
  parallel_for_each(wv.extent.tile<small>(), [=](tiled_index<small> t) restrict(amp) {
    wv[t.global] = tile_sum(t, wv[t.global] + t.local[0]);
  });
  for (int k = 0; k < n; ++k)
    if (wv[k] != small + small * (small - 1) / 2) return 8;

  // A tiled function object, launched on an accelerator_view too.
  parallel_for_each(av.extent.tile<TS>(), reverse_in_tile{av});
  parallel_for_each(accelerator().default_view, av.extent.tile<TS>(), reverse_in_tile{av});
  av.synchronize();
  for (int k = 0; k < n; ++k)
    if (v[k] != k) return 9;
  return 0;
}
