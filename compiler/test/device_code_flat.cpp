// Device code: a flat kernel over two views, compiled to PTX from the front end's IR and
// registered from a constructor. The kernel object arrives by value in parameter space
// (sizeof: 2 views of 48 bytes and a float, 8-aligned), the index from the block and thread
// registers (x the last dimension), the views' data through global loads and stores.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void scale(array_view<float, 2> out, array_view<const float, 2> in, float factor) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) { out[i] = in[i] * factor + 1.0f; });
}

// CHECK: @ample.ptx = private unnamed_addr constant {{.*}}.target sm_75
// CHECK-SAME: .visible .entry ample_device_code_flat_cpp_11_33(
// CHECK-SAME: .param .align 8 .b8 ample_device_code_flat_cpp_11_33_param_0[104],
// CHECK-SAME: .param .u32 ample_device_code_flat_cpp_11_33_param_1,
// Both block registers, in whichever order the major schedules them.
// CHECK-SAME: %ctaid.{{[xy]}}
// CHECK-SAME: %ctaid.{{[xy]}}
// CHECK-SAME: ld.global.f32
// CHECK-SAME: st.global.f32
// CHECK-NEXT: @0 = private unnamed_addr constant {{.*}} c"ample_device_code_flat_cpp_11_33\00"
// CHECK-NEXT: @1 = private unnamed_addr constant {{.*}} c"scale(Concurrency::array_view<float, 2>, Concurrency::array_view<float const, 2>, float)::$_0 at {{.*}}device_code_flat.cpp:11:33\00"
// CHECK: @llvm.global_ctors = {{.*}} @ample.register_device_code
// CHECK: define internal void @ample.register_device_code()
// CHECK-NEXT: entry:
// CHECK-NEXT: call void @ample_register_device_code({{.*}}device_entry{{.*}}@ample.ptx{{.*}}@0{{.*}}@1

// A rank-2 extent's rows go on in the grid's z beyond the 65535 blocks a grid has along y
// (gpu_grid_of()): the row of a block is ctaid.y + ctaid.z * nctaid.y.
// RUN: %ample_device_code %t.ll -o - | FileCheck --check-prefix=ROWS %s
// ROWS-DAG: %ctaid.z
// ROWS-DAG: %nctaid.y
