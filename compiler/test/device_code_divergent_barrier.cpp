// Device code of tiled kernels whose barriers some work-items of a tile may not reach, and of a
// non-tiled kernel that waits at a barrier it was handed (C++ AMP leaves both undefined; the
// CPU engine reports them, a GPU would hang or run on): such a kernel keeps only its CPU
// form, with a remark. Barriers that every work-item reaches, in a loop whose trip count every
// work-item shares, after a branch on the tile's position, or between branches on a
// work-item's own position, do not count: those kernels get their PTX. Nor does a loop bound
// read from the kernel object in each way of a divergent branch: the optimiser loads the
// capture where one way needed it and again on the other way (GVN's PRE), and a phi joins two
// copies of one value, which every work-item has the same. Nor a branch on a view's element at
// a uniform index that the optimiser loads again after a store on one way of a divergent
// branch: no barrier lies between the loads, so every work-item reads the element in one
// barrier interval, where a store that changed it would race with the other work-items' reads.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
#include <amp.h>
using namespace concurrency;

void kernels(array_view<int, 1> v, int rounds) {
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    if (t.local[0] < 32) return;
    t.barrier.wait();
    v[t.global] = 1;
  });
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    for (int i = 0; i < t.local[0] % 3; ++i) t.barrier.wait();
    v[t.global] = 2;
  });
  parallel_for_each(v.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int shared[64];
    if (t.tile[0] % 2 == 0) shared[t.local[0]] = 0;
    for (int i = 0; i < rounds; ++i) {
      shared[t.local[0]] += i;
      t.barrier.wait();
    }
    v[t.global] = shared[63 - t.local[0]];
  });
}

// A histogram whose barriers sit between two branches on the same divergent condition: jump
// threading would join the branches, copying the barriers into both ways, were the device
// functions not convergent.
void histogram(array_view<const int, 1> in, array_view<int, 1> bins) {
  parallel_for_each(in.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static unsigned int counts[16];
    const int l = t.local[0];
    if (l < 16) counts[l] = 0u;
    t.barrier.wait();
    atomic_fetch_inc(&counts[in[t.global] % 16]);
    t.barrier.wait();
    if (l < 16) atomic_fetch_add(&bins[l], static_cast<int>(counts[l]));
  });
}

void flat(array_view<int, 1> v, tile_barrier kept) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
    kept.wait();
    v[i] = 3;
  });
}

// After a loop whose trip count is the work-item's own, which reads the capture `a`, a loop of
// barriers bounded by `a` (minimised from the one kernel of 24 that tiled fuzz seed 80003 kept
// on the CPU).
void captured_after_divergence(array_view<const int, 1> in, array_view<int, 1> out, unsigned a) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static unsigned s[64];
    const unsigned lx = unsigned(t.local[0]);
    unsigned acc = unsigned(in[t.global]);
    for (unsigned j = 0u; j < lx % 6u; ++j) {
      out[t.global] = 0;
      acc = unsigned(in[t.tile_origin]) | (a * lx);
    }
    for (unsigned i = 0u; i < (unsigned(t.tile[0]) ^ a) % 4u; i += 2u) {
      t.barrier.wait();
      s[lx] = acc;
      t.barrier.wait();
      acc += s[63u - lx];
    }
    out[t.global] = int(acc);
  });
}

// Minimised from kernel 0 of tiled fuzz seed 34 (Clang 19): the store to `out` may alias `in`.
void reloaded_after_store(array_view<const int, 1> in, array_view<int, 1> out) {
  parallel_for_each(out.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    const int first = in[t.tile_origin];
    if (t.local[0] % 3 == 0)
      out[t.global] = first;
    if (in[t.tile_origin] % 2 == 0) {
      s[t.local[0]] = first;
      t.barrier.wait();
      out[t.global] += s[63 - t.local[0]];
    }
  });
}

// REMARK: remark: {{.*}}kernel kernels(Concurrency::array_view<int, 1>, int)::$_0 at {{.*}}device_code_divergent_barrier.cpp:20:42 runs on the CPU only: it waits at a tile_barrier that some work-items of a tile may not reach
// REMARK-NEXT: remark: {{.*}}kernel kernels(Concurrency::array_view<int, 1>, int)::$_1 at {{.*}}device_code_divergent_barrier.cpp:25:42 runs on the CPU only: it waits at a tile_barrier that some work-items of a tile may not reach
// REMARK-NEXT: remark: {{.*}}kernel flat(Concurrency::array_view<int, 1>, Concurrency::tile_barrier)::$_{{[0-9]+}} at {{.*}}device_code_divergent_barrier.cpp:56:31 runs on the CPU only: it waits at a tile_barrier outside a tiled kernel
// REMARK-NOT: remark
// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_divergent_barrier_cpp_29_42(
// CHECK-SAME: bar.sync \090
// CHECK: @ample.ptx.{{[0-9]+}} = {{.*}}.entry ample_device_code_divergent_barrier_cpp_44_43(
// CHECK-SAME: bar.sync \090
// CHECK-SAME: bar.sync \090
// CHECK-NOT: bar.sync
// CHECK: @ample.ptx.{{[0-9]+}} = {{.*}}.entry ample_device_code_divergent_barrier_cpp_66_44(
// CHECK-SAME: bar.sync \090
// CHECK: @ample.ptx.{{[0-9]+}} = {{.*}}.entry ample_device_code_divergent_barrier_cpp_86_44(
// CHECK-SAME: bar.sync \090
// CHECK: call void @ample_register_device_code(
// CHECK: call void @ample_register_device_code(
// CHECK: call void @ample_register_device_code(
// CHECK: call void @ample_register_device_code(
// CHECK-NOT: call void @ample_register_device_code(
