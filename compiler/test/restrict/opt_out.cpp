// AMPLE_NO_RESTRICTION_CHECKS turns the checks off for a translation unit (Ample's tests of what
// the engine does with kernels C++ AMP forbids use it); kernels still call amp twins.
// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// RUN: %clangxx_amp -O0 -S -emit-llvm %s -o - | FileCheck %s
// expected-no-diagnostics
#define AMPLE_NO_RESTRICTION_CHECKS
#include <amp.h>

#include <stdexcept>

int which(int) restrict(cpu) { return 1; }
int which(int) restrict(amp) { return 2; }

int main() {
  int values[4] = {};
  concurrency::array_view<int, 1> out(4, values);
  concurrency::parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) {
    if (i[0] == 3) throw std::runtime_error("stop");
    out[i] = which(0);
  });
}

// CHECK-LABEL: define {{.*}}clEN11Concurrency5indexILi1EEE
// CHECK-NOT: enable_if
// CHECK: call {{.*}} @_Z5whichi(
