// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: the types, declarations, expressions and statements allowed in amp code.
// int, unsigned, long, unsigned long, float, double, bool in every spelling; enums with an
// allowed underlying type; local pointers and references (locals, parameters, returns); local
// arrays; pointer arithmetic on int* and float*; casts between arithmetic types; sizeof and
// alignof; the conditional operator; every loop form, switch, break, continue, early return;
// lambdas nested in a kernel (capturing by value, and kernel locals by reference); local
// classes; namespace-scope integral constants and enumerators used as values; pointers to
// data members (parameters, locals, returns, captures, `.*` and `->*`), which Visual C++ allows.
#include <amp.h>

#include <vector>

using namespace concurrency;

namespace types {

// Namespace-scope integral constants, written as real C++ AMP code writes them.
static const int TS = 16;
constexpr int kScale = 3;
const int kOffset = 2;
constexpr unsigned int kMask = 0xFFu;
enum { kBlock = 4, kHalfBlock = kBlock / 2 };

// Enums with an allowed underlying type.
enum color { red, green, blue };                   // no fixed type
enum level : int { low = -1, mid = 0, high = 1 };  // int
enum bits : unsigned int { bit0 = 1u, bit1 = 2u, bit2 = 4u };
enum class mode : int { add, sub, mul };
enum class mask : unsigned int { none = 0u, first = 1u, second = 2u };
enum class implicit_int { one = 1, two, three };  // enum class defaults to int
enum long_enum : long { far_value = 100L };

typedef unsigned int uint_t;
using real = double;

struct point {
  float x;
  float y;
};

struct record {
  int key;
  float value;
  bool valid;
  color c;
  mode m;
};

// Pointer and reference parameters and return types.
int* advance(int* p, int n) restrict(amp) { return p + n; }
const float* largest(const float* first, const float* last) restrict(amp) {
  const float* best = first;
  for (const float* p = first; p != last; ++p)
    if (*p > *best) best = p;
  return best;
}
void swap_ints(int& a, int& b) restrict(amp) {
  const int t = a;
  a = b;
  b = t;
}
int& choose(int& a, int& b, bool first) restrict(amp) { return first ? a : b; }
const point& farther(const point& a, const point& b) restrict(amp) {
  return a.x * a.x + a.y * a.y >= b.x * b.x + b.y * b.y ? a : b;
}
int sum4(const int (&a)[4]) restrict(amp) { return a[0] + a[1] + a[2] + a[3]; }
int sum_n(const int* a, int n) restrict(amp) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += a[i];
  return s;
}
void write_through(float* p, float v) restrict(amp) { *p = v; }
void set_flag(bool* b) restrict(amp) { *b = true; }
bool* same_flag(bool* b) restrict(amp) { return b; }
double* as_ptr(double& d) restrict(amp) { return &d; }

int op(mode m, int a, int b) restrict(amp) {
  switch (m) {
    case mode::add: return a + b;
    case mode::sub: return a - b;
    case mode::mul: return a * b;
  }
  return 0;
}

// Pointers to data members: offsets, allowed as Visual C++ allows them.
float coordinate(const point& p, float point::*axis) restrict(amp) { return p.*axis; }
float point::*axis_of(bool horizontal) restrict(amp, cpu) { return horizontal ? &point::x : &point::y; }
void scale_axis(point* p, float point::*axis, float k) restrict(amp) { p->*axis *= k; }
struct axis_choice {
  float point::*axis;
};

}  // namespace types

using namespace types;

int main() {
  const int n = 32;

  // ---- Fundamental types, literals, casts, sizeof, conditional operator -------------------
  std::vector<int> iv(n);
  std::vector<float> fv(n);
  std::vector<double> dv(n);
  std::vector<unsigned int> uv(n);
  array_view<int, 1> iav(n, iv);
  array_view<float, 1> fav(n, fv);
  array_view<double, 1> dav(n, dv);
  array_view<unsigned int, 1> uav(n, uv);
  const long cl = 3L;
  const unsigned long cul = 4UL;
  const bool flag = true;
  const double dscale = 0.5;
  parallel_for_each(iav.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    int a = i;
    signed int sa = -a;
    signed sb = sa;
    unsigned int u = 0xFFFFFFFFu;
    unsigned uu = 1u << 31;
    uint_t ut = 0b101u;
    long l = cl * 2L;
    long int li = 1'000L;
    unsigned long ul = cul + 1UL;
    unsigned long int uli = 07UL;
    float f = 1.5f;
    double d = 2.25;
    real r = 1e-3;
    bool b = flag && (i % 2 == 0);
    int big = 2147483647;
    int smallest = -2147483647 - 1;
    const int hex = 0x7FFFFFFF;
    auto af = 1.0e10f;
    decltype(af) af2 = af / 1.0e10f;
    decltype(idx[0]) di = idx[0];
    float fe = 1.0e-30f;
    double de = 1e300;

    // Casts between arithmetic types and enums.
    float fi = static_cast<float>(i);
    double dd = static_cast<double>(fi) + dscale;
    int back = static_cast<int>(dd);
    unsigned int ui = static_cast<unsigned int>(back);
    long lf = static_cast<long>(f);
    unsigned long ulf = static_cast<unsigned long>(d);
    bool nz = static_cast<bool>(i);
    int fromb = static_cast<int>(b);
    float functional = float(i);
    double cstyle = (double)i;
    int from_enum = static_cast<int>(mode::sub) + static_cast<int>(blue);
    mode to_enum = static_cast<mode>(2);
    unsigned int from_mask = static_cast<unsigned int>(mask::second);
    static_cast<void>(ut);
    (void)uli;

    // sizeof / alignof of types and expressions.
    int sizes = static_cast<int>(sizeof(int) + sizeof(float) + sizeof d + sizeof(point) + alignof(double));
    int arr[7] = {};
    int count = static_cast<int>(sizeof(arr) / sizeof(arr[0]));

    // Conditional operator, including as an lvalue and nested.
    int x = b ? 1 : 2;
    int y = 0, z = 0;
    (i % 3 == 0 ? y : z) = 5;
    int sign = i > 16 ? 1 : i < 16 ? -1 : 0;
    float mix = b ? f : static_cast<float>(d);

    // Arithmetic, bitwise, shifts, comparison, logical, compound assignment, comma, ++/--.
    int m = (a * 3 + 7) / 2 - a % 5;
    m ^= 0x55;
    m &= ~0x0F;
    m |= 1 << 4;
    m >>= 1;
    m <<= 2;
    unsigned int wrap = u + 1u;  // wraps to 0
    int k = (a++, a--, ++a, --a);
    bool cmp = (a < m) || (a >= m && !(a == m)) || a != m;
    x += y -= z *= 1;
    z /= 1;
    z %= 7;
    const int constants = TS + kScale * kOffset + static_cast<int>(kMask) + kBlock + kHalfBlock;

    iav[idx] = a + sa + sb + static_cast<int>(uu >> 31) + static_cast<int>(l + li) + static_cast<int>(ul) +
               back + static_cast<int>(ui) + static_cast<int>(lf + static_cast<long>(ulf)) + (nz ? 1 : 0) + fromb +
               from_enum + static_cast<int>(to_enum) + static_cast<int>(from_mask) + sizes + count + x + y + z + sign +
               m + static_cast<int>(wrap) + k + (cmp ? 1 : 0) + constants + (big > smallest ? 1 : 0) +
               (hex > 0 ? 1 : 0) + di;
    fav[idx] = mix + functional + af2 + fe * 0.0f;
    dav[idx] = dd + cstyle + r + de * 0.0;
    uav[idx] = u;
  });
  iav.synchronize();
  for (int i = 1; i < n; ++i)
    if (iv[i] - iv[i - 1] == 0) return 1;  // a smoke check: the kernel ran and depends on i
  if (uv[0] != 0xFFFFFFFFu || dv[2] != 2.0 + 0.5 + 2.0 + 1e-3) return 2;

  // ---- Local pointers, references, local arrays, pointer arithmetic ----------------------
  parallel_for_each(iav.extent, [=](index<1> idx) restrict(amp) {
    int a[4] = {1, 2, 3, 4};
    float f[3] = {1.0f, 5.0f, 2.0f};
    int m2[2][3] = {{1, 2, 3}, {4, 5, 6}};
    point pts[2] = {{1.0f, 1.0f}, {3.0f, 4.0f}};
    bool seen[3] = {false, false, false};
    double dl[2];
    dl[0] = 0.25;
    dl[1] = 0.75;

    int* p = a;
    p += 2;             // a[2]
    int v = *p + p[1];  // 3 + 4
    ++p;
    p--;
    int* q = &a[3];
    int dist = static_cast<int>(q - p);  // 1
    bool ordered = p < q && q >= p && p != q;
    const int* cp = a;
    int* mp = const_cast<int*>(cp);
    *mp = 10;  // a[0]
    int* np = nullptr;
    if (np == nullptr) np = advance(a, 1);
    v += *np;  // a[1] = 2

    float* fp = f + 1;
    float fmax = *largest(f, f + 3);
    write_through(fp + 1, 7.0f);  // f[2]
    fp = fp - 1;
    fp++;

    point* pp = &pts[1];
    float len = pp->x + (*pp).y;
    const point& far = farther(pts[0], pts[1]);

    bool local_flag = false;
    bool* bp = &local_flag;
    set_flag(same_flag(bp));
    bool* sp = &seen[1];
    *sp = *bp;

    double dv2 = 1.0;
    *as_ptr(dv2) = dl[1];

    // References as locals, to elements, to array_view elements, to arrays.
    int& r0 = a[0];
    r0 += 1;  // 11
    const int& cr = a[1];
    int (&ra)[4] = a;
    int& elem = iav[idx];
    int other = 0;
    choose(elem, other, false) = 9;  // other = 9
    int s1 = 1, s2 = 2;
    swap_ints(s1, s2);
    unsigned int* up = &uav[idx];
    *up = 3u;

    int row_sum = sum_n(m2[1], 3);  // 15
    elem = v + dist + (ordered ? 1 : 0) + static_cast<int>(fmax) + static_cast<int>(f[2]) + static_cast<int>(*fp) +
           static_cast<int>(len) + static_cast<int>(far.x) + (seen[1] ? 1 : 0) + static_cast<int>(dv2 * 4.0) + r0 +
           cr + sum4(ra) + other + s1 * 10 + s2 + row_sum;
  });
  iav.synchronize();
  {
    // v 9, dist 1, ordered 1, fmax 5, f[2] 7, *fp 5, len 7, far.x 3, seen 1, dv2*4 3, r0 11, cr 2,
    // sum4 11+2+3+4 = 20, other 9, s1 2 -> 20, s2 1, row_sum 15
    const int expected = 9 + 1 + 1 + 5 + 7 + 5 + 7 + 3 + 1 + 3 + 11 + 2 + 20 + 9 + 20 + 1 + 15;
    for (int i = 0; i < n; ++i)
      if (iv[i] != expected || uv[i] != 3u) return 3;
  }

  // ---- Loops, switch, break, continue, early return --------------------------------------
  const int limit = 20;
  const mode md = mode::mul;
  const color col = green;
  parallel_for_each(iav.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    if (i >= limit) {
      iav[idx] = -1;
      return;  // early return from the kernel
    }
    int acc = 0;
    for (int k = 0; k < kBlock; ++k) acc += k;  // 6
    for (int k = 0, j = 10; k < j; ++k, --j) {
      if (k == 1) continue;
      if (k == 3) break;
      acc += k;  // 0 + 2
    }
    int w = 0;
    while (w < 5) ++w;
    while (true) {
      if (++w > 7) break;
    }
    do {
      acc += 1;
    } while (acc < 10);
    for (;;) {
      acc += 1;
      if (acc >= 11) break;
    }
    int arr[3] = {1, 2, 3};
    for (int e : arr) acc += e;  // 17
    for (int& e : arr) e *= 2;
    for (const auto& e : arr) acc += e;  // 29
    for (int outer = 0; outer < 3; ++outer) {
      for (int inner = 0; inner < 3; ++inner) {
        if (inner > outer) break;
        if (inner == 1) continue;
        acc += 1;  // outer 0: 1; outer 1: 1; outer 2: 2 -> 33
      }
    }
    if (int t = i % 3; t == 0) acc += 100;
    else if (t == 1) acc += 200;
    else acc += 300;

    switch (i % 4) {
      case 0:
        acc += 1;
        [[fallthrough]];
      case 1:
        acc += 1;
        break;
      case 2: {
        int local = 5;
        acc += local;
        break;
      }
      default:
        break;
    }
    switch (md) {
      case mode::add: acc += 0; break;
      case mode::sub: acc += 0; break;
      case mode::mul: acc += 1000; break;
    }
    switch (col) {
      case red: break;
      case green: acc += 2000; break;
      case blue: break;
    }
    switch (int h = i % 2; h) {
      case 0:
        for (int k = 0; k < 3; ++k) {
          switch (k) {
            case 1: continue;
            default: acc += 10; break;
          }
        }
        break;
      case kHalfBlock - 1:
        acc += 40;
        break;
    }
    switch (TS) {
      case TS: acc += w; break;  // w = 8
      default: break;
    }
    iav[idx] = acc + op(mode::add, 1, 2) + op(mode::sub, 5, 1) + op(mode::mul, 2, 3);  // 3 + 4 + 6
  });
  for (int i = 0; i < n; ++i) {
    int expected = -1;
    if (i < limit) {
      expected = 33 + (i % 3 == 0 ? 100 : i % 3 == 1 ? 200 : 300);
      expected += (i % 4 == 0 ? 2 : i % 4 == 1 ? 1 : i % 4 == 2 ? 5 : 0);
      expected += 3000 + (i % 2 == 0 ? 20 : 40) + 8 + 13;
    }
    if (iav[i] != expected) return 4;
  }

  // ---- Enums, structs of them, constants as values ---------------------------------------
  const level lv = high;
  const mask mk = mask::first;
  const implicit_int ii = implicit_int::three;
  const record rec{7, 1.5f, true, blue, mode::add};
  parallel_for_each(iav.extent, [=](index<1> idx) restrict(amp) {
    color c = static_cast<color>(idx[0] % 3);
    int v = c == red ? 1 : c == green ? 2 : 3;
    v += lv + low + mid;  // unscoped enums promote to int: 1 - 1 + 0
    v += bit0 | bit1 | bit2;  // 7
    unsigned int mbits = static_cast<unsigned int>(mk) | static_cast<unsigned int>(mask::second);
    mask both = static_cast<mask>(mbits);
    v += both == static_cast<mask>(3u) ? 1 : 0;
    v += static_cast<int>(ii);  // 3
    v += static_cast<int>(far_value);
    v += rec.valid && rec.c == blue && rec.m == mode::add ? rec.key : 0;
    int buffer[TS];  // a constant as an array bound
    for (int k = 0; k < TS; ++k) buffer[k] = k * kScale;
    int tiles[kBlock][kHalfBlock] = {};
    tiles[kBlock - 1][kHalfBlock - 1] = kOffset;
    iav[idx] = v + buffer[TS - 1] + tiles[3][1];
  });
  for (int i = 0; i < n; ++i)
    if (iav[i] != (i % 3 + 1) + 7 + 1 + 3 + 100 + 7 + 45 + 2) return 5;

  // ---- Lambdas nested in a kernel, local classes, structured bindings --------------------
  parallel_for_each(iav.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    int acc = 0;
    int k = 5;
    auto add = [](int a, int b) restrict(amp) { return a + b; };
    auto add_k = [=](int a) restrict(amp) { return a + k; };           // kernel local by value
    auto bump = [&](int d) restrict(amp) { acc += d; };                 // kernel local by reference
    auto bump_acc = [&acc, k](int d) restrict(amp) { acc += d * k; };  // explicit captures
    auto read_view = [=](int j) restrict(amp) -> int { return iav[j]; };  // the captured view, by value
    auto half = [](float v) restrict(amp) -> float { return v * 0.5f; };
    auto counter = [c = 0](int v) mutable restrict(amp) { return c += v; };
    bump(add(1, 2));      // 3
    bump(add_k(0));       // 8
    bump_acc(1);          // 13
    bump(static_cast<int>(half(4.0f)));  // 15
    counter(1);
    bump(counter(2));     // 18
    const int once = [&]() restrict(amp) { return acc * 2; }();  // 36
    auto outer = [&](int v) restrict(amp) {
      auto inner = [&](int w) restrict(amp) { acc += w; };
      inner(v);
      inner(v);
    };
    outer(1);  // 20
    acc += read_view(i) * 0;

    struct local_pair {
      int a;
      int b;
      int sum() const restrict(amp) { return a + b; }
    };
    local_pair lp{3, 4};
    point pt{1.0f, 2.0f};
    auto [px, py] = pt;
    auto& [rx, ry] = pt;
    rx = 10.0f;
    static_assert(sizeof(local_pair) == 2 * sizeof(int), "local class layout");
    typedef float scalar;
    using count_t = int;
    scalar sc = px + py + ry;  // 1 + 2 + 2
    count_t ct = lp.sum();     // 7
    iav[idx] = acc + once + static_cast<int>(sc) + ct + static_cast<int>(pt.x) + i * 0;
  });
  for (int i = 0; i < n; ++i)
    if (iav[i] != 20 + 36 + 5 + 7 + 10) return 6;

  // ---- Pointers to data members --------------------------------------------------------------
  float point::*captured_axis = axis_of(true);
  parallel_for_each(fav.extent, [=](index<1> idx) restrict(amp) {
    point pt{1.0f, 2.0f};
    float point::*other = axis_of(false);
    scale_axis(&pt, captured_axis, 3.0f);
    int record::*field = &record::key;
    record r{4, 0.5f, true, red, mode::add};
    axis_choice choice{other};
    fav[idx] = coordinate(pt, captured_axis) + pt.*(choice.axis) + static_cast<float>(r.*field);  // 3 + 2 + 4
  });
  for (int i = 0; i < n; ++i)
    if (fav[i] != 9.0f) return 7;
  return 0;
}
