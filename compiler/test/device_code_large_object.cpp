// Device code: a kernel object larger than a launch's 4 KiB of parameters (a table of 2048
// floats and a view) travels in global memory: the kernel takes its address, a 64-bit
// parameter, and reads the table and the view's data pointer through it with global loads.
// The view's data pointer is still registered (8 bytes into the object, after the view's
// extent), for the runtime to point at the GPU's copy before the object is copied there.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct coefficients {
  float values[2048];
};

void add_table(array_view<float, 1> v, coefficients table) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += table.values[2047 - i[0]]; });
}

// CHECK: [[OFFSETS:@ample.pointer_offsets[.0-9]*]] = private constant [1 x i32] [i32 8]
// CHECK: @ample.ptx = {{.*}}.visible .entry ample_device_code_large_object_cpp_16_31(
// CHECK-SAME: .param .u64 ample_device_code_large_object_cpp_16_31_param_0,
// CHECK-SAME: .param .u32 ample_device_code_large_object_cpp_16_31_param_1,
// CHECK-NOT: .param .align {{.*}}[
// The object's bytes are read-only: the loads go through the non-coherent cache.
// CHECK-SAME: ld.global.nc.u64
// CHECK: call void @ample_register_device_code({{.*}}[[OFFSETS]]{{.*}}, i32 1)
