// A work-item loop whose condition is made of the counter and constants alone stops after the
// work-items that pass it, counted at compile time (TrimInactiveWorkItems), whatever form the
// condition takes: at -O2 Clang 14 and 15 keep a scan step's `(local + 1) * 2 * stride - 1 < 256` as
// `(local << k | m) < 256`, and an early return leaves the work-items that pass on the branch's
// other side. Conditions whose work-items are not the first ones (every other work-item, the
// upper half) leave the loop as it is.
// RUN: %full_o2 -Rpass=ample-compiled-barriers %s -o /dev/null 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void up_sweep_step(const tiled_index<256>& t, int (&buf)[256], int stride) restrict(amp) {
  t.barrier.wait();
  const int idx = (t.local[0] + 1) * stride * 2 - 1;
  if (idx < 256) buf[idx] += buf[idx - stride];
}

void up_sweep(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static int buf[256];
    buf[t.local[0]] = v[t.global];
    up_sweep_step(t, buf, 1);
    up_sweep_step(t, buf, 2);
    up_sweep_step(t, buf, 4);
    t.barrier.wait();
    v[t.global] = buf[t.local[0]];
  });
}

void early_return(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static int buf[256];
    const int local = t.local[0];
    buf[local] = v[t.global];
    t.barrier.wait();
    if (local * 3 > 100) return;
    v[t.global] = buf[local] + buf[local + 1];
  });
}

void not_the_first_ones(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static int buf[256];
    const int local = t.local[0];
    buf[local] = v[t.global];
    t.barrier.wait();
    if (local % 2 == 0) buf[local] += buf[local + 1];
    t.barrier.wait();
    if (local >= 128) buf[local] += buf[local - 128];
    t.barrier.wait();
    v[t.global] = buf[local];
  });
}

// CHECK: trimmed_counted_guard.cpp:14:7: remark: work-item loop stops after the work-items that pass its condition: 128 of 256
// CHECK: trimmed_counted_guard.cpp:14:7: remark: work-item loop stops after the work-items that pass its condition: 64 of 256
// CHECK: trimmed_counted_guard.cpp:14:7: remark: work-item loop stops after the work-items that pass its condition: 32 of 256
// CHECK: trimmed_counted_guard.cpp:35:9: remark: work-item loop stops after the work-items that pass its condition: 34 of 256
// CHECK-NOT: remark: work-item loop stops
