// Device code of a tiled kernel (the seeds' Fig. 5 matmul): a block is a tile, of the tile's
// exact shape; tile_static arrays become shared memory, each barrier the block's `bar.sync 0`
// (\09 in the IR is the tab between the two); the kernel object (three views and an int) is
// the only parameter.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: not grep remark %t.remarks
#include <amp.h>
using namespace concurrency;

void multiply(array_view<const float, 2> a, array_view<const float, 2> b, array_view<float, 2> c, int n) {
  parallel_for_each(c.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
    const int row = t.local[0], col = t.local[1];
    float sum = 0.0f;
    for (int i = 0; i < n; i += 16) {
      tile_static float sa[16][16], sb[16][16];
      sa[row][col] = a(t.global[0], col + i);
      sb[row][col] = b(row + i, t.global[1]);
      t.barrier.wait();
      for (int k = 0; k < 16; ++k) sum += sa[row][k] * sb[k][col];
      t.barrier.wait();
    }
    c[t.global] = sum;
  });
}

// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_tiled_cpp_12_46(
// CHECK-SAME: .param .align 8 .b8 ample_device_code_tiled_cpp_12_46_param_0[152]
// CHECK-SAME: )
// CHECK-SAME: .reqntid 16, 16, 1
// CHECK-SAME: .shared .align {{[0-9]+}} .b8 {{[A-Za-z0-9_$]+}}[1024];
// CHECK-SAME: .shared .align {{[0-9]+}} .b8 {{[A-Za-z0-9_$]+}}[1024];
// CHECK-SAME: %ctaid.x
// CHECK-SAME: %tid.x
// CHECK-SAME: bar.sync \090;
// CHECK-SAME: ld.shared.f32
// CHECK-SAME: bar.sync \090;
// CHECK-SAME: st.global.f32
