// Barriers in both arms of a branch on a tile-uniform value: two barrier sites, and the
// dispatch after the first piece goes to either.
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
// CHECK-NEXT: switch i32 %first.exit, label %tile.done [
// CHECK-DAG: i32 1, label %piece1
// CHECK-DAG: i32 2, label %piece2
