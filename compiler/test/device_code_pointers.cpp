// Device code: the offsets in the kernel object of the pointers the device code reads,
// registered with the PTX. Views' data pointers (8 bytes into each 48-byte view, after its
// extent) are what the runtime points at the device's copies; an array captured by reference
// is a pointer too (at 0 here), which the runtime finds in no view, and so runs that kernel on
// the CPU engine.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void views(array_view<float, 2> out, array_view<const float, 2> in, float factor) {
  parallel_for_each(out.extent, [=](index<2> i) restrict(amp) { out[i] = in[i] * factor + 1.0f; });
}

void by_reference(array<int, 1>& a, array_view<int, 1> v) {
  parallel_for_each(v.extent, [=, &a](index<1> i) restrict(amp) { v[i] = a[i]; });
}

// One view and a value: one pointer.
void values_only(array_view<int, 1> v, int scale) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = i[0] * scale; });
}

// CHECK-DAG: [[VIEWS:@ample.pointer_offsets[.0-9]*]] = private constant [2 x i32] [i32 8, i32 56]
// CHECK-DAG: [[REFERENCE:@ample.pointer_offsets[.0-9]*]] = private constant [2 x i32] [i32 0, i32 16]
// CHECK-DAG: [[ONE_VIEW:@ample.pointer_offsets[.0-9]*]] = private constant [1 x i32] [i32 8]
// CHECK: call void @ample_register_device_code({{.*}}5views{{.*}}[[VIEWS]]{{.*}}, i32 2)
// CHECK: call void @ample_register_device_code({{.*}}12by_reference{{.*}}[[REFERENCE]]{{.*}}, i32 2)
// CHECK: call void @ample_register_device_code({{.*}}11values_only{{.*}}[[ONE_VIEW]]{{.*}}, i32 1)
