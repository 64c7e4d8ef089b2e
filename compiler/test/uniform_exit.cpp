// A piece whose exits a tile-uniform branch chooses (here on a captured value) cannot end in
// divergence, even with a branch on the work-item inside it that joins again before the
// choice: the tile goes where the last work-item went, and no divergence is looked for.
// The piece after the barriers returns in a branch on the work-item, so it keeps the check.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void choose(array_view<int, 1> v, int mode) {
  parallel_for_each(v.extent.tile<32>(), [=](tiled_index<32> t) restrict(amp) {
    if (t.local[0] % 2 == 0) v[t.global] *= 2;
    if (mode > 0) {
      t.barrier.wait();
      v[t.global] += 1;
    } else {
      t.barrier.wait_with_global_memory_fence();
      v[t.global] -= 1;
    }
    if (v[t.global] < 0) return;
    t.barrier.wait();
    v[t.global] += 3;
  });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK: piece0.item.end:
// CHECK-NEXT: %exit = phi i32
// CHECK-NEXT: br label %piece0.dim0.next
// CHECK-NOT: piece0.diverged:
// CHECK: switch i32 %exit, label %tile.done
// CHECK: piece{{[12]}}.diverged:
// CHECK: call void @ample_tile_diverged
