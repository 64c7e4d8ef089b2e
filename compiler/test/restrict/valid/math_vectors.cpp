// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: the math of kernels. concurrency::fast_math (float) and precise_math (float
// and double), qualified and through using-directives, including the functions with out
// pointers; the concurrency::direct3d intrinsics; the short vectors of
// concurrency::graphics (int, uint, float, double, norm, unorm; 2 to 4 components):
// constructors, components, swizzle properties and get_/set_/ref_ functions, operators,
// conversions, short_vector / short_vector_traits, vectors as view elements and as
// tile_static memory; norm and unorm scalars; direct3d::msad4.
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

namespace math_vectors {

static const int TS = 4;

// A helper with a using-directive in its body: unqualified calls find the amp math.
float hypotenuse(float a, float b) restrict(amp) {
  using namespace concurrency::fast_math;
  return sqrt(a * a + b * b);
}
double precise_hypotenuse(double a, double b) restrict(amp) {
  using namespace concurrency::precise_math;
  return sqrt(a * a + b * b);
}

// Helpers taking and returning short vectors by value and by reference.
float_3 cross(const float_3& a, const float_3& b) restrict(amp, cpu) {
  return float_3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
float dot(const float_3& a, const float_3& b) restrict(amp, cpu) { return a.x * b.x + a.y * b.y + a.z * b.z; }
void normalize_in_place(float_2& v) restrict(amp) {
  const float len = fast_math::sqrt(v.x * v.x + v.y * v.y);
  v /= float_2(len);
}

bool near(float a, float b) { return a - b < 1e-4f && b - a < 1e-4f; }

}  // namespace math_vectors

using namespace math_vectors;

int main() {
  const int n = 8;

  // ---- fast_math -------------------------------------------------------------------------
  std::vector<float> fout(n, 0.0f);
  array_view<float, 1> fo(n, fout);
  parallel_for_each(fo.extent, [=](index<1> idx) restrict(amp) {
    const float x = 0.25f + static_cast<float>(idx[0]) * 0.0f;
    float r = 0.0f;
    r += fast_math::sin(x) * fast_math::sin(x) + fast_math::cos(x) * fast_math::cos(x);  // 1
    r += fast_math::sinf(0.0f) + fast_math::cosf(0.0f) - 1.0f;                           // 0
    r += fast_math::tan(0.0f) + fast_math::tanf(0.0f) + fast_math::atan(0.0f) + fast_math::atan2(0.0f, 1.0f);
    r += fast_math::asin(0.0f) + fast_math::acos(1.0f) + fast_math::sinh(0.0f) + fast_math::tanh(0.0f);
    r += fast_math::cosh(0.0f) - 1.0f;
    r += fast_math::exp(0.0f) + fast_math::exp2(1.0f) + fast_math::expf(0.0f) - 4.0f;  // 0
    r += fast_math::log(1.0f) + fast_math::log2(2.0f) + fast_math::log10(10.0f) - 2.0f;  // 0
    r += fast_math::pow(2.0f, 3.0f) + fast_math::powf(2.0f, 1.0f) - 10.0f;               // 0
    r += fast_math::sqrt(4.0f) + fast_math::sqrtf(9.0f) + fast_math::rsqrt(4.0f) - 5.5f;   // 0
    r += fast_math::fabs(-1.0f) + fast_math::floor(1.5f) + fast_math::ceil(1.5f) + fast_math::round(1.4f) +
         fast_math::trunc(-1.5f) - 4.0f;  // 1 + 1 + 2 + 1 - 1 - 4 = 0
    r += fast_math::fmax(1.0f, 2.0f) + fast_math::fmin(1.0f, 2.0f) + fast_math::fmod(5.0f, 3.0f) - 5.0f;  // 0
    r += fast_math::ldexp(1.0f, 2) - 4.0f;
    int e = 0;
    float m = fast_math::frexp(8.0f, &e);  // 0.5 * 2^4
    r += m * 2.0f + static_cast<float>(e) - 5.0f;  // 0
    float ip = 0.0f;
    float frac = fast_math::modf(2.5f, &ip);
    r += frac + ip - 2.5f;  // 0
    float s = 0.0f, c = 0.0f;
    fast_math::sincos(0.0f, &s, &c);
    r += s + c - 1.0f;  // 0
    r += static_cast<float>(fast_math::isnan(x) + fast_math::isinf(x) + fast_math::signbit(x)) +
         static_cast<float>(fast_math::isfinite(x)) - 1.0f;  // 0
    r += hypotenuse(3.0f, 4.0f) - 5.0f;                     // 0
    fo[idx] = r;
  });
  fo.synchronize();
  for (float v : fout)
    if (!near(v, 1.0f)) return 1;

  // ---- precise_math, float and double ---------------------------------------------------
  std::vector<double> dout(n, 0.0);
  array_view<double, 1> dov(n, dout);
  parallel_for_each(dov.extent, [=](index<1> idx) restrict(amp) {
    const double x = 0.5 + static_cast<double>(idx[0]) * 0.0;
    double r = 0.0;
    r += precise_math::sin(x) * precise_math::sin(x) + precise_math::cos(x) * precise_math::cos(x);  // 1
    r += precise_math::exp(0.0) + precise_math::log(1.0) + precise_math::pow(2.0, 2.0) - 5.0;        // 0
    r += precise_math::sqrt(16.0) + precise_math::cbrt(27.0) + precise_math::hypot(3.0, 4.0) - 12.0;  // 0
    r += precise_math::erf(0.0) + precise_math::erfc(0.0) + precise_math::tgamma(3.0) - 3.0;          // 0
    r += precise_math::fma(2.0, 3.0, 1.0) + precise_math::fmax(1.0, 2.0) + precise_math::fmin(1.0, 2.0) - 10.0;
    r += precise_math::copysign(1.0, -1.0) + precise_math::fdim(3.0, 1.0) + precise_math::round(0.6) - 2.0;
    r += precise_math::expm1(0.0) + precise_math::log1p(0.0) + precise_math::asinh(0.0) + precise_math::atanh(0.0);
    r += precise_math::acosh(1.0) + precise_math::sinpi(1.0) * 0.0 + precise_math::cospi(0.0) - 1.0;
    r += precise_math::remainder(5.0, 3.0) + 1.0;  // -1 + 1
    int quo = 0;
    r += precise_math::remquo(7.0, 2.0, &quo) * 0.0;
    r += static_cast<double>(quo % 2) * 0.0;
    int e = 0;
    r += precise_math::frexp(4.0, &e) * 2.0 + static_cast<double>(e) - 4.0;  // 1 + 3 - 4
    double ip = 0.0;
    r += precise_math::modf(1.25, &ip) + ip - 1.25;  // 0
    double s = 0.0, c = 0.0;
    precise_math::sincos(0.0, &s, &c);
    r += s + c - 1.0;
    r += precise_math::ldexp(1.0, 3) + precise_math::scalbn(1.0, 1) - 10.0;  // 0
    r += static_cast<double>(precise_math::ilogb(8.0)) - 3.0;                  // 0
    r += static_cast<double>(precise_math::isnan(x) + precise_math::isinf(x) + precise_math::signbit(x));
    r += static_cast<double>(precise_math::isfinite(x) + precise_math::isnormal(x)) - 2.0;  // 0
    r += precise_math::nextafter(1.0, 2.0) > 1.0 ? 0.0 : 100.0;
    r += precise_math::trunc(1.5) + precise_math::floor(1.5) + precise_math::ceil(1.5) - 4.0;  // 0
    // The float overloads and the f-suffixed names.
    float f = precise_math::sqrtf(4.0f) + precise_math::sqrt(4.0f) + precise_math::erff(0.0f) + precise_math::cosf(0.0f);
    r += static_cast<double>(f) - 5.0;  // 0
    r += precise_hypotenuse(6.0, 8.0) - 10.0;  // 0
    dov[idx] = r;
  });
  dov.synchronize();
  for (double v : dout)
    if (v < 0.9999 || v > 1.0001) return 2;

  // ---- direct3d intrinsics ---------------------------------------------------------------
  std::vector<int> iout(n, 0);
  array_view<int, 1> io(n, iout);
  parallel_for_each(io.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    int r = 0;
    r += concurrency::direct3d::abs(-3) + concurrency::direct3d::clamp(i, 0, 3) + concurrency::direct3d::imax(1, 2) + concurrency::direct3d::imin(1, 2);
    r += static_cast<int>(concurrency::direct3d::umax(1u, 2u) + concurrency::direct3d::umin(1u, 2u));
    r += static_cast<int>(concurrency::direct3d::countbits(0xFu)) + concurrency::direct3d::firstbithigh(8) + concurrency::direct3d::firstbitlow(8);
    r += concurrency::direct3d::mad(2, 3, 1) + static_cast<int>(concurrency::direct3d::mad(2u, 3u, 1u));
    r += static_cast<int>(concurrency::direct3d::mad(2.0f, 3.0f, 1.0f) + static_cast<float>(concurrency::direct3d::mad(2.0, 3.0, 1.0)));
    r += static_cast<int>(concurrency::direct3d::reversebits(0x80000000u));  // 1
    r += concurrency::direct3d::sign(-5) + static_cast<int>(concurrency::direct3d::sign(2.0f));  // 0
    r += static_cast<int>(concurrency::direct3d::clamp(5.0f, 0.0f, 1.0f) + concurrency::direct3d::saturate(2.0f));  // 2
    r += static_cast<int>(concurrency::direct3d::rcp(0.5f) + static_cast<float>(concurrency::direct3d::rcp(0.25)));  // 6
    r += static_cast<int>(concurrency::direct3d::step(0.5f, 1.0f) + concurrency::direct3d::smoothstep(0.0f, 1.0f, 1.0f));  // 2
    r += static_cast<int>(concurrency::direct3d::radians(0.0f) + concurrency::direct3d::noise(0.0f) * 0.0f);
    io[idx] = r;
  });
  for (int i = 0; i < n; ++i) {
    const int clamped = i < 3 ? i : 3;
    if (io[i] != 3 + clamped + 2 + 1 + 3 + 4 + 3 + 3 + 7 + 7 + 14 + 1 + 0 + 2 + 6 + 2) return 3;
  }

  // ---- short vectors ---------------------------------------------------------------------
  std::vector<float_4> vout(n);
  array_view<float_4, 1> vo(n, vout);
  vo.discard_data();
  parallel_for_each(vo.extent, [=](index<1> idx) restrict(amp) {
    const float fi = static_cast<float>(idx[0]);
    float_2 a(1.0f, 2.0f);
    float_3 b(1.0f, 0.0f, 0.0f);
    float_3 c2(0.0f, 1.0f, 0.0f);
    float_4 v(fi);  // broadcast
    float_4 w(1.0f, 2.0f, 3.0f, 4.0f);
    float_4 zero;
    zero = float_4(0.0f);
    int_2 i2(3, 4);
    int_3 i3(1, 2, 3);
    int_4 i4(1, 2, 3, 4);
    uint_2 u2(1u, 2u);
    uint_4 u4(0xFu);
    double_2 d2(0.5, 1.5);
    double_4 d4(1.0);

    // Components, properties, get_/set_/ref_.
    float sum = a.x + a.y + w.z + w.w;  // 10
    float_2 lo = w.xy;                  // property read
    float_2 hi = w.get_zw();
    w.xy = hi;        // property write: (3, 4, 3, 4)
    w.set_zw(lo);     // (3, 4, 1, 2)
    w.ref_x() += 1.0f;  // (4, 4, 1, 2)
    float_3 rgb = w.rgb;
    float red = w.r;
    w.a = 5.0f;  // (4, 4, 1, 5)
    float_4 rev = w.wzyx;
    float_2 swz = w.get_yx();

    // Operators.
    float_4 ops = (w + v - zero) * float_4(2.0f) / float_4(2.0f);
    ops += float_4(1.0f);
    ops -= float_4(1.0f);
    ops *= float_4(1.0f);
    ops /= float_4(1.0f);
    ++ops;
    --ops;
    ops++;
    ops--;
    float_4 neg = -ops;
    int_2 im = i2 % int_2(2) + (i2 & int_2(1)) + (i2 | int_2(0)) + (i2 ^ int_2(0)) + (i2 << int_2(1)) + (i2 >> int_2(1));
    int_2 inv = ~int_2(0);
    uint_4 ushift = u4 >> uint_4(2u);
    bool eq = (i4 == int_4(1, 2, 3, 4)) && (i3 != int_3(0));
    float_3 cr = cross(b, c2);  // (0, 0, 1)
    float d = dot(cr, float_3(0.0f, 0.0f, 2.0f));  // 2
    float_2 unit(3.0f, 4.0f);
    normalize_in_place(unit);  // (0.6, 0.8)

    // Conversions between vector types.
    float_4 from_int(i4);
    int_4 from_float(float_4(1.9f, 2.1f, -1.5f, 0.0f));
    double_2 from_float2(a);
    float_2 from_double2(d2);

    // Type maps.
    short_vector<float, 3>::type sv3(1.0f, 1.0f, 1.0f);
    short_vector_traits<float_4>::value_type scalar = 2.0f;
    short_vector<int, 1>::type one_int = 7;
    static_assert(short_vector_traits<float_4>::size == 4, "four components");

    float extra = static_cast<float>(im.x + im.y + inv.x + static_cast<int>(ushift.w) + from_int.w +
                                     from_float.x + from_float.z) +
                  static_cast<float>(from_float2.y + d4.w) + from_double2.x + sv3.z + scalar +
                  static_cast<float>(one_int) + static_cast<float>(u2.y);
    vo[idx] = float_4(sum + d + (eq ? 1.0f : 0.0f), unit.x + unit.y + rgb.z + red + rev.x + swz.x,
                      neg.x + ops.x + extra, 0.0f);
  });
  vo.synchronize();
  {
    // im = (1, 0) + (1, 0) + (3, 4) + (3, 4) + (6, 8) + (1, 2) = (15, 18); inv.x = -1;
    // ushift.w = 3; from_int.w = 4; from_float.x = 1, .z = -1; from_float2.y = 2, d4.w = 1;
    // from_double2.x = 0.5; sv3.z = 1; scalar 2; one_int 7; u2.y = 2.
    const float extra = 15 + 18 - 1 + 3 + 4 + 1 - 1 + 3 + 0.5f + 1 + 2 + 7 + 2;
    for (int i = 0; i < n; ++i) {
      if (!near(vout[i].x, 10.0f + 2.0f + 1.0f)) return 4;
      if (!near(vout[i].y, 0.6f + 0.8f + 1.0f + 4.0f + 5.0f + 4.0f)) return 5;
      if (!near(vout[i].z, extra)) return 6;
    }
  }

  // ---- norm / unorm and their vectors, msad4, vectors in tile_static memory --------------
  std::vector<float> nout(n, 0.0f);
  array_view<float, 1> no(n, nout);
  parallel_for_each(no.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    tile_static float_4 shared[TS];
    tile_static int_2 pairs[TS];
    shared[t.local[0]] = float_4(static_cast<float>(t.local[0]));
    pairs[t.local[0]] = int_2(t.local[0], 1);
    t.barrier.wait();
    float_4 total(0.0f);
    int_2 ptotal(0);
    for (int k = 0; k < TS; ++k) {
      total += shared[k];
      ptotal += pairs[k];
    }

    unorm u(0.25f);
    unorm clamped_u(2.0f);  // 1
    norm nm(-3.0f);         // -1
    norm from_u(u);
    unorm sum_u = u + unorm(0.5f);
    norm prod = nm * norm(0.5f);  // -0.5
    const bool cmp = u < clamped_u && nm != norm(0.0f);
    unorm_2 u2(0.25f, 0.75f);
    norm_4 n4(norm(0.5f), norm(-0.5f), norm(1.0f), norm(0.0f));
    unorm_4 u4(unorm(1.0f));
    norm_3 n3(norm(0.1f));
    const float nsum = static_cast<float>(u2.x) + static_cast<float>(u2.y) + static_cast<float>(n4.x) +
                       static_cast<float>(n4.y) + static_cast<float>(u4.w) + static_cast<float>(n3.z) * 0.0f;

    const uint_4 sad = concurrency::graphics::direct3d::msad4(0x01020304u, uint_2(0x01020304u, 0u), uint_4(0u));

    no[t.global] = total.x + static_cast<float>(ptotal.y) + static_cast<float>(u) + static_cast<float>(clamped_u) +
                   static_cast<float>(nm) + static_cast<float>(from_u) + static_cast<float>(sum_u) +
                   static_cast<float>(prod) + (cmp ? 1.0f : 0.0f) + nsum + static_cast<float>(sad.x);
  });
  no.synchronize();
  for (float v : nout)
    if (!near(v, 6.0f + 4.0f + 0.25f + 1.0f - 1.0f + 0.25f + 0.75f - 0.5f + 1.0f + 2.0f + 0.0f)) return 7;
  return 0;
}
