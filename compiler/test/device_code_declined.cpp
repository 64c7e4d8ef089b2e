// Device code: a kernel that calls a host function, one that reads a variable the host may
// change, and one with inline assembly (x86's) keep only their CPU form, with a remark naming
// why; the other kernel of the file still gets its PTX.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
#include <amp.h>
using namespace concurrency;

int host_only_counter(int);
int host_setting = 3;

void kernels(array_view<int, 1> v) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = host_only_counter(i[0]); });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = host_setting; });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { int x = i[0]; asm volatile("pause" : "+r"(x)); v[i] = x; });
}

// REMARK: remark: {{.*}}kernel kernels(Concurrency::array_view<int, 1>)::$_0 at {{.*}}device_code_declined.cpp:14:31 runs on the CPU only: it calls host_only_counter(int), which has no GPU form
// REMARK-NEXT: remark: {{.*}}kernel kernels(Concurrency::array_view<int, 1>)::$_1 at {{.*}}device_code_declined.cpp:15:31 runs on the CPU only: it uses the host variable host_setting
// REMARK-NEXT: remark: {{.*}}kernel kernels(Concurrency::array_view<int, 1>)::$_3 at {{.*}}device_code_declined.cpp:17:31 runs on the CPU only: it runs inline assembly of the host's
// REMARK-NOT: remark
// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_declined_cpp_16_31(
// CHECK: call void @ample_register_device_code(
// CHECK-NOT: call void @ample_register_device_code(
