// Device code: a kernel that picks one of its views by a condition reads the view's data
// pointer at one of a few offsets in the kernel object (-O2 makes the choice a select, or a
// phi in a loop, of offsets into the object); each offset is followed, and every pointer it
// may read is registered, so the kernel gets its PTX instead of staying on the CPU.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --allow-empty %s < %t.remarks
#include <amp.h>
using namespace concurrency;

// A select: `which` at 0, then the views out, a and b, 40 bytes each, their data 8 bytes in.
void choose(array_view<float, 1> out, array_view<const float, 1> a, array_view<const float, 1> b, int which) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    const array_view<const float, 1>& source = (which + i[0]) % 2 ? a : b;
    out[i] = source[i] * 2.0f;
  });
}

struct pair_of_views {
  array_view<const float, 1> first, second;
};

// A loop that alternates between two views.
void alternate(array_view<float, 1> out, pair_of_views views, int n) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    float sum = 0;
    for (int k = 0; k < n; ++k) {
      const array_view<const float, 1>& source = k % 2 ? views.first : views.second;
      sum += source[i];
    }
    out[i] = sum;
  });
}

// REMARK-NOT: remark
// CHECK-DAG: [[CHOSEN:@ample.pointer_offsets[.0-9]*]] = private constant [3 x i32] [i32 16, i32 56, i32 96]
// CHECK: call void @ample_register_device_code({{.*}}6choose{{.*}}[[CHOSEN]]{{.*}}, i32 3)
// CHECK: call void @ample_register_device_code({{.*}}9alternate{{.*}}, i32 3)
