// Overload choice by context: a kernel, and an amp function it calls, call the restrict(amp)
// twin of a restrict(cpu) function (free, member, function template, member of a class
// template), host code the cpu one. Where the overload of the context takes other parameters,
// the call has its arguments converted to them (Visual C++ resolves among the overloads the
// context may call). The cpu overloads carry restrict(cpu)'s enable_if in their
// mangled names (Ua9enable_if).
// RUN: %clangxx_amp -O0 -S -emit-llvm %s -o %t.ll
// RUN: FileCheck --check-prefix=HELPER %s < %t.ll
// RUN: FileCheck --check-prefix=HOST %s < %t.ll
// RUN: FileCheck --check-prefix=KERNEL %s < %t.ll
// RUN: FileCheck --check-prefix=AMP %s < %t.ll
// RUN: FileCheck --check-prefix=CPU %s < %t.ll
// RUN: FileCheck --check-prefix=BOTH %s < %t.ll
#include <amp.h>
#include <amp_math.h>

using namespace concurrency;

int which(int) restrict(cpu) { return 1; }
int which(int) restrict(amp) { return 2; }

struct probe {
  int which() const restrict(cpu) { return 1; }
  int which() const restrict(amp) { return 2; }
};

template <class T>
T which_template(T) restrict(cpu) { return T(1); }
template <class T>
T which_template(T) restrict(amp) { return T(2); }

template <class T>
struct box {
  T which() const restrict(cpu) { return T(1); }
  T which() const restrict(amp) { return T(2); }
};

int which_type(int) restrict(cpu) { return 1; }
double which_type(double) restrict(amp) { return 2; }
int host_type(int) restrict(amp) { return 2; }
double host_type(double) restrict(cpu) { return 1; }

// HELPER-LABEL: define {{.*}} @_Z6helperv()
// HELPER-NOT: enable_if
// HELPER: call {{.*}} @_Z5whichi(
// HELPER-NOT: enable_if
// HELPER: ret
int helper() restrict(amp) { return which(0); }

// HOST-LABEL: define {{.*}} @main(
// HOST: call {{.*}} @_Z5which{{.*}}enable_if
// HOST: call {{.*}} double @_Z9host_type{{.*}}enable_if{{.*}}d(double {{.*}}0.0
int main() {
  int values[4] = {};
  array_view<int, 1> out(4, values);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = which(0) + probe{}.which() + which_template(0) + box<int>{}.which() + helper() + which_type(0);
  });
  return which(0) - 1 + static_cast<int>(host_type(0)) - 1;
}

// KERNEL-LABEL: define {{.*}}clEN11Concurrency5indexILi1EEE
// KERNEL-NOT: enable_if
// KERNEL: call {{.*}} @_Z5whichi(
// KERNEL-NOT: enable_if
// KERNEL: call {{.*}} @_ZNK5probe5whichEv(
// KERNEL-NOT: enable_if
// KERNEL: call {{.*}} @_Z14which_templateIiET_S0_(
// KERNEL-NOT: enable_if
// KERNEL: call {{.*}} @_ZNK3boxIiE5whichEv(
// KERNEL-NOT: enable_if
// KERNEL: call {{.*}} @_Z6helperv(
// KERNEL: call {{.*}} @_Z10which_typed(double {{.*}}0.0
// KERNEL: ret void

// Every shape of overloading on restriction Visual C++ accepts: function templates called with
// explicit template arguments, overload sets with each signature in both restrictions,
// conversions through constructors overloaded by restriction, members of class templates, and
// <amp_math.h>'s names of the C library's functions (cmath_imports.hpp), from amp code, cpu
// code, and amp,cpu code, where the call chooses by the context it runs in
// (ample::detail::in_kernel).
template <class T>
int explicit_args() restrict(cpu) { return 1; }
template <class T>
int explicit_args() restrict(amp) { return 2; }
int every(int) restrict(cpu) { return 1; }
int every(int) restrict(amp) { return 2; }
int every(float) restrict(cpu) { return 1; }
int every(float) restrict(amp) { return 2; }
struct from {
  int v;
};
struct made {
  made(from f) restrict(cpu) : v(f.v + 1) {}
  made(from f) restrict(amp) : v(f.v + 2) {}
  int v;
};
int take(made m) restrict(cpu, amp) { return m.v; }
template <class T>
struct shelf {
  template <class U>
  int explicit_args() const restrict(cpu) { return 1; }
  template <class U>
  int explicit_args() const restrict(amp) { return 2; }
  int every(int) const restrict(cpu) { return 1; }
  int every(int) const restrict(amp) { return 2; }
  int every(float) const restrict(cpu) { return 1; }
  int every(float) const restrict(amp) { return 2; }
};

// AMP-LABEL: define {{.*}} @_Z10amp_shapesi4fromf(
// AMP-NOT: enable_if
// AMP: call {{.*}} @_Z13explicit_argsIcEiv(
// AMP-NOT: enable_if
// AMP: call {{.*}} @_Z5everyi(
// AMP-NOT: enable_if
// AMP: call {{.*}} @_ZN4madeC{{[12]}}E4from(
// AMP-NOT: enable_if
// AMP: call {{.*}} @_ZNK5shelfIiE13explicit_argsIcEEiv(
// AMP-NOT: enable_if
// AMP: call {{.*}} @_ZNK5shelfIiE5everyEi(
// AMP-NOT: enable_if
// AMP: call {{.*}} @_ZN11Concurrency9fast_math4sqrtIvEEff(
// AMP-NOT: enable_if
// AMP: ret
int amp_shapes(int i, from f, float x) restrict(amp) {
  shelf<int> s;
  return explicit_args<char>() + every(i) + take(f) + s.explicit_args<char>() + s.every(i) +
         static_cast<int>(concurrency::fast_math::sqrt(x));
}

// CPU-LABEL: define {{.*}} @_Z10cpu_shapes{{.*}}4fromf(
// CPU: call {{.*}} @_Z13explicit_argsIcEUa9enable_if{{.*}}(
// CPU: call {{.*}} @_Z5everyUa9enable_if{{.*}}i(
// CPU: call {{.*}} @_ZN4madeC{{[12]}}EUa9enable_if{{.*}}4from(
// CPU: call {{.*}} @_ZNK5shelfIiE13explicit_argsIcEEUa9enable_if{{.*}}(
// CPU: call {{.*}} @_ZNK5shelfIiE5everyEUa9enable_if{{.*}}i(
// CPU: call {{.*}} @_ZSt4sqrtf(
// CPU: ret
int cpu_shapes(int i, from f, float x) restrict(cpu) {
  shelf<int> s;
  return explicit_args<char>() + every(i) + take(f) + s.explicit_args<char>() + s.every(i) +
         static_cast<int>(concurrency::fast_math::sqrt(x));
}

// BOTH-LABEL: define {{.*}} @_Z11both_shapesi4fromf(
// BOTH: in_kernelE
// BOTH: call {{.*}} @_Z13explicit_argsIcEiv(
// BOTH: call {{.*}} @_Z13explicit_argsIcEUa9enable_if{{.*}}(
// BOTH: in_kernelE
// BOTH: call {{.*}} @_Z5everyi(
// BOTH: call {{.*}} @_Z5everyUa9enable_if{{.*}}i(
// BOTH: in_kernelE
// BOTH: call {{.*}} @_ZN4madeC{{[12]}}E4from(
// BOTH: call {{.*}} @_ZN4madeC{{[12]}}EUa9enable_if{{.*}}4from(
// BOTH: in_kernelE
// BOTH: call {{.*}} @_ZNK5shelfIiE13explicit_argsIcEEiv(
// BOTH: call {{.*}} @_ZNK5shelfIiE13explicit_argsIcEEUa9enable_if{{.*}}(
// BOTH: in_kernelE
// BOTH: call {{.*}} @_ZNK5shelfIiE5everyEi(
// BOTH: call {{.*}} @_ZNK5shelfIiE5everyEUa9enable_if{{.*}}i(
// The C library's function, callable from both (the same value as fast_math's on the CPU).
// BOTH-NOT: in_kernel
// BOTH: call {{.*}} @_ZSt4sqrtf(
// BOTH: ret
int both_shapes(int i, from f, float x) restrict(cpu, amp) {
  shelf<int> s;
  return explicit_args<char>() + every(i) + take(f) + s.explicit_args<char>() + s.every(i) +
         static_cast<int>(concurrency::fast_math::sqrt(x));
}

// Overloads of other parameters: each context's best, its result converted back.
// BOTH-LABEL: define {{.*}} @_Z11both_typingi(
// BOTH: in_kernelE
// BOTH: call {{.*}} double @_Z10which_typed(double
// BOTH: call {{.*}} i32 @_Z10which_typeUa9enable_if{{.*}}i(i32
// BOTH: in_kernelE
// BOTH: call {{.*}} i32 @_Z9host_typei(i32
// BOTH: call {{.*}} double @_Z9host_typeUa9enable_if{{.*}}d(double
// BOTH: ret
int both_typing(int i) restrict(cpu, amp) { return which_type(i) + static_cast<int>(host_type(i)); }

// Under a using-directive for fast_math or precise_math, amp code's `sin(x)` calls the
// namespace's function of the same parameters, Visual C++'s choice, as the C library's is cpu
// code (on a GPU fast_math's is the hardware's approximation). A call that Visual C++ would
// have converted to another overload's parameters (a double in fast_math), and one both
// namespaces offer (ambiguous there), keep the C library's function.
// AMP-LABEL: define {{.*}} @_Z13amp_directivefd(
// AMP: call {{.*}} @_ZN11Concurrency9fast_math3sinIvEEff(
// AMP: call {{.*}}@sin(double
// AMP: ret
float amp_directive(float x, double y) restrict(amp) {
  using namespace concurrency::fast_math;
  return sin(x) + static_cast<float>(sin(y));
}

// AMP-LABEL: define {{.*}} @_Z14amp_directivesf(
// AMP: call {{.*}} @_ZSt3sinf(
// AMP: ret
float amp_directives(float x) restrict(amp) {
  using namespace concurrency::fast_math;
  using namespace concurrency::precise_math;
  return sin(x);
}

void call_shapes() {
  int values[1] = {};
  array_view<int, 1> out(1, values);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = amp_shapes(i[0], from{1}, 2.0f) + both_shapes(i[0], from{1}, 2.0f) + both_typing(i[0]) +
             static_cast<int>(amp_directive(1.0f, 2.0) + amp_directives(3.0f));
  });
  values[0] += cpu_shapes(0, from{1}, 2.0f) + both_shapes(0, from{1}, 2.0f) + both_typing(0);
}
