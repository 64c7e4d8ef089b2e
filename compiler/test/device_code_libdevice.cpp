// Device code's math functions from libdevice, NVIDIA's library, which the pass prefers to
// libclc where the build found it: each call becomes libdevice's function of the same meaning
// (`__nv_sinf`), its definitions internal and named "ample.libdevice." + libdevice's (valid
// PTX identifiers once NVPTX replaces the dots: sin's reduction table shows which library
// ran), its __nvvm_reflect queries answered (no flush to zero, as on the CPU) and its inline
// PTX kept. A function libdevice lacks (lgamma_r) comes from libclc; without libclc such a
// kernel stays on the CPU, with a remark naming both libraries.
// REQUIRES: libdevice, libclc
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o %t.out.ll 2>%t.remarks
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.remarks
// RUN: grep -v device_code_libdevice_cpp_43_31 %t.out.ll | FileCheck %s --implicit-check-not=.extern --implicit-check-not=ample_$_libclc --implicit-check-not=__nvvm_reflect
// RUN: FileCheck %s --check-prefix=LIBCLC < %t.out.ll
// RUN: %front_end -fno-math-errno %s -o %t.nomatherrno.ll
// RUN: %ample_device_code %t.nomatherrno.ll -o - 2>/dev/null | grep -v device_code_libdevice_cpp_43_31 | FileCheck %s --implicit-check-not=.extern --implicit-check-not=ample_$_libclc
// RUN: env AMPLE_LIBCLC_NVPTX=%t.missing %ample_device_code %t.ll -o - 2>%t.alone.remarks | FileCheck %s --check-prefix=ALONE
// RUN: FileCheck %s --check-prefix=ALONE-REMARK < %t.alone.remarks
#include <amp.h>
#include <amp_math.h>
#include <math.h>
using namespace concurrency;

template <class T>
T some_of_each(T x) restrict(amp) {
  using namespace precise_math;
  int exponent = 0, quotient = 0;
  T whole = 0;
  return sin(x) + cos(x) + exp(x) + log1p(x) + pow(x, T(1.5)) + atan2(x, T(2)) + cbrt(x) + erfc(x) + tgamma(x) +
         T(ilogb(x)) + ldexp(x, 3) + frexp(x, &exponent) + modf(x, &whole) + remquo(x, T(0.75), &quotient) + whole +
         T(exponent + quotient);
}

void singles(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) { f[i] = some_of_each(f[i]); });
}

void doubles(array_view<double, 1> d) {
  parallel_for_each(d.extent, [=](index<1> i) restrict(amp) { d[i] = some_of_each(d[i]); });
}

// glibc's reentrant lgamma, which libdevice lacks.
void reentrant(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    int sign = 0;
    f[i] = lgammaf_r(f[i], &sign) * float(sign) + precise_math::sinf(f[i]);
  });
}

// CHECK: @ample.ptx = {{.*}}ample_$_libdevice_$___cudart_i2opi_f{{.*}}.entry ample_device_code_libdevice_cpp_34_31(
// CHECK: @ample.ptx.{{[0-9]+}} = {{.*}}ample_$_libdevice_$___cudart_i2opi_d{{.*}}.entry ample_device_code_libdevice_cpp_38_31(
// LIBCLC: @ample.ptx.{{[0-9]+}} = {{.*}}ample_$_libdevice_$___cudart_i2opi_f{{.*}}ample_$_libclc_${{.*}}.entry ample_device_code_libdevice_cpp_43_31(
// REMARK-NOT: remark
// ALONE: @ample.ptx = {{.*}}.entry ample_device_code_libdevice_cpp_34_31(
// ALONE: @ample.ptx.{{[0-9]+}} = {{.*}}.entry ample_device_code_libdevice_cpp_38_31(
// ALONE-NOT: .entry ample_device_code_libdevice_cpp_43_31(
// ALONE-REMARK: remark: {{.*}}kernel reentrant(Concurrency::array_view<float, 1>)::$_{{[0-9]+}} at {{.*}} runs on the CPU only: it calls lgammaf_r, which no math library found defines with its type: libdevice (__nv_lgammaf_r) at {{.*}}libdevice.10.bc, libclc (_Z8lgamma_rfPi) at {{.*}}.missing, not found
