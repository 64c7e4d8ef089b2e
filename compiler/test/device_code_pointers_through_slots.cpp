// Device code: addresses into the kernel object that a kernel stores into a struct of its own,
// and bytes it copies out of the object into one, are followed through that stack slot into a
// function left out of line (here every call, by a negative inline threshold) that reads it:
// what -O2 makes of a sampler and a texture's layout handed to a sampling helper. The structs
// have fields enough that argument promotion leaves them in memory. The offsets are the views'
// data pointers, 8 bytes into each 40-byte rank-1 view; a pointer copied but never used as an
// address (the view's storage, 24 bytes in) is not one.
// RUN: %front_end %s -o %t.ll
// RUN: %ample_device_code -inline-threshold=-100000 %t.ll -o - 2>&1 | FileCheck %s
#include <amp.h>
using namespace concurrency;

// A reference to a captured view, held in a struct a helper reads.
struct stencil {
  const array_view<const float, 1>& in;
  int left, centre, right;
};
[[gnu::noinline]] float apply(const stencil& s, index<1> i) restrict(amp) {
  return s.in[i] * s.centre + s.in[(i[0] + 1) % 4] * s.right + s.in[(i[0] + 3) % 4] * s.left;
}

void through_reference(array_view<float, 1> out, array_view<const float, 1> in) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = apply(stencil{in, 1, 2, 1}, i); });
}

// A raw copy of a captured view's bytes, changed before a helper reads it, so that only the
// slot holds what the helper reads: the copy's data pointer, not its storage's.
struct raw_view {
  alignas(array_view<const float, 1>) unsigned char bytes[sizeof(array_view<const float, 1>)];
  int a, b, c;
};
[[gnu::noinline]] float first(const raw_view& r) restrict(amp) {
  return reinterpret_cast<const array_view<const float, 1>&>(r.bytes)[0] * r.a + r.b + r.c;
}

void through_bytes(array_view<float, 1> out, array_view<const float, 1> in) {
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    raw_view r{{}, 1, 2, 3};
    __builtin_memcpy(r.bytes, &in, sizeof(in));
    r.bytes[0] = static_cast<unsigned char>(i[0]);
    out[i] = first(r);
  });
}

// CHECK-NOT: runs on the CPU only
// CHECK: [[OFFSETS:@ample.pointer_offsets[.0-9]*]] = private constant [2 x i32] [i32 8, i32 48]
// CHECK-SAME: {{$}}
// CHECK: call void @ample_register_device_code({{.*}}17through_reference{{.*}}[[OFFSETS]]{{.*}}, i32 2)
// CHECK: call void @ample_register_device_code({{.*}}13through_bytes{{.*}}[[OFFSETS]]{{.*}}, i32 2)
