// Kernel 1 of tiled fuzz seed 85004 (generate.py --seed 85004 --kernels 24), not minimised: both
// paths agreed, but the device-code pass kept the kernel on the CPU (Clang 19). After a uniform
// early `return` inside a switch, the optimiser joins the return's way with the exits of a
// later loop whose trip count is the work-item's own, in a block with a phi that says whether
// the return was taken: true from the return, false from every exit of the loop. TileUniformity
// took every phi of a divergent loop's exit block for divergent, so the branch on that flag,
// and the barriers after it, looked divergent; it now counts only the loop's own ways into the
// phi, which all bring false.
#include "tiled_fuzz_support.hpp"

using namespace concurrency;
using namespace concurrency::graphics;

// The captured values of each kernel, read through a global the compiler cannot fold.
int kernel_params[24][3] = {
    {3, 0, 3},
    {1, 2, 0},
    {3, 2, 4},
    {3, 0, 1},
    {1, 1, 4},
    {0, 4, 2},
    {3, 2, 1},
    {2, 3, 0},
    {0, 3, 3},
    {1, 0, 1},
    {2, 2, 4},
    {1, 2, 1},
    {0, 3, 2},
    {3, 1, 1},
    {2, 4, 0},
    {3, 4, 2},
    {2, 4, 3},
    {0, 3, 0},
    {3, 0, 2},
    {1, 0, 0},
    {1, 4, 0},
    {3, 3, 4},
    {1, 3, 4},
    {3, 3, 1}
};

// kernel 1: tile 8, 16, extent 24, 48; barrier copy, divergent break, divergent loop, exchange, floating-point slots, own output read, own tile_static slot read, short vector slots, short vector swizzle read, strided loop, uniform do-while, uniform early return, uniform if, uniform if/else, uniform loop, uniform switch, value of a divergent loop's last iteration
[[gnu::noinline]] unsigned kernel_1() {
  const int* const p = kernel_params[1];
  const unsigned a = unsigned(p[0]);
  const unsigned b = unsigned(p[1]);
  const unsigned c = unsigned(p[2]);
  std::vector<int> input = make_input(24 * 48, 1);
  std::vector<int> output = make_output(24 * 48, 1);
  std::vector<int> counts(4, 0);
  array_view<const int, 2> in(24, 48, input);
  array_view<int, 2> out(24, 48, output);
  parallel_for_each(out.extent.tile<8, 16>(), [=](tiled_index<8, 16> t) restrict(amp) {
    const tile_barrier barrier = t.barrier;
    tile_static double s0[8][16];
    tile_static uint_4 s1[8][16];
    const unsigned ly = unsigned(t.local[0]);
    const unsigned lx = unsigned(t.local[1]);
    const unsigned f = ly * 16u + lx;
    unsigned acc = unsigned(in[t.global]);
    for (unsigned j1 = 0u; j1 < ly; ++j1) {
      acc = ((b) % 5u == 1u ? (unsigned(in[t.global]) | unsigned(in[t.global])) : (unsigned(in[t.tile_origin]) ^ lx));
      acc += acc;
    }
    unsigned k2 = 0u;
    do {
      t.barrier.wait();
      s0[ly][lx] = double((((((a) & 4u) != 0u ? unsigned(in(int((unsigned(t.global[0]) + 9u) % 24u), int((unsigned(t.global[1]) + 20u) % 48u))) : c) & acc)) & 65535u);
      t.barrier.wait();
      acc += unsigned(s0[(ly + 7u) % 8u][15u - lx]) * 7u;
      const unsigned u3 = ((b ^ unsigned(t.tile[1])) ^ b);
      acc += u3;
    } while (++k2 < (unsigned(t.tile[0]) % 3u + 1u));
    for (unsigned i4 = 0u; i4 < 1u; i4 += 2u) {
      barrier.wait_with_tile_static_memory_fence();
      s0[ly][lx] = double((((i4 * 2u) | b)) & 65535u);
      t.barrier.wait_with_all_memory_fence();
      acc += unsigned(s0[ly ^ 7u][15u - lx]) * 7u;
      switch ((((c) & 4u) != 0u ? unsigned(t.tile[1]) : unsigned(t.tile[1])) % 3u) {
      case 0u: {
        s1[ly][lx] = uint_4((((i4) & 2u) != 0u ? i4 : b), c, (c | c), lx);
        t.barrier.wait_with_tile_static_memory_fence();
        acc ^= uint_2(s1[7u - ly][15u - lx].wx).x * 7u;
        if (((unsigned(t.tile[0]) + 0u) & 1u) == 1u) {
          out[t.global] = int(acc ^ 232u);
          return;
        }
        break;
      }
      case 1u: {
        s1[ly][lx] = uint_4((lx - unsigned(t.tile[0])), (b & unsigned(in(int((unsigned(t.global[0]) + 27u) % 24u), int((unsigned(t.global[1]) + 15u) % 48u)))), unsigned(t.local[0]), ((unsigned(in[t.global])) % 2u == 0u ? b : acc));
        t.barrier.wait();
        acc -= s1[(ly + 6u) % 8u][(lx + 4u) % 16u].w * 3u;
        acc = ((unsigned(in(int((unsigned(t.global[0]) + 9u) % 24u), int((unsigned(t.global[1]) + 17u) % 48u))) * unsigned(s0[ly][lx])) & (unsigned(in[t.tile_origin]) >> 1u));
        break;
      }
      default: {
        s1[ly][lx] = uint_4(b, (((unsigned(s0[ly][lx])) & 4u) != 0u ? unsigned(in[t.tile_origin]) : acc), i4, (((7u) & 4u) != 0u ? acc : unsigned(in[t.global])));
        t.barrier.wait();
        acc -= uint_2(s1[(k2 & k2) % 8u][lx ^ 15u].zw).y * 3u;
        acc = ((unsigned(in[t.global]) * b) | (((unsigned(in(int((unsigned(t.global[0]) + 12u) % 24u), int((unsigned(t.global[1]) + 30u) % 48u)))) & 1u) != 0u ? a : i4));
        break;
      }
      }
      for (unsigned j5 = 0u; j5 < unsigned(t.local[1]); ++j5) {
        unsigned v7 = b;
        for (unsigned j6 = 0u; j6 < unsigned(t.local[1]); ++j6) {
          v7 = j6 * 2u + 4u;
          if (((acc ^ j6) & 3u) == 0u) break;
        }
        acc += v7;
      }
    }
    if (((unsigned(t.tile[1]) + (k2 - unsigned(in[t.tile_origin]))) & 1u) == 0u) {
      t.barrier.wait_with_tile_static_memory_fence();
      s1[ly][lx] = uint_4((1u * unsigned(t.local[0])), (c & c), (((b) & 2u) != 0u ? b : 0u), (acc * 0u));
      t.barrier.wait_with_all_memory_fence();
      acc -= uint_2(s1[ly ^ 3u][acc % 16u].xw).x * 3u;
      acc = unsigned(in[t.global]);
    } else {
      t.barrier.wait();
      s0[ly][lx] = double((0u) & 65535u);
      barrier.wait();
      acc -= unsigned(s0[7u - ly][15u - lx]) * 5u;
      for (unsigned j8 = unsigned(t.global[1]); j8 < 48u; j8 += 2u) {
        acc = acc * 1u + (unsigned(in(t.global[0], int(j8))) ^ j8);
      }
      t.barrier.wait_with_all_memory_fence();
      s0[ly][lx] = s0[ly][lx] * 0.5 + double((c) & 65535u);
      t.barrier.wait();
      acc -= unsigned(s0[(ly + 5u) % 8u][15u - lx]) * 1u;
      unsigned u9 = k2;
      acc += u9;
    }
    for (unsigned i10 = 0u; i10 < 3u; ++i10) {
      t.barrier.wait();
      s0[ly][lx] = double((unsigned(out[t.global])) & 65535u);
      barrier.wait();
      acc -= unsigned(s0[(ly + 4u) % 8u][(lx + 14u) % 16u]) * 1u;
      t.barrier.wait();
      s0[ly][lx] = double((((unsigned(t.local[0]) >> 1u) >> 2u)) & 65535u);
      t.barrier.wait_with_tile_static_memory_fence();
      acc ^= unsigned(s0[unsigned(in(int((unsigned(t.global[0]) + 18u) % 24u), int((unsigned(t.global[1]) + 9u) % 48u))) % 8u][unsigned(in[t.global]) % 16u]) * 7u;
    }
    t.barrier.wait();
    s0[ly][lx] = double((((((k2) & 2u) != 0u ? 3u : unsigned(t.local[1])) & unsigned(t.local[0]))) & 65535u);
    t.barrier.wait();
    acc ^= unsigned(s0[7u - ly][(unsigned(in(int((unsigned(t.global[0]) + 50u) % 24u), int((unsigned(t.global[1]) + 3u) % 48u))) + b) % 16u]) * 1u;
    t.barrier.wait();
    s0[ly][lx] = s0[ly][lx] * 0.5 + double((b) & 65535u);
    out[t.global] = int(acc * 3u + f);
  });
  out.synchronize();
  return checksum(output) * 31u + checksum(counts);
}

int main() {
  report(1, kernel_1);
}
