// Device code: tile_static variables become a block's static shared memory, of which ptxas
// allows 48 KiB ("uses too much shared data"). A kernel whose variables take more stays on the
// CPU, saying so, rather than carrying PTX the driver would refuse at its launch. C++ AMP's
// own limit is 32 KiB, which the restrict(amp) checker enforces (restrict/tile_static_size.cpp):
// this is for code built without it; the CPU engine runs more.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
#include <amp.h>
using namespace concurrency;

// 32 KiB of floats and `Ints` ints.
template <int Ints>
void tile_statics(array_view<float, 1> v) {
  parallel_for_each(v.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static float large[8192];
    tile_static int small[Ints];
    for (int k = t.local[0]; k < 8192; k += 256) large[k] = v[t.global] + k;
    for (int k = t.local[0]; k < Ints; k += 256) small[k] = k;
    t.barrier.wait();
    v[t.global] = large[t.local[0] * 7 % 8192] + small[t.local[0] * 3 % Ints];
  });
}

// The whole 48 KiB, and one int more.
template void tile_statics<4096>(array_view<float, 1>);
template void tile_statics<4097>(array_view<float, 1>);

// REMARK-NOT: remark
// REMARK: remark: {{.*}}tile_statics<4097>{{.*}} runs on the CPU only: its tile_static variables take 49156 bytes, more than the 49152 of a GPU block's static shared memory (C++ AMP allows 32 KiB)
// REMARK-NOT: remark
// CHECK: call void @ample_register_device_code({{.*}}tile_staticsILi4096E
// CHECK-NOT: call void @ample_register_device_code({{.*}}tile_staticsILi4097E
