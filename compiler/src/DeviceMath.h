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
/// library math function that its `Kernel` reaches (sin, exp, pow, lgamma, frexp, ...; float and
/// double; the llvm.sin-style intrinsics of -fno-math-errno builds too): the function of the
/// same meaning in libdevice, NVIDIA's math library for its GPUs, where the build found one (a
/// CUDA toolkit's, or the copy ./ample setup unpacks from Debian's), otherwise in libclc,
/// LLVM's OpenCL C library, both linked from their bitcode. libclc's comes from Debian's
/// libclc-N package of the plugin's own LLVM major, since bitcode reads only in its major or
/// later; libdevice's reads in every major. The build puts both beside the plugin, where they
/// are read: libdevice.10.bc ($AMPLE_LIBDEVICE overrides) and nvptx64--nvidiacl.bc
/// ($AMPLE_LIBCLC_NVPTX). fast_math's sin, cos, tan, sincos, exp, log, log2, log10, pow and
/// rsqrt take libdevice's hardware approximations (__nv_fast_sinf, __nv_rsqrtf), as Visual
/// C++'s GPU code took HLSL's intrinsics; without libdevice, its precise functions. False,
/// with `Why` set, where `D` calls a function that neither library found defines.
bool linkMathLibrary(llvm::Module &D, llvm::Function &Kernel, std::string &Why);

/// LibraryAssembly marks the inline assembly of a linked math library (libdevice's), which is
/// PTX and stays in device code; any other is the host's, which has no GPU form. (Instruction
/// metadata: the inliner copies it with the call.)
inline constexpr const char *LibraryAssembly = "ample.library_assembly";

} // namespace ample
