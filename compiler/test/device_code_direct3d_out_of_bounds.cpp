// Device code in the Direct3D out-of-bounds mode: the scratch element that an access outside
// the extent refers to, a thread_local on the host, becomes a variable of each GPU thread's
// frame (ptxas refuses module-scope .local variables), and once the kernel is one function
// reads outside the extent are branches around the load, writes there no store at all: the
// scratch needs no local memory. A struct element type, read and written outside the extent,
// takes the same path (its store stays generic: its address comes through a phi).
// RUN: %front_end -DAMPLE_DIRECT3D_OUT_OF_BOUNDS %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.remarks
// RUN: %ample_device_code %t.ll -o - 2>/dev/null | FileCheck %s --check-prefix=NO-LOCAL
#include <amp.h>
using namespace concurrency;

void shifted(array_view<float, 1> out, array_view<const float, 1> in) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = in[i + 1] + in[i - 1]; });
}

struct pair {
  int a, b;
};

void pairs(array_view<pair, 2> v) {
  parallel_for_each(v.extent, [=](index<2> i) restrict(amp) {
    v[i + index<2>(0, 1)].a = v[i].b;  // dropped in the last column
  });
}

// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_direct3d_out_of_bounds_cpp_{{[0-9]+}}_33(
// CHECK-SAME: ld.global.f32
// CHECK-SAME: ld.global.f32
// CHECK-SAME: st.global.f32
// CHECK: @ample.ptx{{.*}} = {{.*}}.entry ample_device_code_direct3d_out_of_bounds_cpp_{{[0-9]+}}_31(
// CHECK-SAME: ld.global.u32
// CHECK-SAME: st.u32
// NO-LOCAL-NOT: .local
// REMARK-NOT: remark
