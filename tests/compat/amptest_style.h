// A test helper header in the style of Microsoft's C++ AMP test suites: it reopens
// `namespace Concurrency`, adds Concurrency::Test with result codes, comparisons usable in
// kernels, device selection and a log, and overloads a function on restrict(cpu)/restrict(amp).
// It says restrict(...) before including anything, as headers written for Visual C++ do.
#pragma once

inline bool amptest_is_nan(float v) restrict(amp, cpu) { return v != v; }

#include <amp.h>
#include <amp_math.h>

#include <cmath>
#include <iostream>
#include <string>
#include <vector>

namespace Concurrency {
namespace Test {

enum runall_result { runall_pass = 0, runall_fail = 1, runall_skip = 2 };

inline runall_result operator&(runall_result a, runall_result b) { return a == runall_pass ? b : a; }

/// AreAlmostEqual: relative comparison, on the host and in kernels.
template <typename T>
bool AreAlmostEqual(T v1, T v2, T max_abs_diff = T(1e-6), T max_rel_diff = T(1e-5)) restrict(cpu, amp) {
  T diff = v1 > v2 ? v1 - v2 : v2 - v1;
  if (diff < max_abs_diff) return true;
  T largest = (v1 > 0 ? v1 : -v1) > (v2 > 0 ? v2 : -v2) ? (v1 > 0 ? v1 : -v1) : (v2 > 0 ? v2 : -v2);
  return diff <= largest * max_rel_diff;
}

/// Distance: an overload pair on restriction, as the suites write them.
inline float Distance(float a, float b) restrict(cpu) { return std::abs(a - b); }
#if AMPLE_RESTRICT_OVERLOADING
inline float Distance(float a, float b) restrict(amp) { return precise_math::fabs(a - b); }
#endif

/// require_device: the first accelerator that is not emulated, as the suites select; on Ample
/// every device is emulated (WARP's part), so it is the default.
inline accelerator require_device() {
  for (const accelerator& a : accelerator::get_all())
    if (!a.is_emulated) return a;
  return accelerator();
}

inline std::ostream& Log() { return std::cout; }

}  // namespace Test
}  // namespace Concurrency
