// DeviceMath: the C library's math functions in device code.
#pragma once

namespace llvm {
class Module;
} // namespace llvm

namespace ample {

/// lowerExactMathCalls() replaces in device module `D` each call of a C library function whose
/// result is exactly an LLVM intrinsic that NVPTX makes one PTX instruction (sqrt, fabs, floor,
/// ceil, trunc, round, rint, nearbyint, fmin, fmax, fma, copysign; float and double), which
/// <amp_math.h>'s functions of those names reach through <cmath>. The host compile keeps them
/// calls where errno may be set (-fmath-errno, Clang's default on Linux); a GPU has no errno.
/// Each is correctly rounded on both sides (PTX's sqrt.rn and fma.rn included), so device and
/// CPU results agree in every bit. The other math functions (sin, exp, pow, ...) need a math
/// library, which device code does not link yet.
void lowerExactMathCalls(llvm::Module &D);

} // namespace ample
