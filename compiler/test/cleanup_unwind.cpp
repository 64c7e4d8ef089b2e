// An object with a destructor lives across the barrier: if a work-item throws, the others
// that wait at the barrier must destroy theirs, as fibers unwind them. The barrier stays an
// invoke until the pieces are formed; throwing calls in the pieces unwind to one loop for the
// tile that runs the barrier's cleanup for each waiting work-item and then passes the
// exception on. The kernel compiles.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

struct counted {
  int* count;
  explicit counted(int* c) : count(c) { ++*count; }
  ~counted() { --*count; }
};

[[gnu::noinline]] void may_throw(int x);

void guarded(array_view<int, 1> v, int* live) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    counted guard(live);
    may_throw(v[t.global]);
    t.barrier.wait();
    v[t.global] = *live;
  });
}

// CHECK-NOT: remark: {{.*}}tiled kernel runs on fibers
// CHECK-NOT: call {{.*}}@ample_compiled_tile(
// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: call void @ample_tile_barrier_wait
// CHECK: unwind:
// CHECK-NEXT: %exception = phi { {{i8\*|ptr}}, i32 }
// The work-item that throws runs its own cleanup, then goes to the unwind loop.
// CHECK: invoke void @{{.*}}may_throw
// CHECK: landingpad { {{i8\*|ptr}}, i32 }
// CHECK-NEXT: cleanup
// CHECK: br label %unwind{{$}}
// CHECK: unwind.where:
// CHECK: %waits.at = select
// CHECK-NEXT: switch i32 %waits.at, label %unwind.next [
// CHECK-NEXT: i32 1, label %cleanup1
// CHECK: unwind.rethrow:
// CHECK-NEXT: resume { {{i8\*|ptr}}, i32 } %exception
