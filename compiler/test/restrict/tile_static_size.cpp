// A tile shares at most 32 KB of tile_static memory (Direct3D's groupshared limit, which
// Visual C++'s kernels were compiled to): the variables of every function a kernel reaches
// count, each once.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

using namespace concurrency;

// Called twice: its variable is one object for the tile, counted once.
float staged(float value, int at) restrict(amp) {
  tile_static float stage[256];  // expected-note {{'stage' takes 1024 bytes}}
  stage[at] = value;
  return stage[255 - at];
}

void launch(array_view<float, 1> data) {
  // All of it: allowed.
  parallel_for_each(data.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
    tile_static float rows[8192];
    rows[t.local[0]] = data[t];
    t.barrier.wait();
    data[t] = rows[255 - t.local[0]];
  });
  // 32 KB in the kernel and 1 KB in a function it calls.
  parallel_for_each(data.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {  // expected-error {{[C++ AMP] the kernel's tile_static variables take 33792 bytes, more than the 32768 (32 KB) a tile may share}}
    tile_static float rows[8192];  // expected-note {{'rows' takes 32768 bytes}}
    rows[t.local[0]] = data[t];
    t.barrier.wait();
    data[t] = staged(rows[t.local[0]], t.local[0]) + staged(1.0f, t.local[0]);
  });
  // Doubles count 8 bytes each: 4097 of them are one double too many.
  parallel_for_each(data.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {  // expected-error {{the kernel's tile_static variables take 32776 bytes}}
    tile_static double wide[4097];  // expected-note {{'wide' takes 32776 bytes}}
    wide[t.local[0]] = data[t];
    t.barrier.wait();
    data[t] = static_cast<float>(wide[255 - t.local[0]]);
  });
}

int main() {}
