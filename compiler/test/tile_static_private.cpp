// tile_static variables that only the compiled tile touches become one stack object of the
// tile function, shared by all its work-item loops; the fibers' body keeps the thread_local.
// A tile_static that a function outside the tile function also names, and that function runs
// during the tile, stays thread_local.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_passes %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

void reverse_in_tiles(array_view<float, 2> v) {
  parallel_for_each(v.extent.tile<16, 16>(), [=](tiled_index<16, 16> t) restrict(amp) {
    tile_static float sh[16][16];
    sh[t.local[0]][t.local[1]] = v[t.global];
    t.barrier.wait();
    v[t.global] = sh[t.local[1]][t.local[0]];
  });
}

// The kernel and a function it calls (not inlined) name one thread_local.
static thread_local int total;
[[gnu::noinline]] void add_to_total(int x) restrict(amp) { total += x; }

void counted(array_view<int, 1> v) {
  parallel_for_each(v.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    if (t.local[0] == 0)
      total = 0;
    t.barrier.wait();
    if (t.local[0] == 0)
      add_to_total(v[t.global]);
    t.barrier.wait();
    v[t.global] = total;
  });
}

// CHECK-LABEL: define internal void @{{.*}}reverse_in_tiles{{.*}}.ample.tile{{"?}}(
// CHECK: %{{"?.*}}2sh.tile{{"?}} = alloca [16 x [16 x float]], align {{[0-9]+}}, !ample.tile_static
// Zeroed when the tile starts (an undef start value misleads LLVM 14's vectoriser).
// CHECK: call void @llvm.memset.{{.*}}, i8 0, i64 1024,
// CHECK-NOT: @{{.*}}2sh
// CHECK: {{^}}}
// CHECK-LABEL: define internal void @{{.*}}counted{{.*}}.ample.tile{{"?}}(
// CHECK-NOT: ample.tile_static
// CHECK: @_ZL5total
// CHECK: {{^}}}
