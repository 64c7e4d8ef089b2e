// A work-item may return before a barrier: it compiles, and the piece records "returned" (0)
// next to "barrier 1", so that the divergence check after the piece reports it.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void early_return(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) restrict(amp) {
    if (v[t.global] < 0) return;
    t.barrier.wait();
    v[t.global] += 1;
  });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK: piece0.item.end:
// CHECK-NEXT: %exit = phi i32 [ 1, %to.barrier1 ], [ 0, %to.return ]
// CHECK: piece0.diverged:
// CHECK: call void @ample_tile_diverged
// CHECK-NEXT: unreachable
