// A <ppl.h> port's parallel_for_each(first, last, f) in namespace Concurrency takes host code;
// C++ AMP's four parallel_for_each overloads (extent or tiled_extent, with or without an
// accelerator_view first) still take kernels, and their kernels are still checked.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
#include <amp.h>

#include <vector>

namespace Concurrency {

template <class Iterator, class Function>
void parallel_for_each(Iterator first, Iterator last, const Function& function) {
  for (; first != last; ++first) function(*first);
}

}  // namespace Concurrency

using namespace concurrency;

void launch(const accelerator_view& view, array_view<int, 1> data, std::vector<int>& host) {
  int offset = 1;
  int* pointer = &offset;
  parallel_for_each(host.begin(), host.end(), [&offset, pointer](int& value) { value += offset + *pointer; });
  parallel_for_each(data.extent, [=](index<1> i) { data[i] = 1; });  // expected-error {{[C++ AMP] the kernel passed to parallel_for_each must be restrict(amp)}} \
                                                                    // expected-note {{builds unchecked with '#define AMPLE_NO_RESTRICTION_CHECKS' in this translation unit, or with Ample configured -DAMPLE_CHECK_RESTRICTIONS=OFF}}
  parallel_for_each(data.extent.tile<4>(), [=](tiled_index<4> t) restrict(amp) {
    data[t.global] = *pointer;  // expected-error {{[C3596] 'pointer' cannot be captured by a parallel_for_each kernel: it is a pointer}}
  });
  parallel_for_each(view, data.extent, [=, &offset](index<1> i) restrict(amp) {  // expected-error {{[C3590] 'offset' is captured by reference}}
    data[i] = offset;
  });
  parallel_for_each(view, data.extent.tile<4>(), [=](tiled_index<4> t) {  // expected-error {{[C++ AMP] the kernel passed to parallel_for_each must be restrict(amp)}}
    data[t.global] = 2;
  });
}

int main() {}
