// Inline assembly in the kernel: declined with a remark.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void assembly(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    asm volatile("" ::: "memory");
    t.barrier.wait();
    v[t.global] = 1;
  });
}

// CHECK: remark: {{.*}}tiled kernel runs on fibers: the kernel contains inline assembly
// CHECK: call {{.*}}@ample_compiled_tile(
