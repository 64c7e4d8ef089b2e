// A barrier reached through recursion cannot be inlined away: declined with a remark.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void rounds(const tiled_index<16>& t, int n) {
  if (n == 0) return;
  t.barrier.wait();
  rounds(t, n - 1);
}

void recursive(array_view<int, 1> v, int n) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    rounds(t, n);
    v[t.global] = n;
  });
}

// CHECK: remark: {{.*}}tiled kernel runs on fibers: the kernel recurses through
