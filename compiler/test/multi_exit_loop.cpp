// A loop with a barrier and two exits (a break on a uniform value and the loop condition).
// Both tests are uniform and lead to different barriers (or the return), so both get
// implicit barriers: the loop's test ends the first piece, the break's test the piece after
// the real barrier. The loop counter is the same for all work-items: one slot for the tile,
// which each piece reads into a copy of its own.
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
// CHECK: [[R:%[.0-9a-z]+]].reg2mem.piece0 = alloca i32
// CHECK: [[R]].reg2mem = alloca i32
// CHECK: piece0.item.end:
// CHECK-NEXT: %exit = phi i32 [ {{[12]}}, %to.barrier{{[12]}} ], [ {{[12]}}, %to.barrier{{[12]}} ]
// CHECK: piece2.item.end:
// CHECK-NEXT: %exit{{[0-9]*}} = phi i32 [ {{[35]}}, %to.barrier{{[35]}} ], [ {{[35]}}, %to.barrier{{[35]}} ]
