// A barrier inside a try block with a handler: a waiting work-item's unwinding would reach the
// handler, which could catch it and go on. The pass declines, with a remark saying why, and
// leaves ample_compiled_tile() alone (the kernel runs on fibers).
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void handled(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    try {
      t.barrier.wait();
    } catch (...) {
      v[t.global] = -1;
      throw;
    }
    v[t.global] = 1;
  });
}

// CHECK: remark: {{.*}}tiled kernel runs on fibers: a barrier waits inside a try block with a handler
// CHECK-NOT: .ample.tile
// CHECK: call {{.*}}@ample_compiled_tile(
