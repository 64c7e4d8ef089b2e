// Found by tests/tiled_fuzz (seed 2, kernel 2, once the generator had strided tree reductions),
// minimised by hand. A compiled tile loses a store to a work-item's private array.
//
// What differs (Clang 14, 15 and 19, -O3 with AVX2: -march=x86-64-v3 or native on a Zen 3; not
// with SSE2 alone, -fno-vectorize or -mllvm -enable-interleaved-mem-accesses=false): fibers print
//   kernel 0: 0 38 72 7 0 85 18 7 ...
// (work-item i prints priv[i % 4], and priv[0] was cleared), the compiled tile printed
//   kernel 0: 0 38 72 7 47 85 18 7 ...
// for every work-item past the first vector: priv[0] kept its initial value.
//
// Why, from the IR before the loop vectoriser: priv[] is a context array (16 bytes per
// work-item) and every store to it is a recurrence of the work-item loop, `priv[b % 4]`
// included (b is uniform). The initialising stores of priv[0], [2] and [3] and the later
// `priv[1] = v + 1` form one interleaved store group, which the vectoriser emits where its last
// member stood, after `priv[b % 4] = 0`. The work-item loop was marked parallel, and LLVM records
// no dependences for such a loop, so it took the two stores of one work-item as independent.
// MarkParallelWorkItems now leaves such a loop unmarked (docs/design/compiled-barriers.md).
//
// Check: python3 tests/tiled_fuzz/run.py --build-dir <clang build> --work-dir /tmp/tf-regression \
//          --source tests/tiled_fuzz/regressions/private_array_store_under_group.cpp
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

// The element to clear, read through a global so that the compiler cannot fold it.
unsigned cleared_element = 0;

int main() {
  std::vector<int> input(256), output(256);
  for (int i = 0; i < 256; ++i) input[i] = i * 37 % 101;
  array_view<const int, 1> in(256, input);
  array_view<int, 1> out(256, output);
  const unsigned cleared = cleared_element;
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    const unsigned lx = unsigned(t.local[0]);
    const unsigned v = unsigned(in[t.global]);
    unsigned priv[4] = {v, lx, v ^ lx, 7u};
    priv[cleared % 4u] = 0u;
    priv[1] = v + 1u;
    t.barrier.wait();
    out[t.global] = int(priv[lx % 4u]);
  });
  out.synchronize();
  std::printf("kernel 0:");
  for (int v : output) std::printf(" %d", v);
  std::printf(" %s\n", ample::detail::cpu::tiled_launches().compiled != 0 ? "compiled" : "fibers");
}
