// Written by hand after private_array_store_under_group.cpp: the same loss through a view. A
// work-item writes four consecutive elements of the output, then clears one of them at an
// offset the same for every work-item (u, known only at run time), then writes one of the four
// again. Valid C++ AMP: each work-item touches only its own four elements.
//
// What differed (Clang 14 and 19, -O3 -march=x86-64-v3): fibers print
//   kernel 0: 0 5 2 3 0 5 2 3 ...
// (u = 0 clears each work-item's first element), the compiled tile printed
//   kernel 0: 0 5 2 3 37 5 2 3 74 5 2 3 ...
// for every work-item past the first vector: the interleaved group of the four stores was
// emitted where its last member stood, after `out[4 * i + u] = 0`. MarkParallelWorkItems now
// compares all accesses to memory outside the tile's stack as one class, since two views may be
// of the same array, and leaves such a loop unmarked (docs/design/compiled-barriers.md).
//
// Check: python3 tests/tiled_fuzz/run.py --build-dir <clang build> --work-dir /tmp/tf-regression \
//          --source tests/tiled_fuzz/regressions/view_store_under_group.cpp
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

// The element of each four to clear, read through a global so that the compiler cannot fold it.
unsigned cleared_element = 0;

int main() {
  std::vector<int> input(256), output(1024);
  for (int i = 0; i < 256; ++i) input[i] = i * 37 % 101;
  array_view<const int, 1> in(256, input);
  array_view<int, 1> out(1024, output);
  const int u = int(cleared_element);
  parallel_for_each(in.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    const int i = t.global[0];
    out[4 * i] = in[i];
    out[4 * i + 1] = 1;
    out[4 * i + 2] = 2;
    out[4 * i + 3] = 3;
    out[4 * i + u] = 0;
    out[4 * i + 1] = 5;
    t.barrier.wait();
  });
  out.synchronize();
  std::printf("kernel 0:");
  for (int v : output) std::printf(" %d", v);
  std::printf(" %s\n", ample::detail::cpu::tiled_launches().compiled != 0 ? "compiled" : "fibers");
}
