// Code written for HCC, where restrict(amp) was optional and kernels shared the host's memory,
// breaks C++ AMP's rules in every kernel: the first such error of a translation unit (here a
// capture by reference) names the ways to build it unchecked; the errors after it do not.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

#include <vector>

using namespace concurrency;

void launch(array_view<int, 1> data, std::vector<int>& host) {
  int offset = 1;
  int* shared = host.data();
  parallel_for_each(data.extent, [&offset, data](index<1> i) restrict(amp) {  // expected-error {{[C3590] 'offset' is captured by reference}} \
                                                                             // expected-note {{code written for HCC or without C++ AMP's rules builds unchecked with '#define AMPLE_NO_RESTRICTION_CHECKS' in this translation unit, or with Ample configured -DAMPLE_CHECK_RESTRICTIONS=OFF}}
    data[i] = offset;
  });
  parallel_for_each(data.extent, [=](index<1> i) {  // expected-error {{[C++ AMP] the kernel passed to parallel_for_each must be restrict(amp)}}
    data[i] = shared[i[0]];  // expected-error {{[C3596] 'shared' cannot be captured by a parallel_for_each kernel: it is a pointer}}
  });
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
    data[i] = shared[i[0]];  // expected-error {{[C3596] 'shared' cannot be captured by a parallel_for_each kernel: it is a pointer}}
  });
}

int main() {}
