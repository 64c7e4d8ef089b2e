// A loop with a barrier and two exits (a break on a uniform value and the loop condition):
// the piece after the barrier leaves either for the barrier again or towards the return.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void multi_exit(array_view<int, 1> v, int rounds, int stop) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static int s[16];
    for (int r = 0; r < rounds; ++r) {
      s[t.local[0]] = v[t.global] + r;
      if (r == stop) break;
      t.barrier.wait();
      v[t.global] = s[15 - t.local[0]];
    }
    v[t.global] *= 2;
  });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK: piece1.item.end:
// CHECK-NEXT: %exit{{[0-9]*}} = phi i32 [ 0, %to.return{{[0-9]*}} ], [ 1, %to.barrier1{{[0-9]*}} ]
