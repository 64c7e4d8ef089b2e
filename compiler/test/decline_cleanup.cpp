// An object with a destructor lives across the barrier: if a work-item threw, fibers would
// unwind the waiting ones and destroy theirs; the pass declines, with a remark saying why,
// and leaves ample_compiled_tile() alone (the kernel runs on fibers).
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct counted {
  int* count;
  explicit counted(int* c) : count(c) { ++*count; }
  ~counted() { --*count; }
};

void guarded(array_view<int, 1> v, int* live) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    counted guard(live);
    t.barrier.wait();
    v[t.global] = *live;
  });
}

// CHECK: remark: {{.*}}tiled kernel runs on fibers: objects with destructors live across a barrier
// CHECK-NOT: .ample.tile
// CHECK: call {{.*}}@ample_compiled_tile(
