// Barriers in both arms of a branch on a tile-uniform value. The branch leads to different
// barriers, so it gets implicit barriers on its edges: the first piece ends at the branch and
// its dispatch goes to either arm, each of which runs straight to its own barrier.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void branches(array_view<int, 1> v, int mode) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    s[t.local[0]] = v[t.global];
    if (mode > 0) {
      t.barrier.wait();
      v[t.global] = s[63 - t.local[0]];
    } else {
      t.barrier.wait_with_tile_static_memory_fence();
      v[t.global] = s[t.local[0] ^ 1];
    }
  });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: @ample_tile_barrier_wait
// CHECK: piece0.dispatch:
// CHECK-NEXT: switch i32 %exit, label %tile.done [
// CHECK-DAG: i32 1, label %piece1
// CHECK-DAG: i32 3, label %piece3
// CHECK: piece1.item.end:
// CHECK-NEXT: %exit{{[0-9]*}} = phi i32 [ 2, %to.barrier2 ]
// CHECK: piece3.item.end:
// CHECK-NEXT: %exit{{[0-9]*}} = phi i32 [ 4, %to.barrier4 ]
