// Found by tests/tiled_fuzz (seed 1795569216, kernel 9), minimised by hand. A compiled tile
// read a tile_static variable written by one work-item as a wrong value.
//
// What differs (Clang 14, -O3 -march=native on a CPU with AVX-512; not with -fno-vectorize):
// fibers print the tile's broadcast value `bc % 5` as 2 in tile (0, 0), the compiled tile 0.
//
// Why: PrivatizeTileStatic put `bc` into the compiled tile's frame, uninitialised, and SROA
// turned it into a register whose value at the tile's start is undef. In the piece where work-item
// 19 writes it, `bc` is a conditional assignment across the work-item loop, which LLVM 14's loop
// vectoriser takes as a select-cmp reduction: it compares each lane with the start value (undef),
// and InstCombine then folds that comparison, so the reduction yields the start value. The pass
// now zeroes each privatised tile_static object when the tile starts.
//
// Check: python3 tests/tiled_fuzz/run.py --build-dir <clang 14 build> --work-dir /tmp/tf-regression \
//          --source tests/tiled_fuzz/regressions/select_reduction_undef_start.cpp
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  const int a = 3, b = 2;
  std::vector<int> input(16 * 16), output(16 * 16);
  for (int i = 0; i < 16 * 16; ++i) input[i] = (i * 7919 + 13) % 65536 - 32768;
  array_view<const int, 2> in(16, 16, input);
  array_view<int, 2> out(16, 16, output);
  parallel_for_each(out.extent.tile<8, 8>(), [=](tiled_index<8, 8> t) restrict(amp) {
    tile_static unsigned bc;
    tile_static unsigned s1[8][8];
    const unsigned ly = unsigned(t.local[0]), lx = unsigned(t.local[1]);
    const unsigned f = ly * 8u + lx;
    unsigned acc = unsigned(in[t.global]);
    unsigned priv[4] = {acc, f, acc ^ f, 7u};
    s1[ly][lx] = priv[unsigned(in[t.tile_origin]) % 4u];
    const unsigned u3 = unsigned(in[t.tile_origin]) & unsigned(t.tile[0]);
    // Tile-uniform: the tiles of column 0 wait here, the others do not.
    if (((unsigned(t.tile[1]) + (u3 >> 3u)) & 1u) == 0u) {
      s1[ly][lx] = priv[2];
      t.barrier.wait();
      acc -= s1[ly][a % 8];
      priv[unsigned(in[t.tile_origin]) % 4u] = u3;
    }
    const unsigned u6 = (u3 >> 1u) - (unsigned(in[t.tile_origin]) | u3);
    if (f == 19u) bc = (u6 ^ 48u) << 1u;
    t.barrier.wait();
    acc += bc % 5u;
    out[t.global] = int(acc) + b;
  });
  out.synchronize();
  std::printf("kernel 0:");
  for (int v : output) std::printf(" %d", v);
  std::printf(" %s\n", ample::detail::cpu::tiled_launches().compiled != 0 ? "compiled" : "fibers");
}
