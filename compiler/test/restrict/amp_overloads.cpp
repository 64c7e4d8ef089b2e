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
#include <amp.h>

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
