// A step of a binomial tree in tile_static memory (Microsoft's option-pricing sample): each
// active work-item reads its right neighbour, `if (i < k) next = f(t[i + 1], t[i])`, waits,
// writes `if (i < k) t[i] = next`, and waits again. Two things kept both pieces from
// vectorising well:
// - GVN split the first loop's counter step into the condition's `i + 1` and a copy joined by
//   a phi, and the vectoriser could not count its iterations (JoinWorkItemSteps);
// - the condition was kept per work-item in a context array, so the second loop tested a
//   loaded flag; it is recomputed from the uniform k instead (FormWorkItemLoops), and the
//   second loop stops after the first k work-items (TrimInactiveWorkItems).
// RUN: %full_o2 -march=x86-64-v3 -Rpass='loop-vectorize|ample-compiled-barriers' %s -o /dev/null 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void walk_back(array_view<float, 1> out, float discount, float up, float down) {
  parallel_for_each(extent<1>(out.extent[0] * 256).tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static float value[256];
    const int i = t.local[0];
    value[i] = float(i);
    t.barrier.wait();
    for (int k = 255; k > 0; --k) {
      float next = 0;
      // CHECK-DAG: binomial_tree_step.cpp:[[@LINE+1]]:{{[0-9]+}}: remark: vectorized loop
      if (i < k) next = discount * (up * value[i + 1] + down * value[i]);
      t.barrier.wait();
      // CHECK-DAG: binomial_tree_step.cpp:[[@LINE+2]]:{{[0-9]+}}: remark: work-item loop stops after the work-items that pass its condition
      // CHECK-DAG: binomial_tree_step.cpp:[[@LINE+1]]:{{[0-9]+}}: remark: vectorized loop
      if (i < k) value[i] = next;
      t.barrier.wait();
    }
    if (i == 0) out[t.tile[0]] = value[0];
  });
}
