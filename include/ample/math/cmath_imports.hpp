// The host overloads of fast_math and precise_math: Microsoft's <amp_math.h> ends both
// namespaces with an "Import CMATH C++ functions" block of using-declarations, so that
// `concurrency::fast_math::sqrt(x)` is std::sqrt in host code (and in the host half of a
// restrict(cpu, amp) function) and the amp function in kernels. These are the C89 functions
// of <cmath>, plain and `f`-suffixed.
//
// Ample's own functions are templates (fast_math.hpp) so that each of these non-templates wins
// a call it matches as well, on the host, instead of the call being ambiguous. In amp code the
// restriction checker resolves the call again among the namespace's amp functions
// (docs/design/restrict-checker.md); under GCC every call is the C library's, which computes
// the same value on the CPU.
//
// The `f`-suffixed functions come from the global namespace (<math.h>): C++ declares
// std::sqrtf and its kin, but libstdc++ 12 (GCC 12's, and the one Debian's Clangs use) does
// not, so `using std::sqrtf;` does not compile there.
#pragma once

#include <math.h>

#include <cmath>

// One list for both namespaces, as Microsoft's header imports the same functions into each.
#define AMPLE_IMPL_IMPORT_CMATH                                                                           \
  using std::acos, std::asin, std::atan, std::atan2, std::ceil, std::cos, std::cosh, std::exp, std::fabs, \
      std::floor, std::fmod, std::frexp, std::ldexp, std::log, std::log10, std::modf, std::pow, std::sin, \
      std::sinh, std::sqrt, std::tan, std::tanh;                                                          \
  using ::acosf, ::asinf, ::atanf, ::atan2f, ::ceilf, ::cosf, ::coshf, ::expf, ::fabsf, ::floorf,         \
      ::fmodf, ::frexpf, ::ldexpf, ::logf, ::log10f, ::modff, ::powf, ::sinf, ::sinhf, ::sqrtf, ::tanf,   \
      ::tanhf;

namespace Concurrency::fast_math {
AMPLE_IMPL_IMPORT_CMATH
}  // namespace Concurrency::fast_math

namespace Concurrency::precise_math {
AMPLE_IMPL_IMPORT_CMATH
}  // namespace Concurrency::precise_math

#undef AMPLE_IMPL_IMPORT_CMATH
