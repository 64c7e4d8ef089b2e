// What a parallel_for_each kernel lambda captures: by value only (C3590), except
// concurrency::array and textures, which it captures by reference only (C3597); never a
// pointer or `this` (C3596), nor a value of a type amp code may not use (C3596). The first
// pointer captured in a translation unit names the opt-out, as code written for HCC captures
// host pointers.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

using namespace concurrency;

struct solver {
  int bias = 1;
  void run(array_view<int, 1> data) {
    parallel_for_each(data.extent, [=, this](index<1> i) restrict(amp) {  // expected-error {{[C3596] 'this' cannot be captured by a parallel_for_each kernel: it is a pointer}} \
                                                                       // expected-note {{code written for HCC or without C++ AMP's rules builds unchecked with '#define AMPLE_NO_RESTRICTION_CHECKS'}}
      data[i] = bias;
    });
  }
};

void launch(array_view<int, 1> data, array<int, 1>& values) {
  int offset = 1;
  int* pointer = &offset;
  char small = 1;
  parallel_for_each(data.extent, [=, &offset](index<1> i) restrict(amp) {  // expected-error {{[C3590] 'offset' is captured by reference}}
    data[i] = offset;
  });
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    data[i] = *pointer;  // expected-error {{[C3596] 'pointer' cannot be captured by a parallel_for_each kernel: it is a pointer}}
  });
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    data[i] = values[i];  // expected-error {{[C3597] 'values' is a concurrency::array captured by value}}
  });
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    data[i] = small;  // expected-error {{[C3596] 'small' cannot be captured by a parallel_for_each kernel: its type 'char' is not allowed}}
  });
  parallel_for_each(data.extent, [=, &values](index<1> i) restrict(amp) {  // allowed: array by reference
    data[i] = values[i] + offset;
  });
}

int main() {}
