// A cascading reduction's first step: each work-item sums a strided run of the input, then the
// tile sums those in tile_static. The work-items of a row run that loop in lockstep
// (LockstepInnerLoops): in round k each reads a[base + k * stride + w], so the round is a vector
// loop over the row with consecutive loads, plain where every work-item is still in its loop
// (the ".full" copy) and masked where some have left. A loop along the work-item's own row of a
// matrix is contiguous already, and stays one loop per work-item.
// RUN: %front_end %s -o %t.ll
// RUN: %opt_o2 -pass-remarks=ample-compiled-barriers %t.ll -o %t.o2.ll 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.o2.ll
#include <amp.h>
using namespace concurrency;

void cascade(array_view<const int, 1> a, array_view<int, 1> partial) {
  const int size = a.extent[0];
  parallel_for_each(extent<1>(64 * 256).tile<256>(), [=](tiled_index<256> t_idx) restrict(amp) {
    tile_static int t[256];
    int sum = 0;
    for (int i = t_idx.global[0]; i < size; i += 64 * 256) sum += a[i];
    t[t_idx.local[0]] = sum;
    t_idx.barrier.wait();
    if (t_idx.local[0] == 0) {
      int total = 0;
      for (int k = 0; k < 256; ++k) total += t[k];
      partial[t_idx.tile] = total;
    }
  });
}

void row_sums(array_view<const int, 2> m, array_view<int, 1> sums) {
  const int width = m.extent[1];
  parallel_for_each(sums.extent.tile<64>(), [=](tiled_index<64> t_idx) restrict(amp) {
    int sum = 0;
    for (int k = 0; k < width; ++k) sum += m(t_idx.global[0], k);
    t_idx.barrier.wait();
    sums[t_idx.global] = sum;
  });
}

// REMARK: remark: {{.*}}work-items run their inner loop in lockstep, one iteration of each at a time
// REMARK-NOT: in lockstep

// The rounds: a round in which every work-item of the row (256) stayed in its loop runs the
// copy without masks, whose loads of `a` (the ones with TBAA; the slots have none) are vector
// loads.
// CHECK: define internal void @{{.*}}cascade{{.*}}run_chunk
// CHECK: lockstep.round:
// CHECK: icmp eq i32 %round.stayed, 256
// CHECK: vector.body{{[0-9]*}}:
// CHECK: load <{{[0-9]+}} x i32>, {{.*}}!tbaa
// CHECK: define internal void @{{.*}}row_sums{{.*}}run_chunk
// CHECK-NOT: lockstep.round
// CHECK: ret void
