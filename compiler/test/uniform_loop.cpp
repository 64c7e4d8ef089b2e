// A barrier pair inside a loop every work-item runs the same number of times (the seed's
// tiled matrix multiplication): three pieces, a dispatch between them, no barrier call left,
// no divergence check, and ample_compiled_tile() answers with the compiled tile.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void multiply(array_view<const int, 2> a, array_view<const int, 2> b, array_view<int, 2> c) {
  parallel_for_each(c.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
    tile_static int la[16][16], lb[16][16];
    int row = t.local[0], col = t.local[1], sum = 0;
    for (int i = 0; i < a.extent[1]; i += 16) {
      la[row][col] = a(t.global[0], col + i);
      lb[row][col] = b(row + i, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < 16; k++) sum += la[row][k] * lb[k][col];
      t.barrier.wait();
    }
    c[t.global] = sum;
  });
}

// CHECK-NOT: call {{.*}}@ample_compiled_tile(
// CHECK: define internal void @{{.*}}run_item{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: call void @ample_tile_barrier_wait
// CHECK-DAG: piece0.dim0:
// CHECK-DAG: piece0.dim1:
// CHECK-DAG: piece1.dim1:
// CHECK-DAG: piece2.dim1:
// The barrier check is inline (against current_tile); only a foreign barrier calls the library.
// CHECK-DAG: load {{.*}}@_ZN5ample6detail12current_tileE
// CHECK-DAG: {{^}}barrier{{[0-9]+}}.misused:
// CHECK-DAG: call void @ample_tile_barrier_check
// The loop's condition is tile-uniform: the tile goes where the last work-item went, and no
// divergence is looked for.
// CHECK-DAG: switch i32 %exit{{[0-9]*}}, label %tile.done
// CHECK-NOT: ample_tile_diverged
// CHECK: {{^}}}
