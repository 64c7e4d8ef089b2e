// A throw before the barrier ends in `unreachable`: the piece keeps the throw and its
// unreachable, and the work-item loop goes on for the others.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
#include <stdexcept>
using namespace concurrency;

[[noreturn]] __attribute__((noinline)) void fail() { throw std::runtime_error("bad input"); }

void throwing(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    if (v[t.global] < 0) fail();
    t.barrier.wait();
    v[t.global] += 1;
  });
}

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK: call void @_Z4failv()
// CHECK-NEXT: unreachable
// CHECK: piece1.dim0:
