// Device code: the library's checks that valid kernels reach (a section's bounds, the sizes
// of a reinterpret_as and a view_as) throw on the CPU engine; in device code they trap
// instead, so such a kernel still gets its PTX, without the exception's construction and
// throw.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --allow-empty %s < %t.remarks
#include <amp.h>
using namespace concurrency;

void rows(array_view<int, 2> v) {
  parallel_for_each(extent<1>(v.extent[0]), [=](index<1> i) restrict(amp) {
    array_view<int, 2> row = v.section(index<2>(i[0], 0), extent<2>(1, v.extent[1]));
    row(0, 0) += 1;
  });
}

void pairs(array_view<const float, 1> v, array_view<double, 1> out) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = v.reinterpret_as<const double>()[i] + v.view_as(extent<2>(out.extent[0], 2))(i[0], 1);
  });
}

// REMARK-NOT: remark
// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_checks_cpp_12_45(
// CHECK-SAME: trap;
// CHECK: @ample.ptx{{.*}} = {{.*}}.entry ample_device_code_checks_cpp_19_33(
// CHECK-SAME: trap;
// CHECK-SAME: trap;
// CHECK: call void @ample_register_device_code(
