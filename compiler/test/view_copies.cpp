// Views passed by value to a function that waits at a barrier, as seed 003's transposes do:
// each copy lives across the barrier. On the host a copy shares ownership of the buffer (an
// atomic count, and a destructor that may free it); inside a kernel it only points at it
// (kernel_context.hpp), and a tile clone runs only inside a kernel, so the pass reads the
// library's in_kernel flag as true. The copies' destructors then do nothing, the barrier has
// no cleanup, and the tile needs neither an unwind loop nor a record of each work-item's exit.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void transpose_tile(tiled_index<16, 16> t, array_view<const float, 1> a, array_view<float, 1> b,
                    int n) restrict(amp) {
  tile_static float sh[16][16];
  const int x = t.tile[1] * 16, y = t.tile[0] * 16;
  sh[t.local[0]][t.local[1]] = a[(y + t.local[0]) * n + x + t.local[1]];
  t.barrier.wait();
  b[(x + t.local[0]) * n + y + t.local[1]] = sh[t.local[1]][t.local[0]];
}

void transpose(array_view<const float, 1> a, array_view<float, 1> b, int n) {
  parallel_for_each(extent<2>(n, n).tile<16, 16>(),
                    [=](tiled_index<16, 16> t) restrict(amp) { transpose_tile(t, a, b, n); });
}

// CHECK-NOT: remark: {{.*}}tiled kernel runs on fibers
// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: in_kernel
// CHECK-NOT: atomicrmw
// CHECK-NOT: landingpad
// CHECK-NOT: unwind.item:
// CHECK: piece1:
// CHECK-NOT: landingpad
// CHECK-NOT: unwind.item:
// CHECK: {{^}$}}
