// The tile tree of a reduction with sequential addressing: each step's piece runs only the
// work-items below s (TrimInactiveWorkItems), as a loop that stops at min(512, s), with no
// condition left in its body, and is skipped when s is 0.
// RUN: %front_end %s -o %t.ll
// RUN: %opt_o2 -pass-remarks=ample-compiled-barriers %t.ll -o /dev/null 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void reduce(array_view<const int, 1> a, array_view<int, 1> partial, int steps) {
  parallel_for_each(a.extent.tile<512>(), [=](tiled_index<512> t_idx) restrict(amp) {
    tile_static int t[512];
    const int local = t_idx.local[0];
    t[local] = a[t_idx.global];
    t_idx.barrier.wait();
    for (int s = steps; s > 0; s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (local == 0) partial[t_idx.tile] = t[0];
  });
}

// CHECK: remark: {{.*}}work-item loop stops after the work-items that pass its condition
// CHECK-NOT: remark:
