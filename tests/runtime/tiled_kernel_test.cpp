// Tiled kernels: tile_static memory shared within a tile, barriers (also inside loops), the
// barrier and fence variants, and algorithms checked against serial references.
#include <amp_graphics.h>
#include <amp_math.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

class TiledKernelTest : public WorkerCountTest {};

// Deterministic small integers, so integer matmul results are exact.
std::vector<int> pattern(int n, int seed) {
  std::vector<int> v(n);
  std::uint32_t x = 2463534242u + static_cast<std::uint32_t>(seed);
  for (int i = 0; i < n; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    v[i] = static_cast<int>(x % 19) - 9;
  }
  return v;
}

std::vector<int> serial_matmul(const std::vector<int>& a, const std::vector<int>& b, int m, int n, int w) {
  std::vector<int> c(m * n, 0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      int s = 0;
      for (int k = 0; k < w; ++k) s += a[i * w + k] * b[k * n + j];
      c[i * n + j] = s;
    }
  return c;
}

// The seed's Fig. 5 tiled matmul: two barriers per iteration of the outer loop.
template <int TS>
std::vector<int> tiled_matmul(const std::vector<int>& va, const std::vector<int>& vb, int M, int N, int W) {
  std::vector<int> vc(M * N, -1);
  array_view<const int, 2> a(M, W, va), b(W, N, vb);
  array_view<int, 2> c(M, N, vc);
  c.discard_data();
  parallel_for_each(c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    tile_static int locA[TS][TS], locB[TS][TS];
    int sum = 0;
    for (int i = 0; i < a.extent[1]; i += TS) {
      locA[row][col] = a(t_idx.global[0], col + i);
      locB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++) sum += locA[row][k] * locB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });
  c.synchronize();
  return vc;
}

TEST_P(TiledKernelTest, TiledMatmul64x64) {
  const int M = 64, N = 64, W = 64;
  auto a = pattern(M * W, 1), b = pattern(W * N, 2);
  EXPECT_EQ(tiled_matmul<16>(a, b, M, N, W), serial_matmul(a, b, M, N, W));
}

TEST_P(TiledKernelTest, TiledMatmulOddShape48x80) {
  const int M = 48, N = 80, W = 32;
  auto a = pattern(M * W, 3), b = pattern(W * N, 4);
  EXPECT_EQ(tiled_matmul<16>(a, b, M, N, W), serial_matmul(a, b, M, N, W));
}

TEST_P(TiledKernelTest, TiledMatmulSmallTiles) {
  const int M = 6, N = 10, W = 8;
  auto a = pattern(M * W, 5), b = pattern(W * N, 6);
  EXPECT_EQ(tiled_matmul<2>(a, b, M, N, W), serial_matmul(a, b, M, N, W));
}

// Hillis-Steele inclusive scan within each 256-item tile: log2(256) = 8 steps, two barriers each.
TEST_P(TiledKernelTest, PrefixSumWithinTile) {
  constexpr int T = 256, n = 4 * T;
  std::vector<int> in = pattern(n, 7), out(n, 0);
  array_view<const int, 1> src(n, in);
  array_view<int, 1> dst(n, out);
  parallel_for_each(dst.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    const int l = t.local[0];
    s[l] = src[t.global];
    t.barrier.wait();
    for (int offset = 1; offset < T; offset *= 2) {
      const int add = l >= offset ? s[l - offset] : 0;
      t.barrier.wait();
      s[l] += add;
      t.barrier.wait();
    }
    dst[t.global] = s[l];
  });
  dst.synchronize();
  for (int tile = 0; tile < n / T; ++tile) {
    int running = 0;
    for (int l = 0; l < T; ++l) {
      running += in[tile * T + l];
      ASSERT_EQ(out[tile * T + l], running) << "tile " << tile << " item " << l;
    }
  }
}

// Tree reduction in a 1024-item tile; the barrier stays in uniform code while the work inside
// the loop diverges.
TEST_P(TiledKernelTest, ReductionWithin1024Tile) {
  constexpr int T = 1024, tiles = 3;
  std::vector<int> in = pattern(T * tiles, 8), sums(tiles, 0);
  array_view<const int, 1> src(T * tiles, in);
  array_view<int, 1> dst(tiles, sums);
  parallel_for_each(src.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    const int l = t.local[0];
    s[l] = src[t.global];
    t.barrier.wait();
    for (int stride = T / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait();
    }
    if (l == 0) dst[t.tile] = s[0];
  });
  dst.synchronize();
  for (int tile = 0; tile < tiles; ++tile) {
    int expected = 0;
    for (int l = 0; l < T; ++l) expected += in[tile * T + l];
    EXPECT_EQ(sums[tile], expected) << "tile " << tile;
  }
}

// 32 KB of tile_static (the C++ AMP limit) per tile, written and read back across a barrier.
TEST_P(TiledKernelTest, ThirtyTwoKilobytesOfTileStatic) {
  constexpr int T = 256, per_item = 8192 / T, tiles = 4;
  std::vector<float> out(T * tiles, 0.f);
  array_view<float, 1> dst(T * tiles, out);
  parallel_for_each(dst.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static float buf[8192];
    const int l = t.local[0];
    for (int k = 0; k < per_item; ++k) buf[l * per_item + k] = static_cast<float>(t.tile[0] * 8192 + l * per_item + k);
    t.barrier.wait();
    // Read the slice written by the mirror work-item.
    const int m = T - 1 - l;
    float s = 0.f;
    for (int k = 0; k < per_item; ++k) s += buf[m * per_item + k];
    dst[t.global] = s;
  });
  dst.synchronize();
  for (int tile = 0; tile < tiles; ++tile)
    for (int l = 0; l < T; ++l) {
      const int m = T - 1 - l;
      float expected = 0.f;
      for (int k = 0; k < per_item; ++k) expected += static_cast<float>(tile * 8192 + m * per_item + k);
      ASSERT_FLOAT_EQ(out[tile * T + l], expected) << "tile " << tile << " item " << l;
    }
}

// The largest tile (32 x 32 = 1024 work-items) together with the full 32 KB of tile_static.
TEST_P(TiledKernelTest, ThirtyTwoKilobytesIn1024ItemTile) {
  constexpr int rows = 64, cols = 32;
  std::vector<float> out(rows * cols, 0.f);
  array_view<float, 2> dst(rows, cols, out);
  parallel_for_each(dst.extent.tile<32, 32>(), [=](tiled_index<32, 32> t) restrict(amp) {
    tile_static float buf[8192];
    const int l = t.local[0] * 32 + t.local[1];
    for (int k = 0; k < 8; ++k) buf[k * 1024 + l] = static_cast<float>(t.tile[0] * 8192 + k * 1024 + l);
    t.barrier.wait();
    const int m = 1023 - l;
    float s = 0.f;
    for (int k = 0; k < 8; ++k) s += buf[k * 1024 + m];
    dst[t.global] = s;
  });
  dst.synchronize();
  for (int g = 0; g < rows * cols; ++g) {
    const int tile = g / 1024, m = 1023 - g % 1024;
    float expected = 0.f;
    for (int k = 0; k < 8; ++k) expected += static_cast<float>(tile * 8192 + k * 1024 + m);
    ASSERT_FLOAT_EQ(out[g], expected) << "work-item " << g;
  }
}

// Tiles running at the same time on different workers must not share tile_static storage.
TEST_P(TiledKernelTest, TileStaticIsPrivateToEachTile) {
  constexpr int T = 64, tiles = 256;
  std::vector<int> bad(tiles, -1);
  array_view<int, 1> errors(tiles, bad);
  parallel_for_each(extent<1>(T * tiles).tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int owner[T];
    int mismatches = 0;
    for (int round = 0; round < 8; ++round) {
      owner[t.local[0]] = t.tile[0] * 100 + round;
      t.barrier.wait();
      for (int k = 0; k < T; ++k)
        if (owner[k] != t.tile[0] * 100 + round) ++mismatches;
      t.barrier.wait();
    }
    if (t.local[0] == 0) errors[t.tile] = 0;
    t.barrier.wait();
    if (mismatches != 0) errors[t.tile] = mismatches;
  });
  errors.synchronize();
  for (int tile = 0; tile < tiles; ++tile) EXPECT_EQ(bad[tile], 0) << "tile " << tile;
}

// Many barriers in a loop: each round every work-item passes its value to the right neighbour.
TEST_P(TiledKernelTest, RotateThroughTileManyBarriers) {
  constexpr int T = 128, rounds = 200, tiles = 4;
  std::vector<int> out(T * tiles, -1);
  array_view<int, 1> dst(T * tiles, out);
  parallel_for_each(dst.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int ring[T];
    const int l = t.local[0];
    int mine = t.global[0];
    for (int r = 0; r < rounds; ++r) {
      ring[(l + 1) % T] = mine;
      t.barrier.wait();
      mine = ring[l];
      t.barrier.wait();
    }
    dst[t.global] = mine;
  });
  dst.synchronize();
  for (int g = 0; g < T * tiles; ++g) {
    const int tile = g / T, l = g % T;
    const int from = ((l - rounds) % T + T) % T;
    ASSERT_EQ(out[g], tile * T + from) << "work-item " << g;
  }
}

TEST_P(TiledKernelTest, TwoDimensional32x32TileTranspose) {
  constexpr int N = 64;
  std::vector<int> in = pattern(N * N, 9), out(N * N, 0);
  array_view<const int, 2> a(N, N, in);
  array_view<int, 2> b(N, N, out);
  parallel_for_each(b.extent.tile<32, 32>(), [=](tiled_index<32, 32> t) restrict(amp) {
    tile_static int sh[32][33];
    sh[t.local[0]][t.local[1]] = a[t.global];
    t.barrier.wait();
    b(t.tile_origin[1] + t.local[0], t.tile_origin[0] + t.local[1]) = sh[t.local[1]][t.local[0]];
  });
  b.synchronize();
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) ASSERT_EQ(out[j * N + i], in[i * N + j]);
}

TEST_P(TiledKernelTest, ThreeDimensional4x16x16Tile) {
  constexpr int D0 = 4, D1 = 16, D2 = 16;
  const extent<3> e(8, 32, 16);
  std::vector<int> out(e.size(), -1);
  array_view<int, 3> dst(e, out);
  parallel_for_each(e.tile<D0, D1, D2>(), [=](tiled_index<D0, D1, D2> t) restrict(amp) {
    tile_static int s[D0][D1][D2];
    s[t.local[0]][t.local[1]][t.local[2]] = t.local[0] * 10000 + t.local[1] * 100 + t.local[2];
    t.barrier.wait();
    // Each work-item reads the element mirrored through the tile's centre.
    dst[t.global] = s[D0 - 1 - t.local[0]][D1 - 1 - t.local[1]][D2 - 1 - t.local[2]];
  });
  dst.synchronize();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 32; ++j)
      for (int k = 0; k < 16; ++k) {
        const int li = D0 - 1 - i % D0, lj = D1 - 1 - j % D1, lk = D2 - 1 - k % D2;
        ASSERT_EQ(out[(i * 32 + j) * 16 + k], li * 10000 + lj * 100 + lk);
      }
}

TEST_P(TiledKernelTest, BarrierAndFenceVariants) {
  constexpr int T = 64;
  std::vector<int> out(4 * T, 0);
  array_view<int, 1> dst(4 * T, out);
  parallel_for_each(dst.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    const int l = t.local[0];
    s[l] = 1;
    t.barrier.wait_with_all_memory_fence();
    int v = s[(l + 1) % T];
    t.barrier.wait_with_tile_static_memory_fence();
    s[l] = v + 1;
    t.barrier.wait_with_global_memory_fence();
    v = s[(l + 2) % T];
    t.barrier.wait();
    // Fences are allowed in divergent code.
    if (l % 2 == 0) {
      all_memory_fence(t.barrier);
      tile_static_memory_fence(t.barrier);
    } else {
      global_memory_fence(t.barrier);
    }
    dst[t.global] = v + 1;
  });
  dst.synchronize();
  for (int x : out) ASSERT_EQ(x, 3);
}

// Barriers in control flow that is uniform across each tile but differs between tiles are legal.
TEST_P(TiledKernelTest, TileUniformBranchesAroundBarriers) {
  constexpr int T = 32, tiles = 16;
  std::vector<int> out(T * tiles, 0);
  array_view<int, 1> dst(T * tiles, out);
  parallel_for_each(dst.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    s[t.local[0]] = t.local[0];
    t.barrier.wait();
    int v = 0;
    if (t.tile[0] % 2 == 0) {
      v = s[T - 1 - t.local[0]];
      t.barrier.wait();
    } else {
      for (int r = 0; r < t.tile[0]; ++r) t.barrier.wait();  // a tile-uniform trip count
      v = s[t.local[0]];
    }
    dst[t.global] = v;
  });
  dst.synchronize();
  for (int g = 0; g < T * tiles; ++g) {
    const int tile = g / T, l = g % T;
    ASSERT_EQ(out[g], tile % 2 == 0 ? T - 1 - l : l) << "work-item " << g;
  }
}

TEST_P(TiledKernelTest, ManySmallTiles) {
  constexpr int T = 4, tiles = 5000;
  std::vector<int> out(T * tiles, 0);
  array_view<int, 1> dst(T * tiles, out);
  parallel_for_each(dst.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    dst[t.global] = s[0] + s[1] + s[2] + s[3];
  });
  dst.synchronize();
  for (int g = 0; g < T * tiles; ++g) {
    const int o = (g / T) * T;
    ASSERT_EQ(out[g], 4 * o + 6);
  }
}

TEST_P(TiledKernelTest, TiledKernelWithoutBarrier) {
  std::vector<int> out(48 * 48, 0);
  array_view<int, 2> dst(48, 48, out);
  parallel_for_each(dst.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
    dst[t.global] = t.tile[0] * 10 + t.tile[1];
  });
  dst.synchronize();
  for (int i = 0; i < 48; ++i)
    for (int j = 0; j < 48; ++j) ASSERT_EQ(out[i * 48 + j], (i / 16) * 10 + j / 16);
}

// Microsoft's n-body sample's step: positions staged through tile_static float_3 memory, and
// short-vector arithmetic with scalar operands (`acc += r * particle_mass * inv_dist_cube`).
struct particle {
  concurrency::graphics::float_3 pos, vel;
};

TEST_P(TiledKernelTest, NBodyStepWithShortVectorsAndScalars) {
  using concurrency::graphics::float_3;
  constexpr int tile = 64, n = 512;
  constexpr float softening_squared = 0.0625f, damping = 0.99f, dt = 0.1f, particle_mass = 1.0f;
  std::vector<particle> host(n), next(n);
  for (int i = 0; i < n; ++i)
    host[i] = {float_3(float(i % 8), float((i / 8) % 8), float(i / 64)), float_3(0.01f * float(i))};
  array_view<const particle, 1> old_p(n, host);
  array_view<particle, 1> new_p(n, next);
  new_p.discard_data();
  parallel_for_each(new_p.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static float_3 positions[tile];
    const particle me = old_p[t.global];
    float_3 acc = 0.0f;
    for (int base = 0; base < n; base += tile) {
      positions[t.local[0]] = old_p[base + t.local[0]].pos;
      t.barrier.wait();
      for (int j = 0; j < tile; ++j) {
        const float_3 r = positions[j] - me.pos;
        const float inv_dist = concurrency::fast_math::rsqrt(r.x * r.x + r.y * r.y + r.z * r.z + softening_squared);
        acc += r * particle_mass * (inv_dist * inv_dist * inv_dist);
      }
      t.barrier.wait();
    }
    const float_3 vel = (me.vel + acc * dt) * damping;
    new_p[t.global] = {me.pos + vel * dt, vel};
  });
  new_p.synchronize();
  for (int i = 0; i < n; ++i) {
    double acc[3] = {0, 0, 0};
    const float_3 p = host[i].pos;
    for (int j = 0; j < n; ++j) {
      const double r[3] = {double(host[j].pos.x) - p.x, double(host[j].pos.y) - p.y, double(host[j].pos.z) - p.z};
      const double inv = 1.0 / std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + softening_squared);
      for (int c = 0; c < 3; ++c) acc[c] += r[c] * particle_mass * inv * inv * inv;
    }
    const double v[3] = {(host[i].vel.x + acc[0] * dt) * damping, (host[i].vel.y + acc[1] * dt) * damping,
                         (host[i].vel.z + acc[2] * dt) * damping};
    const double got_v[3] = {next[i].vel.x, next[i].vel.y, next[i].vel.z};
    const double got_p[3] = {next[i].pos.x, next[i].pos.y, next[i].pos.z};
    const double want_p[3] = {p.x + v[0] * dt, p.y + v[1] * dt, p.z + v[2] * dt};
    for (int c = 0; c < 3; ++c) {
      // fast_math's rsqrt is an approximation on a GPU; the sums run in float.
      ASSERT_NEAR(got_v[c], v[c], 1e-4 * (1 + std::fabs(v[c]))) << "particle " << i << ", component " << c;
      ASSERT_NEAR(got_p[c], want_p[c], 1e-4 * (1 + std::fabs(want_p[c]))) << "particle " << i << ", component " << c;
    }
  }
}

AMPLE_INSTANTIATE_WORKER_TESTS(TiledKernelTest);

}  // namespace
