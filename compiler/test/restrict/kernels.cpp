// What a kernel and the functions it calls are: the kernel's call operator is restrict(amp) and
// takes its domain's index type; amp-restricted functions are not virtual or volatile, take no ellipsis,
// and are not recursive, directly or through others; amp code calls no function through a
// pointer. The first kernel that is not restrict(amp) names the opt-out, as code written for
// HCC, where restrict(amp) was optional, has many.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

using namespace concurrency;

struct shape {
  virtual int sides() const restrict(amp) { return 0; }  // expected-error {{[C3581] an amp-restricted function cannot be virtual}}
  int corners() volatile restrict(amp) { return 0; }    // expected-error {{[C3581] an amp-restricted function cannot be volatile}}
};

int sum(int count, ...) restrict(amp) { return count; }  // expected-error {{[C3581] an amp-restricted function cannot be variadic ('...')}}

int factorial(int n) restrict(amp) {
  return n <= 1 ? 1 : n * factorial(n - 1);  // expected-error {{[C++ AMP] 'factorial' is recursive}}
}

int odd(int n) restrict(amp);
int even(int n) restrict(amp) { return n == 0 ? 1 : odd(n - 1); }  // expected-error {{[C++ AMP] 'odd' is recursive}}
int odd(int n) restrict(amp) { return n == 0 ? 0 : even(n - 1); }  // expected-note {{'even' is called from 'odd' here}}

int twice(int x) restrict(amp) { return 2 * x; }

struct host_functor {
  void operator()(index<1>) const {}
};

void launch(array_view<int, 1> data) {
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    data[i] = factorial(i[0]) + odd(3);  // expected-note {{'factorial' is called from the kernel here}} \
                                         // expected-note {{'odd' is called from the kernel here}}
    int (*through)(int) restrict(amp) = twice;  // expected-error {{(a function pointer): unsupported type}} \
                                                // expected-error {{[C2440] 'twice' is restrict(amp)}}
    data[i] += through(1);  // expected-error {{[C3581] indirect calls (through function pointers or pointers to member functions) are not allowed}}
  });
  parallel_for_each(data.extent, [=](index<1> i) { data[i] = 1; });  // expected-error {{[C++ AMP] the kernel passed to parallel_for_each must be restrict(amp)}} \
                                                                    // expected-note {{code written for HCC or without C++ AMP's rules builds unchecked with '#define AMPLE_NO_RESTRICTION_CHECKS'}}
  parallel_for_each(data.extent, host_functor());  // expected-error {{[C++ AMP] the kernel passed to parallel_for_each must be restrict(amp)}}
  parallel_for_each(data.extent.tile<4>(), [=](index<1> i) restrict(amp) { data[i] = 1; });  // expected-error {{[C++ AMP] a kernel over 'tiled_extent<4, 0, 0>' takes one tiled_index (by value or const reference), not 'index<1>'}}
}

int main() {}
