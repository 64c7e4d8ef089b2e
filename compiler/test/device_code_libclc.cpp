// Device code of the C library's other math functions: each call becomes libclc's function of
// the same meaning, linked from its nvptx64 bitcode, so that no call leaves the PTX; float and
// double, the functions with pointer results, and the intrinsics of -fno-math-errno builds.
// A function of the program's named like one of libclc's stays the program's: where it is
// defined elsewhere the kernel stays on the CPU, as without the bitcode, with a remark. libclc's
// definitions (lookup tables among them) are internal to the kernel, so that NVPTX makes their
// names, "ample.libclc." + libclc's, valid PTX identifiers. libdevice is hidden (preferred).
// REQUIRES: libclc
// RUN: %front_end %s -o %t.ll
// RUN: env AMPLE_LIBDEVICE=%t.none %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s --implicit-check-not=.extern --implicit-check-not=ample.libclc.
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %front_end -fno-math-errno %s -o %t.nomatherrno.ll
// RUN: FileCheck %s --check-prefix=INTRINSIC < %t.nomatherrno.ll
// RUN: env AMPLE_LIBDEVICE=%t.none %ample_device_code %t.nomatherrno.ll -o - 2>/dev/null | FileCheck %s --implicit-check-not=.extern --implicit-check-not=ample.libclc.
// RUN: env AMPLE_LIBDEVICE=%t.none AMPLE_LIBCLC_NVPTX=%t.missing %ample_device_code %t.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
#include <amp.h>
#include <amp_math.h>
#include <math.h>
using namespace concurrency;

template <class T>
T elementary(T x) restrict(amp) {
  using namespace precise_math;
  return acos(x) + acosh(x) + asin(x) + asinh(x) + atan(x) + atanh(x) + cbrt(x) + cos(x) + cosh(x) + erf(x) +
         erfc(x) + exp(x) + exp2(x) + exp10(x) + expm1(x) + lgamma(x) + log(x) + log10(x) + log1p(x) + log2(x) +
         logb(x) + sin(x) + sinh(x) + tan(x) + tanh(x) + tgamma(x) + T(ilogb(x)) + atan2(x, T(2)) + fdim(x, T(1)) +
         fmod(x, T(3)) + hypot(x, T(4)) + nextafter(x, T(0)) + pow(x, T(1.5)) + remainder(x, T(5)) +
         ldexp(x, 3) + scalbn(x, 2);
}

template <class T>
T with_pointers(T x) restrict(amp) {
  int exponent = 0, quotient = 0;
  T whole = 0;
  const T mantissa = precise_math::frexp(x, &exponent);
  const T fraction = precise_math::modf(x, &whole);
  const T rest = precise_math::remquo(x, T(0.75), &quotient);
  return mantissa + fraction + whole + rest + T(exponent + quotient);
}

void singles(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) { f[i] = elementary(f[i]) + with_pointers(f[i]); });
}

void doubles(array_view<double, 1> d) {
  parallel_for_each(d.extent, [=](index<1> i) restrict(amp) { d[i] = elementary(d[i]) + with_pointers(d[i]); });
}

// glibc's reentrant lgamma, which libclc has too.
void reentrant(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) {
    int sign = 0;
    f[i] = lgammaf_r(f[i], &sign) * float(sign);
  });
}

// The program's own functions with the names of libclc's pown(float, int) and rootn(float, int):
// one defined here, which the kernel calls; one defined elsewhere, which has no GPU form.
float pown(float x, int n) restrict(amp, cpu) { return n <= 0 ? 1.0f : x * pown(x, n - 1); }
float rootn(float x, int n) restrict(amp, cpu);

void own_pown(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) { f[i] = pown(precise_math::sinf(f[i]), 3); });
}

void own_rootn(array_view<float, 1> f) {
  parallel_for_each(f.extent, [=](index<1> i) restrict(amp) { f[i] = rootn(precise_math::sinf(f[i]), 3); });
}

// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_libclc_cpp_42_31(
// CHECK: @ample.ptx.{{[0-9]+}} = {{.*}}.entry ample_device_code_libclc_cpp_46_31(
// CHECK: @ample.ptx.{{[0-9]+}} = {{.*}}.entry ample_device_code_libclc_cpp_51_31(
// CHECK: @ample.ptx.{{[0-9]+}} = {{.*}}.entry ample_device_code_libclc_cpp_63_31(
// CHECK-NOT: .entry ample_device_code_libclc_cpp_67_31(
// REMARK: remark: {{.*}}kernel own_rootn(Concurrency::array_view<float, 1>)::$_{{[0-9]+}} at {{.*}}device_code_libclc.cpp:67:31 runs on the CPU only: it calls rootn(float, int), which has no GPU form
// REMARK-NOT: remark
// INTRINSIC-DAG: call float @llvm.sin.f32(
// INTRINSIC-DAG: call double @llvm.pow.f64(
// MISSING: remark: {{.*}}kernel singles(Concurrency::array_view<float, 1>)::$_{{[0-9]+}} at {{.*}} runs on the CPU only: it calls {{[a-z0-9_]+}}, whose GPU form comes from a math library, and none was found: libdevice (__nv_{{[a-z0-9_]+}}) at {{.*}}.none, not found, libclc (_Z{{[0-9A-Za-z_]+}}) at {{.*}}.missing, not found (./ample setup fetches them)
