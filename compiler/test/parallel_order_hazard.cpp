// A work-item loop in which a work-item stores to memory at an offset not known to be apart
// from another of its accesses to the same memory is not marked parallel
// (MarkParallelWorkItems): LLVM takes the accesses of an iteration of a parallel loop as
// independent, and emitted the interleaved group of priv[]'s initialising stores after
// `priv[b % 4] = 0`, and the group of a work-item's four output stores after
// `out[4 * i + u] = 0`. Private arrays at constant offsets and a tree reduction's consecutive
// accesses keep the mark.
// RUN: %full_o2 -march=x86-64-v3 -Rpass-missed=ample-compiled-barriers %s -o /dev/null 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void cleared_at_uniform_index(array_view<const int, 1> in, array_view<int, 1> out, unsigned b) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    const unsigned lx = unsigned(t.local[0]);
    const unsigned v = unsigned(in[t.global]);
    unsigned priv[4] = {v, lx, v ^ lx, 7u};
    priv[b % 4u] = 0u;
    priv[1] = v + 1u;
    t.barrier.wait();
    out[t.global] = int(priv[lx % 4u]);
  });
}

void cleared_in_view(array_view<const int, 1> in, array_view<int, 1> out, int u) {
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
}

void constant_indices(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    const unsigned lx = unsigned(t.local[0]);
    const unsigned v = unsigned(in[t.global]);
    unsigned priv[4] = {v, lx, v ^ lx, 7u};
    priv[1] = v + 1u;
    t.barrier.wait();
    out[t.global] = int(priv[lx % 4u]);
  });
}

void reduction(array_view<int, 1> v, int steps) {
  parallel_for_each(v.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static int s[512];
    const int local = t.local[0];
    s[local] = v[t.global];
    s[local + 256] = 0;
    t.barrier.wait();
    for (int stride = steps; stride > 0; stride >>= 1) {
      s[local] += s[local + stride];
      t.barrier.wait();
    }
    v[t.global] = s[local];
  });
}

// CHECK: parallel_order_hazard.cpp:17:18: remark: work-item loop not marked parallel: this access and another of the same work-item may overlap
// CHECK: parallel_order_hazard.cpp:27:16: remark: work-item loop not marked parallel
// CHECK-NOT: remark: work-item loop not marked parallel
