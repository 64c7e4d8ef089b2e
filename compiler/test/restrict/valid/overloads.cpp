// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: overloads on restriction of different parameter types. Each context resolves
// a call among the overloads it may call (a kernel's pick(i[0]) calls pick(double), host
// code's scale(1) calls scale(double)), whichever Clang would have chosen by parameters alone;
// amp_overloads.cpp checks what is called.
#include <amp.h>

using namespace concurrency;

int pick(int x) restrict(cpu) { return x; }
int pick(double x) restrict(amp) { return static_cast<int>(x) + 1; }

int scale(int x) restrict(amp) { return 2 * x; }
double scale(double x) restrict(cpu) { return 3 * x; }

struct meter {
  float read(float x) const restrict(amp) { return x; }
  float read(double x) const restrict(cpu) { return static_cast<float>(x); }
};

int main() {
  int values[4] = {};
  array_view<int, 1> out(4, values);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = pick(i[0]) + scale(i[0]) + static_cast<int>(meter{}.read(1.0f));
  });
  return pick(0) + static_cast<int>(scale(1) + meter{}.read(1.0f)) - 4;
}
