// Found by tests/tiled_fuzz (seed 5086, kernel 7), minimised by hand. A compiled tile reads a
// work-item's private array before the stores that initialised it.
//
// What differs (Clang 14, -O3 -march=native on a CPU with AVX-512; not with -march=x86-64-v3,
// -fno-vectorize or -mllvm -enable-interleaved-mem-accesses=false): fibers print
//   kernel 0: 0 1 5 5 7 5 6 7 5 5 7 7 12 13 14 5
// (the element of priv[] each work-item selected), the compiled tile prints 0 for most work-items
// and, from run to run, other garbage: stack memory that no store had written yet.
//
// Why, from the optimised IR of the tile clone: priv[] becomes a context array (16 bytes per
// work-item, one after the other). The loop vectoriser turns the four initialising stores of
// consecutive work-items into one interleaved <32 x i32> store group, which it emits where the
// group's last member stood: the later `priv[2] = 100u`, after the gather that reads
// priv[in % 4]. The work-item loop carries llvm.loop.parallel_accesses, so nothing stops the
// stores of one work-item from sinking past its own load (a dependence inside one iteration).
// No barrier is needed: a kernel with one piece shows it.
//
// Check: python3 tests/tiled_fuzz/run.py --build-dir <clang 14 build> --work-dir /tmp/tf-regression \
//          --source tests/tiled_fuzz/regressions/private_array_store_sunk_past_load.cpp
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> input(16), output(16);
  for (int i = 0; i < 16; ++i) input[i] = i * 37 % 101;
  array_view<const int, 1> in(16, input);
  array_view<int, 1> out(16, output);
  parallel_for_each(out.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    const unsigned lx = unsigned(t.local[0]);
    unsigned priv[4] = {lx, lx, 5u, 7u};
    const unsigned selected = priv[unsigned(in[t.global]) % 4u];
    priv[2] = 100u;
    out[t.global] = int(selected);
  });
  out.synchronize();
  std::printf("kernel 0:");
  for (int v : output) std::printf(" %d", v);
  std::printf(" %s\n", ample::detail::cpu::tiled_launches().compiled != 0 ? "compiled" : "fibers");
}
