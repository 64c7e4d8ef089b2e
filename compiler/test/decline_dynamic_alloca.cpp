// Stack memory of a size known only at run time: declined with a remark.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

void fill(int* scratch, int n);  // elsewhere: the memory must stay

void dynamic(array_view<int, 1> v, int n) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    int* scratch = static_cast<int*>(__builtin_alloca(sizeof(int) * n));
    fill(scratch, n);
    t.barrier.wait();
    v[t.global] = scratch[n - 1];
  });
}

// CHECK: remark: {{.*}}tiled kernel runs on fibers: the kernel allocates stack memory of variable size
