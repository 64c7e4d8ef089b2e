// Barriers in the cases of a switch on a uniform value, one case shared by two labels.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void cases(array_view<int, 1> v, int which) {
  parallel_for_each(v.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    tile_static int s[8];
    s[t.local[0]] = v[t.global];
    switch (which) {
      case 0:
      case 1: t.barrier.wait(); v[t.global] = s[7 - t.local[0]]; break;
      case 2: t.barrier.wait(); v[t.global] = s[0]; break;
      default: break;
    }
  });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: @ample_tile_barrier_wait
// CHECK: piece0.dispatch:
// CHECK-NEXT: switch i32 %exit, label %tile.done [
// CHECK-DAG: i32 1, label %piece1
// CHECK-DAG: i32 2, label %piece2
