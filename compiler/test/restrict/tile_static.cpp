// C3584: tile_static declares uninitialised local storage of amp-compatible, non-pointer,
// non-view type (C3584), and only in amp-restricted code.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

using namespace concurrency;

struct pair_of_ints {
  int a, b;
};

void launch(array_view<int, 1> data) {
  parallel_for_each(data.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    tile_static int initialised = 3;          // expected-error {{[C3584] tile_static variable 'initialised' cannot have an initializer}}
    tile_static int* pointer;                 // expected-error {{[C3584] tile_static variable 'pointer' cannot have type 'int *'}}
    tile_static char bytes[4];                // expected-error {{[C3584] tile_static variable 'bytes' cannot have type 'char[4]'}}
    tile_static pair_of_ints pairs[4];        // allowed: a class of ints, default-constructed
    tile_static float shared[4];
    shared[t.local[0]] = 1.0f;
    pairs[t.local[0]].a = 1;
    t.barrier.wait();
    data[t] = initialised + static_cast<int>(shared[0]) + (pointer != nullptr) + pairs[0].a + bytes[0];
  });
}

void host() {
  tile_static int on_host;  // expected-error {{[C3584] tile_static variable 'on_host' can only be declared in amp-restricted code}}
  on_host = 1;
}

int main() {}
