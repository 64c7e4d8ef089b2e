// Device code: each GPU kernel is named in the PTX after its source, for Nsight's tools and the
// driver's messages: a lambda after its file, line and column; a function object after its
// type; a name taken twice in the module (one generic lambda over two ranks) gets a number.
// The name for messages is the kernel's C++ type, with a lambda's location, or Clang's
// "(lambda at ...)" where LLVM's demangler gives up (19's, on a lambda in a generic lambda).
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - | FileCheck %s
#include <amp.h>
using namespace concurrency;

template <class T>
struct negate_kernel {
  array_view<T, 1> data;
  void operator()(index<1> i) const restrict(amp) { data[i] = -data[i]; }
};

void kernels(array_view<float, 1> a, array_view<int, 2> b) {
  parallel_for_each(a.extent, [=](index<1> i) restrict(amp) { a[i] += 1.0f; });
  parallel_for_each(a.extent, negate_kernel<float>{a});
  auto twice = [](auto view) {
    parallel_for_each(view.extent, [=](auto i) restrict(amp) { view[i] *= 2; });
  };
  twice(a);
  twice(b);
}

// CHECK-DAG: .entry ample_device_code_names_cpp_18_31(
// CHECK-DAG: c"kernels(Concurrency::array_view<float, 1>, Concurrency::array_view<int, 2>)::$_{{[0-9]+}} at {{.*}}device_code_names.cpp:18:31\00"
// CHECK-DAG: .entry ample_negate_kernel_float(
// CHECK-DAG: c"negate_kernel<float>\00"
// CHECK-DAG: .entry ample_device_code_names_cpp_21_36(
// CHECK-DAG: .entry ample_device_code_names_cpp_21_36_2(
// CHECK-DAG: c"{{.*}}lambda{{.*}} at {{.*}}device_code_names.cpp:21:36{{\)?}}\00"
