// A tiled kernel without a barrier is one piece: one loop nest and a return.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void scale(array_view<float, 2> v) {
  parallel_for_each(v.extent.tile<4, 8>(), [=](tiled_index<4, 8> t) restrict(amp) { v[t.global] *= 2.0f; });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK: tile.done:
// CHECK-NEXT: ret void
// CHECK: piece0.dim0:
// CHECK: piece0.dim1:
// CHECK-NOT: piece1
// CHECK-NOT: ample_tile_diverged
// CHECK: }
