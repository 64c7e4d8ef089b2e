// C3561: every work-item of a tile reaches each barrier. A barrier under a condition that
// depends on the work-item's index (its global or local coordinates, or a local variable
// computed from them), or after a return under such a condition, is refused; barriers under
// conditions uniform over the tile are not.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

using namespace concurrency;

void launch(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    if (t.local[0] < 4) t.barrier.wait();  // expected-error {{[C3561] tile barrier in control flow that depends on the work-item's index ('t.local')}}
  });
  parallel_for_each(data.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    int row = t.global[0] * 2;
    int half = row / 2;
    while (half > 0) {
      t.barrier.wait_with_tile_static_memory_fence();  // expected-error {{[C3561] tile barrier in control flow that depends on the work-item's index ('half')}}
      --half;
    }
  });
  parallel_for_each(data.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    if (data[t] == 0) return;  // data-dependent: left to the run-time check
    if (t.local[0] == 7) return;
    t.barrier.wait();  // expected-error {{[C3561] tile barrier in control flow that depends on the work-item's index ('t.local')}}
  });
  parallel_for_each(data.extent.tile<8>(), [=](tiled_index<8> t) restrict(amp) {
    tile_static int sum[8];
    sum[t.local[0]] = data[t];
    t.barrier.wait();
    for (int s = 4; s > 0; s /= 2) {  // uniform over the tile
      if (t.local[0] < s) sum[t.local[0]] += sum[t.local[0] + s];
      t.barrier.wait();
    }
    if (t.tile[0] % 2 == 0) t.barrier.wait();  // the tile's index is the same for all its work-items
    data[t] = sum[0];
  });
}

int main() {}
