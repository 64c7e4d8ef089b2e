// Device code: a kernel that indexes a captured array of views by a variable (the work-item's
// position, a value it captured, a loop's counter) reads a view's data pointer at an offset
// it cannot know at compile time, `[N x view], ptr, 0, %k, 1` at -O2. C++ leaves an index
// outside the array undefined, so each of the array's N views is followed and every data
// pointer listed: the kernel gets its PTX instead of staying on the CPU.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --allow-empty %s < %t.remarks
#include <amp.h>
using namespace concurrency;

struct four_views {
  array_view<const float, 1> v[4];
};

// The object: `out` at 0, then the four views, 40 bytes each, their data 8 bytes in.
void gather(array_view<float, 1> out, four_views in) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = in.v[i[0] % 4][i]; });
}

// A captured C array of three views, indexed by a captured value.
void pick(array_view<float, 1> out, array_view<const float, 1> a, array_view<const float, 1> b,
          array_view<const float, 1> c, int which) {
  const array_view<const float, 1> views[3] = {a, b, c};
  parallel_for_each(out.extent,
                    [=](index<1> i) restrict(amp) { out[i] = views[which][i] + views[(which + 1) % 3][i]; });
}

// A loop over as many of the views as the kernel's bound says (`n` at 0: the views from 8).
void sum(array_view<float, 1> out, four_views in, int n) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    float s = 0;
    for (int k = 0; k < n; ++k)
      s += in.v[k][i];
    out[i] = s;
  });
}

// An array of more than 64 views stays on the CPU, saying why.
struct many_views {
  array_view<const float, 1> v[65];
};

void too_many(array_view<float, 1> out, many_views in) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = in.v[i[0] % 65][i]; });
}

// REMARK-NOT: remark
// REMARK: remark: {{.*}}too_many{{.*}} runs on the CPU only: it reads an address from its kernel object at a variable offset that is no index into an array of at most 64 elements
// REMARK-NOT: remark
// CHECK-DAG: [[GATHER:@ample.pointer_offsets[.0-9]*]] = private constant [5 x i32] [i32 8, i32 48, i32 88, i32 128, i32 168]
// CHECK-DAG: [[PICK:@ample.pointer_offsets[.0-9]*]] = private constant [4 x i32] [i32 8, i32 48, i32 88, i32 128]
// CHECK-DAG: [[SUM:@ample.pointer_offsets[.0-9]*]] = private constant [5 x i32] [i32 16, i32 56, i32 96, i32 136, i32 176]
// CHECK: call void @ample_register_device_code({{.*}}6gather{{.*}}[[GATHER]]{{.*}}, i32 5)
// CHECK: call void @ample_register_device_code({{.*}}4pick{{.*}}[[PICK]]{{.*}}, i32 4)
// CHECK: call void @ample_register_device_code({{.*}}3sum{{.*}}[[SUM]]{{.*}}, i32 5)
// CHECK-NOT: call void @ample_register_device_code({{.*}}8too_many
