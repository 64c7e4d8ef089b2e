// Device code of the direct3d intrinsics (<amp.h>'s concurrency::direct3d, and msad4 of
// <amp_graphics.h>): bit counts and scans, mad, saturate and smoothstep, and msad4's saturating
// sums (llvm.uadd.sat, which NVPTX expands), all with a GPU form.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code %t.ll -o - 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK --allow-empty < %t.remarks
#include <amp.h>
#include <amp_graphics.h>
using namespace concurrency;
using namespace concurrency::direct3d;

void intrinsics(array_view<unsigned int, 1> u, array_view<int, 1> s, array_view<float, 1> f) {
  parallel_for_each(u.extent, [=](index<1> i) restrict(amp) {
    u[i] = countbits(u[i]) + reversebits(u[i]);
    s[i] = firstbithigh(s[i]) + firstbitlow(s[i]);
    f[i] = smoothstep(0.0f, 1.0f, saturate(mad(f[i], 0.5f, 0.25f)));
    const graphics::uint_4 sums = graphics::direct3d::msad4(u[i], graphics::uint_2(u[i], 7u), graphics::uint_4(1u));
    u[i] += sums.x + sums.w;
  });
}

// CHECK: @ample.ptx = {{.*}}.entry ample_device_code_direct3d_cpp_13_31(
// CHECK-SAME: popc.b32
// CHECK-SAME: brev.b32
// REMARK-NOT: remark
