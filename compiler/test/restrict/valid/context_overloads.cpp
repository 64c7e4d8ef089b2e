// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: every shape of overloading on restriction that Visual C++ accepts, called from
// kernels, from host code, and from restrict(cpu, amp) functions called from both (Visual C++
// compiles those once per context, each calling its own overload): function templates with
// explicit template arguments, overload sets with each signature in both restrictions or of
// other parameters in each, conversions through constructors overloaded by restriction,
// members of class templates, and the C library's math by the names of fast_math and
// precise_math, as a BLAS library's complex type writes it. amp_overloads.cpp checks what is called.
#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

using namespace concurrency;
using concurrency::graphics::int_2;

template <class T>
int fill() restrict(amp) { return 2; }
template <class T>
int fill() restrict(cpu) { return 1; }

int f(int) restrict(amp) { return 2; }
int f(int) restrict(cpu) { return 1; }
int f(float) restrict(amp) { return 20; }
int f(float) restrict(cpu) { return 10; }

struct A {
  int v;
};
struct B {
  B(A a) restrict(cpu) : v(a.v + 1) {}
  B(A a) restrict(amp) : v(a.v + 2) {}
  int v;
};
int g(B b) restrict(cpu, amp) { return b.v; }

int pick(int x) restrict(cpu) { return x; }
double pick(double x) restrict(amp) { return x + 1; }

template <class T>
struct matrix {
  matrix() restrict(cpu, amp) {}
  matrix(A) restrict(cpu) {}
  matrix(A) restrict(amp) {}
  template <class U>
  int fill() const restrict(amp) { return 2; }
  template <class U>
  int fill() const restrict(cpu) { return 1; }
  T f(int) const restrict(amp) { return 2; }
  T f(int) const restrict(cpu) { return 1; }
  T f(float) const restrict(amp) { return 20; }
  T f(float) const restrict(cpu) { return 10; }
};
int h(matrix<int>) restrict(cpu, amp) { return 0; }

namespace blas {
struct complex {
  float re, im;
};
inline float sqrt(const float& v) restrict(cpu, amp) { return concurrency::fast_math::sqrt(v); }
inline float abs(const complex& c) restrict(cpu, amp) { return concurrency::precise_math::sqrt(c.re * c.re + c.im * c.im); }
inline float length(float x, float y) restrict(cpu, amp) { return concurrency::fast_math::sqrt(x * x + y * y); }
inline float angle(const complex& c) restrict(cpu, amp) { return concurrency::fast_math::atan2f(c.im, c.re); }
}  // namespace blas

float under_directive(float x) restrict(cpu, amp) {
  using namespace concurrency::precise_math;
  return sqrt(x) + sqrtf(x) + cos(x);
}

int every_shape(int i, float x, A a) restrict(cpu, amp) {
  matrix<int> m;
  blas::complex c{x, x};
  int picked = pick(i);
  return picked + fill<int_2>() + f(i) + f(x) + g(a) + h(a) + m.fill<int_2>() + m.f(i) + m.f(x) +
         static_cast<int>(blas::sqrt(x) + blas::abs(c) + blas::length(x, x) + blas::angle(c) + under_directive(x));
}

int main() {
  int values[4] = {};
  array_view<int, 1> out(4, values);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    A a{i[0]};
    matrix<int> m;
    float x = static_cast<float>(i[0]);
    out[i] = every_shape(i[0], x, a) + fill<int_2>() + f(i[0]) + f(x) + g(a) + h(a) + m.fill<int_2>() + m.f(i[0]) +
             static_cast<int>(fast_math::sqrt(2.0) + precise_math::sqrt(2.0) + fast_math::sqrtf(x));
  });
  A a{1};
  matrix<int> m;
  return every_shape(1, 1.0f, a) + fill<int_2>() + f(1) + f(1.0f) + g(a) + h(a) + m.fill<int_2>() + m.f(1) +
         static_cast<int>(fast_math::sqrt(2.0) + precise_math::sqrt(2.0) + fast_math::sqrtf(2.0f) +
                          blas::length(3, 4));
}
