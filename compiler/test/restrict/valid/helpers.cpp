// RUN: %clangxx_amp -fsyntax-only -Xclang -verify %s
// expected-no-diagnostics
//
// Valid C++ AMP: functions a kernel may call. Free and member functions restrict(amp) and
// restrict(amp, cpu) in every spelling, declarations before definitions, restrict(cpu) +
// restrict(amp) overload pairs (free, member, static member, template), operators and
// constructors of user structs, implicit and defaulted special members, non-virtual bases,
// static member functions, and kernels written as function objects.
#include <amp.h>

#include <vector>

using namespace concurrency;

namespace helpers {

// --- Free functions, every spelling of the restriction --------------------------------------
int add_one(int x) restrict(amp) { return x + 1; }
float scale(float x, float k) restrict(amp, cpu) { return x * k; }
int minus_one(int x) restrict(cpu, amp) { return x - 1; }
int doubled(int x) restrict(amp) restrict(cpu) { return x * 2; }
void nothing() restrict(amp) {}
void set_to(int& out, int v) restrict(amp) { out = v; }

// Declared first, defined later with the same restriction.
int declared_first(int v) restrict(amp, cpu);
int declared_amp_only(int v) restrict(amp);

// An amp function calling other amp functions, and an amp,cpu one calling amp,cpu ones.
int chain(int x) restrict(amp) { return add_one(minus_one(doubled(declared_first(x)))); }
float chain_both(float x) restrict(amp, cpu) { return scale(scale(x, 2.0f), 0.5f); }

// Default arguments made of constants, and of a call to an amp,cpu function.
int with_default(int x, int step = 3) restrict(amp) { return x + step; }
int with_call_default(int x, float k = scale(2.0f, 2.0f)) restrict(amp, cpu) { return x + static_cast<int>(k); }

// Functions in an unnamed namespace.
namespace {
int anonymous_helper(int x) restrict(amp) { return x * 5; }
}  // namespace

// Early returns, several return statements, a void function that returns early.
int classify(int x) restrict(amp) {
  if (x < 0) return -1;
  if (x == 0) return 0;
  return 1;
}
void clamp_in_place(float& v, float lo, float hi) restrict(amp) {
  if (v < lo) {
    v = lo;
    return;
  }
  if (v > hi) v = hi;
}

// --- restrict(cpu) + restrict(amp) overload pairs -------------------------------------------
// Under Clang the cpu one carries an enable_if attribute; both have the same parameters.
float twice(float x) restrict(cpu) { return 2.0f * x; }
#if AMPLE_RESTRICT_OVERLOADING
float twice(float x) restrict(amp) { return x + x; }
#endif

// A pair where only the amp twin is called from kernels and only the cpu one from the host.
int host_or_device() restrict(cpu) { return 1; }
#if AMPLE_RESTRICT_OVERLOADING
int host_or_device() restrict(amp) { return 2; }
#endif

// Declared, then defined, as a pair.
int pair_declared(int v) restrict(cpu);
#if AMPLE_RESTRICT_OVERLOADING
int pair_declared(int v) restrict(amp);
#endif

// Overloads on parameter types, all amp.
int pick(int v) restrict(amp) { return v; }
float pick(float v) restrict(amp) { return v * 2.0f; }
double pick(double v) restrict(amp) { return v * 3.0; }
unsigned int pick(unsigned int v) restrict(amp) { return v + 1u; }

// --- Structs with member functions, operators and constructors ------------------------------
struct vec2 {
  float x;
  float y;

  vec2() restrict(amp, cpu) : x(0.0f), y(0.0f) {}
  vec2(float a, float b) restrict(amp, cpu) : x(a), y(b) {}
  explicit vec2(float s) restrict(amp, cpu) : x(s), y(s) {}

  float dot(const vec2& o) const restrict(amp, cpu) { return x * o.x + y * o.y; }
  float length_squared() const restrict(amp) { return dot(*this); }
  float sum_via_this() const restrict(amp) { return this->x + this->y; }
  float cross(const vec2& o) const restrict(amp);  // defined outside the class
  void scale_by(float k) restrict(amp) {
    x *= k;
    y *= k;
  }

  vec2 operator+(const vec2& o) const restrict(amp, cpu) { return vec2(x + o.x, y + o.y); }
  vec2 operator-(const vec2& o) const restrict(amp, cpu) { return vec2(x - o.x, y - o.y); }
  vec2 operator-() const restrict(amp, cpu) { return vec2(-x, -y); }
  vec2& operator+=(const vec2& o) restrict(amp, cpu) {
    x += o.x;
    y += o.y;
    return *this;
  }
  float& operator[](int i) restrict(amp, cpu) { return i == 0 ? x : y; }
  float operator[](int i) const restrict(amp, cpu) { return i == 0 ? x : y; }
  float operator()(float a, float b) const restrict(amp, cpu) { return a * x + b * y; }
  bool operator==(const vec2& o) const restrict(amp, cpu) { return x == o.x && y == o.y; }
  bool operator!=(const vec2& o) const restrict(amp, cpu) { return !(*this == o); }
  explicit operator float() const restrict(amp, cpu) { return x + y; }
  friend vec2 operator/(const vec2& v, float k) restrict(amp, cpu) { return vec2(v.x / k, v.y / k); }
};

float vec2::cross(const vec2& o) const restrict(amp) { return x * o.y - y * o.x; }

// A struct with an implicit (non-explicit) conversion operator and a converting constructor.
struct meters {
  float value;
  meters(float v) restrict(amp, cpu) : value(v) {}
  operator int() const restrict(amp, cpu) { return static_cast<int>(value); }
};
int whole_meters(meters m) restrict(amp) { return m; }

// Free operators, one of them a friend-like free function, both restrict(amp, cpu).
vec2 operator*(const vec2& v, float k) restrict(amp, cpu) { return vec2(v.x * k, v.y * k); }
vec2 operator*(float k, const vec2& v) restrict(amp, cpu) { return v * k; }

// Member overload pair and static member functions.
struct probe {
  int value;
  int which() const restrict(cpu) { return 1; }
#if AMPLE_RESTRICT_OVERLOADING
  int which() const restrict(amp) { return 2; }
#endif
  static int make_static(int v) restrict(amp, cpu) { return v * 7; }
  static int static_amp(int v) restrict(amp) { return v - 7; }
  int get() const restrict(amp) { return value; }
  int& ref() restrict(amp) { return value; }
  const int& cref() const restrict(amp) { return value; }
};

// A struct with a user-declared destructor covering its constructors' restrictions.
struct guard {
  int count;
  guard() restrict(amp, cpu) : count(1) {}
  explicit guard(int c) restrict(amp) : count(c) {}
  ~guard() restrict(amp, cpu) {}
};

// Implicit special members only: every member is amp-compatible, so they are amp, cpu.
struct plain {
  int i;
  unsigned int u;
  float f;
  double d;
  bool b;
  long l;
  unsigned long ul;
};

// Explicitly defaulted special members, with and without a restriction.
struct defaulted {
  int a;
  float b;
  defaulted() = default;
  defaulted(const defaulted&) = default;
  defaulted& operator=(const defaulted&) = default;
  ~defaulted() = default;
  defaulted(int x, float y) restrict(amp, cpu) : a(x), b(y) {}
};

struct defaulted_restricted {
  int a = 5;  // a default member initializer (a constant)
  defaulted_restricted() restrict(amp, cpu) = default;
  defaulted_restricted(const defaulted_restricted&) restrict(amp, cpu) = default;
};

// Bool members, nested structs, a nested class definition, member arrays.
struct flags {
  bool visible;
  bool dirty;
  int id;
};

struct particle {
  struct state {
    vec2 position;
    vec2 velocity;
  };
  state now;
  flags f;
  float weights[3];
  bool alive[2];

  void step(float dt) restrict(amp) {
    now.position += now.velocity * dt;
    f.dirty = true;
  }
};

// Non-virtual inheritance, including a base with its own restrict(amp, cpu) constructor.
struct base {
  int b;
  base() restrict(amp, cpu) : b(10) {}
  int base_value() const restrict(amp, cpu) { return b; }
};
struct middle : base {
  int m = 1;
  int sum() const restrict(amp) { return b + m; }
};
struct derived : middle {
  int d = 2;
  int sum() const restrict(amp) { return middle::sum() + d; }  // hides middle::sum
};
struct two_bases : base, flags {
  int own = 3;
};

// An empty struct and a struct of structs of arrays.
struct empty {};
struct grid3 {
  int cells[3][3];
};

// A class with private data and public amp accessors.
class counter {
 public:
  counter() restrict(amp, cpu) : n_(0) {}
  void bump() restrict(amp) { ++n_; }
  int get() const restrict(amp, cpu) { return n_; }

 private:
  int n_;
};

// A kernel written as a function object, taking index<1> by value.
struct fill_functor {
  array_view<int, 1> out;
  int base_value;
  void operator()(index<1> idx) const restrict(amp) { out[idx] = base_value + idx[0]; }
};

// ... and one taking const index<2>&, with an amp,cpu constructor and a helper member.
class transform_functor {
 public:
  transform_functor(array_view<const float, 2> in, array_view<float, 2> out, float k) restrict(amp, cpu)
      : in_(in), out_(out), k_(k) {}
  void operator()(const index<2>& idx) const restrict(amp) { out_[idx] = apply(in_[idx]); }

 private:
  float apply(float v) const restrict(amp) { return scale(v, k_) + 1.0f; }
  array_view<const float, 2> in_;
  array_view<float, 2> out_;
  float k_;
};

int declared_first(int v) restrict(amp, cpu) { return v + 100; }
int declared_amp_only(int v) restrict(amp) { return v * 3; }
int pair_declared(int v) restrict(cpu) { return v + 1; }
#if AMPLE_RESTRICT_OVERLOADING
int pair_declared(int v) restrict(amp) { return v + 1; }
#endif

}  // namespace helpers

using namespace helpers;

int main() {
  const int n = 16;
  std::vector<int> iv(n, 0);
  array_view<int, 1> out(n, iv);

  // Free helpers, default arguments, overload sets, the cpu/amp pairs.
  parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    nothing();
    int r = chain(i);  // ((((i + 100) * 2) - 1) + 1) = 2i + 200
    r += static_cast<int>(chain_both(1.0f));
    r += with_default(0) + with_default(0, 1);
    r += with_call_default(0) + with_call_default(1, 0.0f) - 5;  // 4 + 1 - 5 = 0
    r += anonymous_helper(1) - 5;                                // 0
    r += classify(i - 1);
    float c = 5.0f;
    clamp_in_place(c, 0.0f, 2.0f);
    r += static_cast<int>(c);
    r += static_cast<int>(twice(1.0f));
    r += host_or_device() > 0 ? 1 : 0;
    r += pair_declared(1) - 2;
    r += pick(1) + static_cast<int>(pick(1.0f)) + static_cast<int>(pick(1.0)) + static_cast<int>(pick(1u));
    r += declared_amp_only(0);
    int s = 0;
    set_to(s, 4);
    out[idx] = r + s;
  });
  for (int i = 0; i < n; ++i) {
    const int expected = 2 * i + 222 + (i == 0 ? -1 : i == 1 ? 0 : 1);
    if (out[i] != expected) return 1;
  }

  // Structs: constructors, operators, members, nested structs, bases, implicit/defaulted members.
  parallel_for_each(out.extent, [=](index<1> idx) restrict(amp) {
    const int i = idx[0];
    vec2 a(1.0f, 2.0f);
    vec2 b = vec2(static_cast<float>(i));
    vec2 c = a + b - vec2();
    c += -a;
    c = c * 2.0f;
    c = 0.5f * c;
    c[0] = c[0] + 0.0f;
    const vec2 d = c;
    int r = static_cast<int>(d[1]) + static_cast<int>(d(1.0f, 0.0f));  // i + i
    r += (a == a && a != b) ? 1 : 0;
    r += static_cast<int>(static_cast<float>(a));  // 3
    r += static_cast<int>(a.sum_via_this() + a.cross(vec2(0.0f, 1.0f)) + (a / 1.0f).x) - 4;  // 3 + 1 + 1 - 4 = 1
    r += whole_meters(2.5f) + meters(1.0f) - 3;  // 2 + 1 - 3 = 0
    vec2 e = a;
    e.scale_by(2.0f);
    r += static_cast<int>(e.length_squared());  // 4 + 16 = 20

    probe p{5};
    r += p.which() + probe::make_static(1) + probe::static_amp(7) + p.get();  // which + 7 + 0 + 5
    p.ref() = 6;
    r += p.cref();  // 6

    guard g;
    guard g2(3);
    r += g.count + g2.count;  // 4

    plain pl{1, 2u, 3.0f, 4.0, true, 5L, 6UL};
    plain pl2 = pl;
    plain pl3;
    pl3 = pl2;
    r += pl3.i + static_cast<int>(pl3.u) + static_cast<int>(pl3.f) + static_cast<int>(pl3.d) + (pl3.b ? 1 : 0) +
         static_cast<int>(pl3.l) + static_cast<int>(pl3.ul);  // 22

    defaulted df(1, 2.0f);
    defaulted df2(df);
    defaulted df3;
    df3 = df2;
    r += df3.a;  // 1
    defaulted_restricted dr;
    defaulted_restricted dr2(dr);
    r += dr2.a;  // 5

    particle pt;
    pt.now.position = vec2(0.0f, 0.0f);
    pt.now.velocity = vec2(1.0f, 1.0f);
    pt.f = flags{true, false, 9};
    pt.weights[0] = 1.0f;
    pt.alive[0] = true;
    pt.alive[1] = false;
    pt.step(2.0f);
    r += static_cast<int>(pt.now.position.x) + (pt.f.dirty ? 1 : 0) + (pt.alive[0] && !pt.alive[1] ? 1 : 0);  // 4

    derived dv;
    r += dv.sum() + dv.base_value();  // 13 + 10
    two_bases tb;
    tb.visible = true;
    r += tb.own + tb.b + (tb.visible ? 1 : 0);  // 14

    empty em;
    empty em2 = em;
    (void)em2;
    grid3 gr{};
    gr.cells[1][2] = 7;
    grid3 gr2 = gr;
    r += gr2.cells[1][2];  // 7

    counter ct;
    ct.bump();
    ct.bump();
    r += ct.get();  // 2
    out[idx] = r;
  });
  for (int i = 0; i < n; ++i) {
    const int which = out[i] - (2 * i + 1 + 3 + 1 + 20 + 7 + 0 + 5 + 6 + 4 + 22 + 1 + 5 + 4 + 23 + 14 + 7 + 2);
    if (which != 1 && which != 2) return 2;
  }

  // Function objects as kernels.
  parallel_for_each(out.extent, fill_functor{out, 40});
  for (int i = 0; i < n; ++i)
    if (out[i] != 40 + i) return 3;

  std::vector<float> in_data(12, 2.0f), out_data(12, 0.0f);
  array_view<const float, 2> in2(3, 4, in_data);
  array_view<float, 2> out2(3, 4, out_data);
  out2.discard_data();
  parallel_for_each(out2.extent, transform_functor(in2, out2, 3.0f));
  out2.synchronize();
  for (float v : out_data)
    if (v != 7.0f) return 4;

  // Host calls of the same helpers pick the cpu overloads.
  if (twice(2.0f) != 4.0f || host_or_device() != 1 || pair_declared(1) != 2) return 5;
  return 0;
}
