// Steps of a scan's down-sweep with constant strides, each guarded by `local < 128 / stride`:
// each piece's work-item loop stops after the active work-items, a number known at compile
// time (TrimInactiveWorkItems). A loop left with a count that is not a multiple of 16 loses its
// interleave count of 2, as FormWorkItemLoops gives none to such a row: below 16 iterations the
// vectoriser folds the tail into masks, and LLVM 14 then moved one interleaved work-item's load
// below its own masked store to the same address
// (tests/tiled_fuzz/regressions/clang14_o3_blelloch_scan.cpp). So four loops are interleaved,
// not five.
// RUN: %full_o2 -march=x86-64-v3 -Rpass='loop-vectorize|ample-compiled-barriers' %s -o /dev/null 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void sweep_step(const tiled_index<256>& t, int (&buf)[256], int stride) restrict(amp) {
  t.barrier.wait();
  if (t.local[0] < 128 / stride) {
    const int idx = (t.local[0] + 1) * stride * 2 - 1;
    const int left = buf[idx - stride];
    buf[idx - stride] = buf[idx];
    buf[idx] += left;
  }
}

void down_sweep(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static int buf[256];
    buf[t.local[0]] = v[t.global];
    sweep_step(t, buf, 16);
    sweep_step(t, buf, 8);
    sweep_step(t, buf, 4);
    sweep_step(t, buf, 2);
    sweep_step(t, buf, 1);
    t.barrier.wait();
    v[t.global] = buf[t.local[0]];
  });
}

// CHECK: remark: work-item loop stops after the work-items that pass its condition: 8 of 256
// CHECK: remark: work-item loop stops after the work-items that pass its condition: 16 of 256
// CHECK: remark: work-item loop stops after the work-items that pass its condition: 32 of 256
// CHECK: remark: work-item loop stops after the work-items that pass its condition: 64 of 256
// CHECK: remark: work-item loop stops after the work-items that pass its condition: 128 of 256
// CHECK-COUNT-4: interleaved count: 2
// CHECK-NOT: interleaved count: 2
