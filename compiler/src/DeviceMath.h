// DeviceMath: the C library's math functions in device code.
#pragma once

#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace ample {

/// lowerExactMathCalls() replaces in device module `D` each call of a C library function whose
/// result is exactly an LLVM intrinsic that NVPTX makes one PTX instruction (sqrt, fabs, floor,
/// ceil, trunc, round, rint, nearbyint, fmin, fmax, fma, copysign; float and double), which
/// <amp_math.h>'s functions of those names reach through <cmath>. The host compile keeps them
/// calls where errno may be set (-fmath-errno, Clang's default on Linux); a GPU has no errno.
/// Each is correctly rounded on both sides (PTX's sqrt.rn and fma.rn included), so device and
/// CPU results agree in every bit.
void lowerExactMathCalls(llvm::Module &D);

/// linkMathLibrary() gives device module `D`, retargeted to NVPTX, a GPU form of each other C
/// library math function that its `Kernel` reaches (sin, exp, pow, lgamma, frexp, ...; float and double; the
/// llvm.sin-style intrinsics of -fno-math-errno builds too): the function of the same meaning in
/// libclc, LLVM's OpenCL C library, linked from its nvptx64 bitcode. That bitcode comes from
/// Debian's libclc-N package of the plugin's own LLVM major, since bitcode reads only in its
/// major or later; the build puts it beside the plugin (mathLibraryPath()). False, with `Why`
/// set, where `D` calls such a function and the library is missing or unreadable.
bool linkMathLibrary(llvm::Module &D, llvm::Function &Kernel, std::string &Why);

/// mathLibraryPath() is where linkMathLibrary() reads libclc's bitcode: $AMPLE_LIBCLC_NVPTX
/// where set, otherwise nvptx64--nvidiacl.bc in the plugin's own directory.
std::string mathLibraryPath();

} // namespace ample
