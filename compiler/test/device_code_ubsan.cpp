// Device code of a file compiled with ASan and UBSan: the handlers' calls, the function
// sanitizer's prologue data and the sanitizer attributes are host things, dropped from the
// device module; the kernel still gets PTX, its work-item inlined into it (a function whose
// sanitizer attributes differ from its caller's would not be) with its views read in place.
// RUN: %front_end -fsanitize=address,undefined %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: not grep remark %t.remarks
#include <amp.h>
using namespace concurrency;

void shift(array_view<int, 1> v, int by) {
  parallel_for_each(v.extent, [=](index<1> i) restrict(amp) { v[i] = (v[i] << by) / (i[0] + 1); });
}

// A handler left in the kernel would be a call with no GPU form: a remark and no PTX.
// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_ubsan_cpp_12_31(
// CHECK-SAME: ld.global.u32
// CHECK-SAME: st.global.u32
