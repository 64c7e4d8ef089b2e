// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: a restrict(cpu) and a restrict(amp) overload of different parameter types.
// Visual C++ chose among the amp-callable overloads in kernels (pick(double) for pick(int));
// Clang chooses pick(int) everywhere, and the checker accepts the call.
#include <amp.h>

using namespace concurrency;

int pick(int x) restrict(cpu) { return x; }
int pick(double x) restrict(amp) { return static_cast<int>(x) + 1; }

int main() {
  int values[4] = {};
  array_view<int, 1> out(4, values);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = pick(i[0]); });
  return pick(0);
}
