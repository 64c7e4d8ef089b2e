// OPEN (found 2026-12-05, not yet fixed): a Blelloch scan of one 256-wide tile in tile_static
// memory gives wrong sums on the compiled path under Clang 14 at -O3 (112 of 256 elements);
// fibers, Clang 14 at -O2 and Clang 19 at -O2/-O3 are right. The plugin of b52bb9d, before
// JoinWorkItemSteps, fails the same way. -fno-vectorize, -fno-unroll-loops or
// `-mllvm -force-vector-interleave=1` hide it; -enable-interleaved-mem-accesses=false does not,
// nor does leaving loops with strided stores to tile_static memory unmarked (not parallel).
// -opt-bisect-limit puts the fault in LoopVectorizePass on the tile clone (pass 21607 of this
// compile: 21606 passes give "bad 0"); -force-target-max-vector-interleave=1 and
// -force-target-max-scalar-interleave=1 leave the interleave counts at 2 and do not hide it.
// The vectoriser interleaves (VF 1, IC 2) the scan's up- and down-sweep steps, loops over the
// active work-items after TrimInactiveWorkItems: the suspects are those scalar interleaved
// loops, whose accesses are marked parallel, or the select recurrence that LICM makes of
// `if (l == 0) buf[Tile - 1] = 0` in the piece after the up-sweep (writing the store
// unconditionally does not fix it).
// Not run by CTest (this directory is not regressions/): once fixed, move it there in the
// `kernel <n>: <result> <path>` form.
//   clang++-14 -O3 -march=x86-64-v3 -DNDEBUG -std=gnu++20 -I include \
//     -fpass-plugin=build/<clang-14 build>/compiler/14/ample_barriers.so THIS_FILE \
//     build/<...>/libample.a -lboost_context -ldl -lpthread && ./a.out    # prints "bad 0" when right
#include <amp.h>
#include <cstdio>
#include <numeric>
#include <vector>
using namespace concurrency;
constexpr int Tile = 256;
void scan_tile(tiled_index<Tile> const& tidx, int (&buf)[Tile]) restrict(amp) {
  const int l = tidx.local[0];
  for (int stride = 1; stride < Tile; stride *= 2) {
    tidx.barrier.wait();
    int idx = (l + 1) * stride * 2 - 1;
    if (idx < Tile) buf[idx] += buf[idx - stride];
  }
  if (l == 0) buf[Tile - 1] = 0;
  for (int stride = Tile / 2; stride > 0; stride /= 2) {
    tidx.barrier.wait();
    int idx = (l + 1) * stride * 2 - 1;
    if (idx < Tile) {
      int t = buf[idx - stride];
      buf[idx - stride] = buf[idx];
      buf[idx] += t;
    }
  }
  tidx.barrier.wait();
}
int main() {
  const int n = 256;
  std::vector<int> data(n), got(n), want(n);
  for (int i = 0; i < n; ++i) data[i] = (i * 7919) % 13 - 6;
  // host: the up-sweep only
  want = data;
  for (int stride = 1; stride < Tile; stride *= 2)
    for (int l = 0; l < Tile; ++l) { int idx = (l + 1) * stride * 2 - 1; if (idx < Tile) want[idx] += want[idx - stride]; }
  want[Tile - 1] = 0;
  for (int stride = Tile / 2; stride > 0; stride /= 2)
    for (int l = 0; l < Tile; ++l) { int idx = (l + 1) * stride * 2 - 1; if (idx < Tile) { int t = want[idx - stride]; want[idx - stride] = want[idx]; want[idx] += t; } }
  array_view<const int, 1> in(n, data);
  array_view<int, 1> out(n, got);
  parallel_for_each(in.extent.tile<Tile>(), [=](tiled_index<Tile> t) restrict(amp) {
    tile_static int values[Tile];
    values[t.local[0]] = in[t.global];
    scan_tile(t, values);
    out[t.global] = values[t.local[0]];
  });
  out.synchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) if (got[i] != want[i]) { if (bad < 5) std::printf("i=%d got %d want %d\n", i, got[i], want[i]); ++bad; }
  std::printf("bad %d\n", bad);
}
