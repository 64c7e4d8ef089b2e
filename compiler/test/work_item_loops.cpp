// The innermost work-item loop counts along the tile's last dimension, carries the parallel
// access group and the marker that MarkParallelWorkItems looks for.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void cube(array_view<float, 3> v) {
  parallel_for_each(v.extent.tile<2, 4, 8>(), [=](tiled_index<2, 4, 8> t) restrict(amp) { v[t.global] += 1.0f; });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK: icmp ult i32 %{{.*}}, 2
// CHECK: icmp ult i32 %{{.*}}, 4
// CHECK: icmp ult i32 %{{.*}}, 8
// CHECK-NEXT: br i1 %{{.*}}, label %piece0.dim2, label %piece0.dim1.next, !llvm.loop ![[LOOP:[0-9]+]]
// CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[PARALLEL:[0-9]+]], ![[MARK:[0-9]+]]
// CHECK-DAG: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
// CHECK-DAG: ![[MARK]] = !{!"ample.work_item_loop"}
