// fast_math in device code: sin, cos, tan, sincos, exp, log, log2, log10, pow and rsqrt become
// libdevice's hardware approximations (sin.approx.f32, lg2.approx.f32, ...), as Visual C++'s
// GPU code used HLSL's intrinsics, while precise_math's stay libdevice's accurate functions
// (sin's reduction table, i2opi, shows them). Without libdevice fast_math's functions keep their
// bodies, the precise functions, here libclc's. In amp code the restriction checker resolves
// `fast_math::sin(x)` to fast_math's own function, not to the C library's that the namespace's
// using-declarations offer host code, so the front end loads it, as Ample's builds do.
// REQUIRES: libdevice, libclc, checker
// RUN: %front_end %load_checker %s -o %t.ll
// RUN: %ample_device_code %t.ll -o %t.out.ll 2>%t.remarks
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.remarks
// RUN: grep "entry ample_device_code_fast_math_cpp_23_" %t.out.ll | FileCheck %s --check-prefix=FAST --implicit-check-not=i2opi
// RUN: grep "entry ample_device_code_fast_math_cpp_33_" %t.out.ll | FileCheck %s --check-prefix=PRECISE --implicit-check-not=sin.approx --implicit-check-not=cos.approx
// RUN: env AMPLE_LIBDEVICE=%t.missing %ample_device_code %t.ll -o - 2>/dev/null | grep "entry ample_device_code_fast_math_cpp_23_" | FileCheck %s --check-prefix=LIBCLC --implicit-check-not=.approx
#include <amp.h>
#include <amp_math.h>
using namespace concurrency;

void fast(array_view<float, 1> f) {
  // With a second view, so that each of the functions is called on values of its own and
  // common subexpressions leave every approximation in the PTX.
  array_view<float, 1> g = f;
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    using namespace fast_math;
    float s = 0, c = 0;
    sincos(g[i], &s, &c);
    f[i] = sin(f[i]) + cos(f[i] * 2) + tan(f[i] * 3) + s * c + exp(f[i] * 4) + log(f[i] * 5) + log2(f[i] * 6) +
           log10(f[i] * 7) + pow(f[i] * 8, 1.5f) + rsqrt(f[i] * 9);
  });
}

void precise(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    f[i] = precise_math::sinf(f[i]) + precise_math::cosf(f[i] * 2);
  });
}

// FAST: .entry ample_device_code_fast_math_cpp_23_31(
// FAST-SAME: sin.approx.f32
// FAST-SAME: cos.approx.f32
// FAST-SAME: lg2.approx.f32
// FAST-SAME: ex2.approx.f32
// FAST-SAME: rsqrt.approx.f32
// PRECISE: __cudart_i2opi_f{{.*}}.entry ample_device_code_fast_math_cpp_33_31(
// LIBCLC: .entry ample_device_code_fast_math_cpp_23_31(
// REMARK-NOT: remark
