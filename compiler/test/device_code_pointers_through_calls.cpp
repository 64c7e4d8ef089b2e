// Device code: the kernel object's pointers that device code reads in a function the kernel
// calls out of line (a kernel body too large for the inliner; here every call, by a negative
// inline threshold) are found there, through the object's address passed down, at the same
// offsets: the two views' data pointers, 8 bytes into each 40-byte rank-1 view.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code -inline-threshold=-100000 %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct view_pair {
  array_view<int, 1> out;
  array_view<const int, 1> in;
};

void add_one(const view_pair& p, index<1> i) restrict(amp) { p.out[i] = p.in[i] + 1; }

void through_call(array_view<int, 1> out, array_view<const int, 1> in) {
  const view_pair p{out, in};
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { add_one(p, i); });
}

// CHECK: [[OFFSETS:@ample.pointer_offsets[.0-9]*]] = private constant [2 x i32] [i32 8, i32 48]
// CHECK-SAME: {{$}}
// CHECK: {{\.func.*add_one}}
// CHECK: call void @ample_register_device_code({{.*}}12through_call{{.*}}[[OFFSETS]]{{.*}}, i32 2)
