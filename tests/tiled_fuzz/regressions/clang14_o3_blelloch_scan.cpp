// Found by sample_algorithms_test (2026-12-05): a Blelloch scan of a tile in tile_static memory
// gave wrong sums on the compiled path under Clang 14 at -O3 (112 of 256 elements); fibers,
// Clang 14 at -O2 and Clang 19 were right.
//
// Why: TrimInactiveWorkItems had narrowed the down-sweep step of stride 16 to its 8 active
// work-items and kept the work-item loop's interleave count of 2. A trip count below 16 makes
// LLVM 14's vectoriser fold the loop's tail into masks; its interleaved copy then read
// buf[idx - stride] after its own masked store to that address. A trimmed loop of a constant
// trip count that is not a multiple of 16 now leaves the interleave count to the cost model.
// Tiles of 16 to 1024 work-items give the steps every trip count from 1 to 512.
//
// Check: python3 tests/tiled_fuzz/run.py --build-dir <clang build> --work-dir /tmp/tf-regression \
//          --source tests/tiled_fuzz/regressions/clang14_o3_blelloch_scan.cpp
#include <amp.h>

#include <cstdio>
#include <vector>

#include "tiled_fuzz_support.hpp"

using namespace concurrency;

/// exclusive_scan_tile() replaces buf with its exclusive prefix sums: an up-sweep and a
/// down-sweep of log2(Tile) steps each.
template <int Tile>
void exclusive_scan_tile(const tiled_index<Tile>& t, int (&buf)[Tile]) restrict(amp) {
  const int l = t.local[0];
  for (int stride = 1; stride < Tile; stride *= 2) {
    t.barrier.wait();
    const int idx = (l + 1) * stride * 2 - 1;
    if (idx < Tile) buf[idx] += buf[idx - stride];
  }
  if (l == 0) buf[Tile - 1] = 0;
  for (int stride = Tile / 2; stride > 0; stride /= 2) {
    t.barrier.wait();
    const int idx = (l + 1) * stride * 2 - 1;
    if (idx < Tile) {
      const int left = buf[idx - stride];
      buf[idx - stride] = buf[idx];
      buf[idx] += left;
    }
  }
  t.barrier.wait();
}

template <int Tile>
void run_kernel(int kernel) {
  std::vector<int> input = make_input(3 * Tile, kernel);
  for (int& v : input) v %= 1000;
  std::vector<int> output = make_output(3 * Tile, kernel);
  array_view<const int, 1> in(3 * Tile, input);
  array_view<int, 1> out(3 * Tile, output);
  const auto compiled_before = ample::detail::cpu::tiled_launches().compiled;
  parallel_for_each(out.extent.tile<Tile>(), [=](tiled_index<Tile> t) restrict(amp) {
    tile_static int values[Tile];
    values[t.local[0]] = in[t.global];
    exclusive_scan_tile(t, values);
    out[t.global] = values[t.local[0]];
  });
  out.synchronize();
  std::printf("kernel %d: %u %s\n", kernel, checksum(output),
              ample::detail::cpu::tiled_launches().compiled != compiled_before ? "compiled" : "fibers");
}

int main() {
  run_kernel<256>(0);
  run_kernel<16>(1);
  run_kernel<32>(2);
  run_kernel<64>(3);
  run_kernel<128>(4);
  run_kernel<512>(5);
  run_kernel<1024>(6);
}
