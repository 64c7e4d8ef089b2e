// What differs between work-items gets no implicit barrier and no shared slot: a branch and a
// loop on the local coordinate stay inside their pieces. A value computed from the local
// coordinate alone is recomputed after the barrier from the work-item loop's counter rather
// than kept per work-item.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void divergent_values(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static int s[16];
    const int mirror = 15 - t.local[0];
    int sum = 0;
    for (int i = 0; i < t.local[0]; ++i)
      sum += v[t.tile_origin + i];
    if (t.local[0] < 8)
      s[t.local[0]] = sum;
    else
      s[t.local[0]] = -sum;
    t.barrier.wait();
    v[t.global] = s[mirror];
  });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: {{implicit.barrier|reg2mem}}
// CHECK: %{{.*}}.again{{[0-9]*}} = sub nsw i32 15, %local0{{[0-9]+}}
// CHECK-NOT: {{implicit.barrier|reg2mem}}
// CHECK: {{^}}}
