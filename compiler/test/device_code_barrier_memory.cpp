// A barrier orders the tile_static memory of a GPU block: what one thread stored before it,
// every thread loads after it. The optimiser must not move the load above the barrier on the
// way of the threads that did not store, as LLVM 14's GVN did (forwarding the stored value on
// the storing thread's way, loading early on the others') while GlobalsAA took `bar.sync` for a
// call that cannot write a tile_static variable (DeviceTarget.cpp, DevicePasses).
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void broadcast(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared;
    if (t.local[0] == 1)
      shared = in[t.global] * 3;
    t.barrier.wait();
    out[t.global] = shared + 1;
  });
}

// CHECK: .entry ample_device_code_barrier_memory_cpp_12_44(
// CHECK-SAME: st.shared.u32
// CHECK-SAME: bar.sync \090
// CHECK-SAME: ld.shared.u32
