// Device code of C++ AMP's atomics: std::atomic_ref's operations are atomicrmw and cmpxchg in
// the IR, which NVPTX makes global atomics (the max/min loops of compare-exchange included).
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: not grep remark %t.remarks
#include <amp.h>
using namespace concurrency;

void histogram(array_view<const int, 1> data, array_view<unsigned, 1> bins, array_view<int, 1> extremes) {
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    const int v = data[i];
    atomic_fetch_add(&bins[v & 15], 1u);
    atomic_fetch_max(&extremes[0], v);
    atomic_exchange(&extremes[1], v);
  });
}

// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_atomics_cpp_10_34(
// CHECK-SAME: atom.global.add.u32
// CHECK-SAME: atom.global.cas.b32
