// Found by tests/tiled_fuzz (seed 1795676518, kernel 4), cut down by deleting lines while it
// still failed. The compiled tile crashed (a store through a garbage address); fibers print the
// checksum.
//
// Why: LockstepInnerLoops runs the grid-stride loop over j7 in lockstep across the row. LLVM
// had placed the work-item loop's increment (counter + 1) before that loop, so it was a value of
// the part before it; the part after it took that value as its own next work-item, which after
// the part before had run was the row's end: the second work-item of the part after read slot 4
// of 4. The part after now counts its work-items itself.
//
// Check: python3 tests/tiled_fuzz/run.py --build-dir <clang build> --work-dir /tmp/tf-regression \
//          --source tests/tiled_fuzz/regressions/lockstep_counter_increment_before_loop.cpp
#include <amp.h>

#include <cstdio>
#include <vector>

#include "tiled_fuzz_support.hpp"

using namespace concurrency;

int main() {
  const unsigned a = 2u, b = 3u, c = 2u;
  std::vector<int> input = make_input(2 * 8 * 4, 4);
  std::vector<int> output = make_output(2 * 8 * 4, 4);
  std::vector<int> counts(4, 0);
  array_view<const int, 3> in(2, 8, 4, input);
  array_view<int, 3> out(2, 8, 4, output);
  array_view<int, 1> counter(4, counts);
  parallel_for_each(out.extent.tile<2, 4, 4>(), [=](tiled_index<2, 4, 4> t) restrict(amp) {
    tile_static unsigned s0[2][4][4];
    tile_static unsigned s1[2][4][4];
    const unsigned lz = unsigned(t.local[0]);
    const unsigned ly = unsigned(t.local[1]);
    const unsigned lx = unsigned(t.local[2]);
    const unsigned f = (lz * 4u + ly) * 4u + lx;
    unsigned acc = unsigned(in[t.global]);
    unsigned v1 = ((a ^ acc) ^ ((unsigned(in[t.global])) % 3u == 1u ? acc : unsigned(t.local[0])));
    for (unsigned j2 = 0u; j2 < (unsigned(t.local[0]) % 4u); ++j2) {
    }
    const unsigned u3 = ((1u << 4u) - (unsigned(t.tile[2]) * 4u));
    if ((((b * unsigned(t.local[1]))) & 2u) != 0u) {
      for (unsigned j4 = 0u; j4 < (unsigned(t.local[1]) % 5u); ++j4) {
      }
      out[t.global] = int(((unsigned(in[t.tile_origin])) % 3u == 1u ? unsigned(in[t.global]) : unsigned(in(int((unsigned(t.global[0]) + 47u) % 2u), int((unsigned(t.global[1]) + 6u) % 8u), int((unsigned(t.global[2]) + 37u) % 4u)))));
      atomic_fetch_add(&counter[int(acc % 4u)], int((a << 1u) & 255u));
      if (((u3 >> 5u)) % 4u == 1u) {
        for (unsigned j5 = 0u; j5 < unsigned(t.local[2]); ++j5) {
          if (((acc ^ j5) & 3u) == 0u) break;
          s0[lz][ly][lx] = ((unsigned(in(int((unsigned(t.global[0]) + 44u) % 2u), int((unsigned(t.global[1]) + 3u) % 8u), int((unsigned(t.global[2]) + 11u) % 4u))) << 4u) * v1);
        }
        out[t.global] = int((c * unsigned(t.tile[2])));
        atomic_fetch_add(&counter[int(acc % 4u)], int(7u & 255u));
      } else {
        unsigned v6 = (lx - unsigned(in[t.global]));
        for (unsigned j7 = unsigned(t.global[2]); j7 < 4u; j7 += 2u) {
          acc = acc * 1u + (unsigned(in(t.global[0], t.global[1], int(j7))) ^ j7);
          if ((acc & 7u) == 3u) break;
        }
        s1[lz][ly][lx] = c;
        acc += v6;
      }
    }
    out[t.global] = int(acc * 5u + f);
  });

  out.synchronize();
  counter.synchronize();
  std::printf("kernel 0: %u %s\n", checksum(output) * 31u + checksum(counts),
              ample::detail::cpu::tiled_launches().compiled != 0 ? "compiled" : "fibers");
}
