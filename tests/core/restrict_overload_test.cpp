// Overloading on restriction, as Visual C++ allows: a restrict(cpu) and a restrict(amp) function
// of the same signature side by side. Under Clang both compile; host code calls the cpu one, and
// kernels the amp one where the restriction checker is loaded (AMPLE_CHECKS_RESTRICTIONS, as in
// Visual C++), else the cpu one too (both bodies are valid on the CPU). GCC cannot tell them
// apart, so there the amp twins are left out, which is the porting recipe (docs/porting.md).
// The math functions of <amp_math.h> never tie with the C library's under a using-directive.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>
#include <gtest/gtest.h>

#include <cmath>

// Named, not anonymous: without the checker Clang never calls the amp twins, and would warn that
// they are unused.
namespace restrict_overload {
using concurrency::array_view;
using concurrency::index;

constexpr int from_cpu = 1;
constexpr int from_amp = 2;
#if AMPLE_CHECKS_RESTRICTIONS
constexpr int from_kernels = from_amp;
#else
constexpr int from_kernels = from_cpu;
#endif

int which(int) restrict(cpu) { return from_cpu; }
#if AMPLE_RESTRICT_OVERLOADING
int which(int) restrict(amp) { return from_amp; }
#endif

struct probe {
  int which() const restrict(cpu) { return from_cpu; }
#if AMPLE_RESTRICT_OVERLOADING
  int which() const restrict(amp) { return from_amp; }
#endif
  static int which_static() restrict(cpu) { return from_cpu; }
#if AMPLE_RESTRICT_OVERLOADING
  static int which_static() restrict(amp) { return from_amp; }
#endif
};

template <class T>
T which_template(T) restrict(cpu) {
  return T(from_cpu);
}
#if AMPLE_RESTRICT_OVERLOADING
template <class T>
T which_template(T) restrict(amp) {
  return T(from_amp);
}
#endif

// In a kernel, Visual C++ resolves a call among the amp-callable overloads only: which_type(1)
// calls which_type(double) restrict(amp), its result converted back, though which_type(int)
// matches better; likewise for members.
int which_type(int) restrict(cpu) { return from_cpu; }
#if AMPLE_RESTRICT_OVERLOADING
double which_type(double) restrict(amp) { return from_amp + 0.25; }
#endif
struct typed_probe {
  int which(int) const restrict(cpu) { return from_cpu; }
#if AMPLE_RESTRICT_OVERLOADING
  int which(float) const restrict(amp) { return from_amp; }
#endif
};

// In a restrict(cpu, amp) function each context resolves among the overloads it may call.
int which_type_in_both(int i) restrict(cpu, amp) {
  int value = which_type(i);
  return value + typed_probe{}.which(i);
}

// A function declared restrict(cpu) says so again where it is defined.
int declared_then_defined(int v) restrict(cpu);
int declared_then_defined(int v) restrict(cpu) { return v + 1; }

// Spellings that mean "both", and the old restrict(direct3d).
int both(int v) restrict(amp, cpu) { return v; }
int both_reversed(int v) restrict(cpu, amp) { return v; }
int old_spelling(int v) restrict(direct3d) { return v; }

// Every shape of overloading on restriction that Visual C++ accepts, each called from host code,
// from kernels, and from a restrict(cpu, amp) function called from both (compiled once per
// context by Visual C++; on Ample such a call chooses its overload by the context it runs in).
// Function templates called with explicit template arguments:
template <class T>
int explicit_template() restrict(cpu) {
  return from_cpu;
}
#if AMPLE_RESTRICT_OVERLOADING
template <class T>
int explicit_template() restrict(amp) {
  return from_amp;
}
#endif
// Every signature in both restrictions: the twin of the signature Clang chose is called.
int every_signature(int) restrict(cpu) { return from_cpu; }
int every_signature(float) restrict(cpu) { return 10 * from_cpu; }
#if AMPLE_RESTRICT_OVERLOADING
int every_signature(int) restrict(amp) { return from_amp; }
int every_signature(float) restrict(amp) { return 10 * from_amp; }
#endif
// Implicit conversions through constructors overloaded by restriction.
struct source {
  int value;
};
struct converted {
  int value;
  converted(source s) restrict(cpu) : value(s.value + from_cpu) {}
#if AMPLE_RESTRICT_OVERLOADING
  converted(source s) restrict(amp) : value(s.value + from_amp) {}
#endif
};
int take_converted(converted c) restrict(cpu, amp) { return c.value; }
// Members of a class template, of each of the shapes above.
template <class T>
struct members {
  members() restrict(cpu, amp) {}
  template <class U>
  int explicit_template() const restrict(cpu) {
    return from_cpu;
  }
  int every_signature(int) const restrict(cpu) { return from_cpu; }
  int every_signature(float) const restrict(cpu) { return 10 * from_cpu; }
  members(source) restrict(cpu) : made(from_cpu) {}
#if AMPLE_RESTRICT_OVERLOADING
  template <class U>
  int explicit_template() const restrict(amp) {
    return from_amp;
  }
  int every_signature(int) const restrict(amp) { return from_amp; }
  int every_signature(float) const restrict(amp) { return 10 * from_amp; }
  members(source) restrict(amp) : made(from_amp) {}
#endif
  int made = 0;
};
int take_members(members<int> m) restrict(cpu, amp) { return m.made; }

// Each shape once, from either context: 1 + 1 + 10 + 1 + 1 + 1 + 10 + 1 = 26 times the overload's
// value from its context, plus 0 for the source values.
int every_shape(int i, float f) restrict(cpu, amp) {
  source s{0};
  members<int> m;
  return explicit_template<concurrency::graphics::int_2>() + every_signature(i) + every_signature(f) +
         take_converted(s) + m.explicit_template<float>() + m.every_signature(i) + m.every_signature(f) +
         take_members(s);
}
constexpr int every_shape_sum = 26;

// The C library's math through fast_math and precise_math (cmath_imports.hpp), as a library's
// complex type writes it.
inline float length(float x, float y) restrict(cpu, amp) { return concurrency::fast_math::sqrt(x * x + y * y); }
inline float sqrt_of(const float& v) restrict(cpu, amp) { return concurrency::precise_math::sqrt(v); }

}  // namespace restrict_overload

namespace {
using namespace restrict_overload;
using restrict_overload::index;  // not glibc's global index()
using restrict_overload::which;

TEST(RestrictOverloadTest, TheCpuOverloadIsChosenOnTheHost) {
  EXPECT_EQ(which(0), from_cpu);
  EXPECT_EQ(probe{}.which(), from_cpu);
  EXPECT_EQ(probe::which_static(), from_cpu);
  EXPECT_EQ(which_template(0.0f), static_cast<float>(from_cpu));
  EXPECT_EQ(declared_then_defined(1), 2);
  EXPECT_EQ(both(3) + both_reversed(4) + old_spelling(5), 12);
  int (*pointer)(int) = &which;
  EXPECT_EQ(pointer(0), from_cpu);
}

TEST(RestrictOverloadTest, KernelsCallAValidOverload) {
  array_view<int, 1> out(8);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    out[i] = which(i[0]) + probe{}.which() + probe::which_static() + which_template(i[0]);
  });
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], 4 * from_kernels) << i;
}

TEST(RestrictOverloadTest, KernelsResolveAmongTheAmpOverloads) {
  EXPECT_EQ(which_type(0), from_cpu);
  EXPECT_EQ(typed_probe{}.which(0), from_cpu);
  array_view<int, 1> out(8);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    int value = which_type(i[0]);
    out[i] = value + typed_probe{}.which(i[0]);
  });
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], 2 * from_kernels) << i;
}

TEST(RestrictOverloadTest, EveryShapeOnTheHost) {
  source s{0};
  members<int> m;
  EXPECT_EQ(explicit_template<int>() + every_signature(1) + every_signature(1.0f) + take_converted(s) +
                m.explicit_template<int>() + m.every_signature(1) + m.every_signature(1.0f) + take_members(s),
            every_shape_sum * from_cpu);
  EXPECT_EQ(every_shape(1, 1.0f), every_shape_sum * from_cpu);
}

TEST(RestrictOverloadTest, EveryShapeInKernels) {
  array_view<int, 1> direct(8), helper(8);
  parallel_for_each(direct.extent, [=](index<1> i) restrict(amp) {
    source s{0};
    members<int> m;
    direct[i] = explicit_template<int>() + every_signature(i[0]) + every_signature(1.0f) + take_converted(s) +
                m.explicit_template<int>() + m.every_signature(i[0]) + m.every_signature(1.0f) + take_members(s);
    helper[i] = every_shape(i[0], 1.0f);
  });
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(direct[i], every_shape_sum * from_kernels) << i;
    EXPECT_EQ(helper[i], every_shape_sum * from_kernels) << i;
  }
}

TEST(RestrictOverloadTest, MathOfTheCLibraryInBothContexts) {
  EXPECT_FLOAT_EQ(length(3.0f, 4.0f), 5.0f);
  EXPECT_FLOAT_EQ(sqrt_of(4.0f), 2.0f);
  EXPECT_DOUBLE_EQ(concurrency::fast_math::sqrt(2.0), std::sqrt(2.0));  // std::sqrt(double) on the host
  array_view<float, 1> out(3);
  double two = 2.0;
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) {
    // fast_math has sqrt(float) only: a kernel's sqrt(double) is fast_math's, as in Visual C++.
    out[i] = i[0] == 0 ? length(3.0f, 4.0f) : i[0] == 1 ? sqrt_of(4.0f) : static_cast<float>(concurrency::fast_math::sqrt(two));
  });
  EXPECT_FLOAT_EQ(out[0], 5.0f);
  EXPECT_FLOAT_EQ(out[1], 2.0f);
  EXPECT_FLOAT_EQ(out[2], std::sqrt(2.0f));
}

TEST(RestrictOverloadTest, AmpCpuFunctionsResolveAmongTheirContextsOverloads) {
  EXPECT_EQ(which_type_in_both(0), 2 * from_cpu);
  array_view<int, 1> out(8);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = which_type_in_both(i[0]); });
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], 2 * from_kernels) << i;
}

TEST(RestrictOverloadTest, LambdasTakeEveryRestriction) {
  auto cpu_only = [](int v) restrict(cpu) { return v + 1; };
  auto amp_only = [](int v) restrict(amp) -> int { return v + 2; };
  auto counter = [n = 0](int v) mutable restrict(amp) { return n += v; };
  EXPECT_EQ(cpu_only(1) + amp_only(1) + counter(3) + counter(4), 2 + 3 + 3 + 7);
}

// Visual C++ chose precise_math::sqrt in kernels and the C library's on the host; on Ample
// the C library's wins both times (same value) instead of the call being ambiguous.
TEST(RestrictOverloadTest, MathUnderUsingDirectivesIsNotAmbiguous) {
  using namespace concurrency::precise_math;
  EXPECT_DOUBLE_EQ(sqrt(2.0), std::sqrt(2.0));
  EXPECT_FLOAT_EQ(sqrt(2.0f), std::sqrt(2.0f));
  EXPECT_DOUBLE_EQ(pow(2.0, 10.0), 1024.0);
  EXPECT_FLOAT_EQ(cosf(0.0f), 1.0f);
  EXPECT_DOUBLE_EQ(erf(0.0), 0.0);
  array_view<float, 1> out(4);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = sqrt(static_cast<float>(i[0] * i[0])); });
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(out[i], static_cast<float>(i));
}

TEST(RestrictOverloadTest, FastMathUnderUsingDirectivesIsNotAmbiguous) {
  using namespace concurrency::fast_math;
  EXPECT_FLOAT_EQ(sqrt(9.0f), 3.0f);
  EXPECT_FLOAT_EQ(fabs(-2.0f), 2.0f);
  EXPECT_FLOAT_EQ(sqrtf(16.0f), 4.0f);
}

}  // namespace
