// UBSan's function sanitizer gives functions prologue data holding their own address; the
// tile clone (in another section than a linkonce_odr body) must not keep the body's, which
// the assembler cannot encode ("Cannot represent a difference across sections").
// RUN: %front_end -fsanitize=function %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

template <int T>
void reverse(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
    tile_static int s[T];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[T - 1 - t.local[0]];
  });
}
template void reverse<32>(array_view<int, 1>);

// CHECK: define internal void @{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: prologue
// CHECK-SAME: {{{$}}
