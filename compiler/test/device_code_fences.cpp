// Device code of C++ AMP's fences, which NVPTX cannot select for sm_75 as LLVM fences: the
// tile_static fence (a signal fence on the host, where a tile is one thread) orders the
// block's memory, `membar.cta`; the global and all-memory fences order global memory for
// the whole GPU, `membar.gl`; the barrier's fenced waits are `bar.sync 0`, which orders the
// block's memory itself. A std::atomic's sequentially consistent store and acquiring load (in
// a kernel that is not restrict(amp)) become monotonic ones with `membar.gl` before the store
// and after the load.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o %t.out.ll 2>%t.remarks
// RUN: FileCheck %s < %t.out.ll
// RUN: FileCheck --check-prefix=ATOMIC %s < %t.out.ll
// RUN: not grep remark %t.remarks
#include <amp.h>

#include <atomic>
using namespace concurrency;

void publish(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    shared[t.local[0]] = data[t.global];
    tile_static_memory_fence(t.barrier);
    data[t.global] += 1;
    global_memory_fence(t.barrier);
    data[t.global] += shared[63 - t.local[0]];
    all_memory_fence(t.barrier);
    t.barrier.wait_with_all_memory_fence();
    t.barrier.wait_with_global_memory_fence();
    t.barrier.wait_with_tile_static_memory_fence();
    data[t.global] += shared[t.local[0]];
  });
}

void flag(array_view<int, 1> data, std::atomic<int>& ready) {
  parallel_for_each(data.extent, [=, &ready](index<1> i) {
    ready.store(data[i]);
    data[i] = ready.load(std::memory_order_acquire);
  });
}

// CHECK: .entry ample_device_code_fences_cpp_19_45(
// CHECK-SAME: membar.cta;
// CHECK-SAME: membar.gl;
// CHECK-SAME: membar.gl;
// CHECK-SAME: bar.sync \090;
// CHECK-SAME: bar.sync \090;
// CHECK-SAME: bar.sync \090;
// ATOMIC: .entry ample_device_code_fences_cpp_35_34(
// ATOMIC-SAME: membar.gl;
// ATOMIC-SAME: st.{{[a-z.]*}}u32
// ATOMIC-SAME: ld.{{[a-z.]*}}u32
// ATOMIC-SAME: membar.gl;
