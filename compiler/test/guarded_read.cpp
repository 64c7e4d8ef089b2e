// A BLAS kernel's guarded read of a view (`if (r < v.extent[0] && ...) return v(r, c);
// return 0;`): the view's members (data pointer, stride, extent) are read once, in the tile's
// entry, marked invariant (HoistLaunchObjectLoads), so that only the element's load is left
// under the condition in the work-item loop, and the vectoriser can mask it.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

float guarded_read(const array_view<const float, 2>& v, int r, int c) restrict(amp) {
  if (r < v.extent[0] && c < v.extent[1]) return v(r, c);
  return 0.0f;
}

void copy_block(array_view<const float, 2> a, array_view<float, 2> b) {
  parallel_for_each(b.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
    tile_static float block[16][17];
    block[t.local[0]][t.local[1]] = guarded_read(a, t.global[0], t.global[1]);
    t.barrier.wait();
    b[t.global] = block[t.local[0]][t.local[1]];
  });
}

// CHECK: define internal void @{{.*}}run_item{{.*}}.ample.tile{{"?}}(
// CHECK: {{^}}tile:
// CHECK: = load {{.*}}, align 8, {{.*}}!invariant.load
// CHECK: {{^}}piece0.dim1:
// CHECK-NOT: !invariant.load
// CHECK: = load float, 
// CHECK-NOT: !invariant.load
// CHECK: {{^}}piece0.item.end:
