// Device code of <amp_math.h>'s exact functions: the C library calls that the host compile
// keeps for errno (sqrt, fma) become the intrinsics NVPTX makes single instructions, correctly
// rounded as the CPU's (device_code_libclc.cpp: the functions that need a math library).
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.remarks
#include <amp.h>
#include <amp_math.h>
using namespace concurrency;

void exact(array_view<float, 1> f, array_view<double, 1> d) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    const float x = f[i];
    f[i] = fast_math::sqrtf(x) + precise_math::fmaf(x, x, 1.0f) + fast_math::floorf(x) + fast_math::fmaxf(x, 2.0f);
    const double y = d[i];
    d[i] = precise_math::sqrt(y) + precise_math::fma(y, y, 1.0) + precise_math::fabs(y) + precise_math::round(y);
  });
}

// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_math_cpp_12_31(
// CHECK-SAME: sqrt.rn.f32
// CHECK-SAME: sqrt.rn.f64
// CHECK-NOT: @ample.ptx.{{[0-9]+}} =
// REMARK-NOT: remark
