// A per-work-item array live across a barrier in a 1024-item tile needs 1 MiB of context:
// over the cap, declined with a remark.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void large(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<1024>(), [=](tiled_index<1024> t) restrict(amp) {
    int own[256];
    for (int i = 0; i < 256; ++i) own[i] = v[t.global] + i;
    t.barrier.wait();
    int sum = 0;
    for (int i = 0; i < 256; ++i) sum += own[(i * 7) % 256];
    v[t.global] = sum;
  });
}

// CHECK: remark: {{.*}}tiled kernel runs on fibers: values kept across barriers need more than 512 KiB per tile
