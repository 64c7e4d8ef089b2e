// The functions of fast_math that a GPU approximates in hardware.
//
// Visual C++ compiled fast_math to HLSL's intrinsics, which a GPU evaluates in its special
// function units: faster than precise_math, and less accurate (CUDA's programming guide gives
// its approximations of sin and cos about 2^-21 absolute error between −π and π, more beyond).
// Ample's device code does the same: the device-code pass (compiler/src/DeviceMath.cpp) replaces
// every call of a function below, `ample_fast_<name>`, with libdevice's `__nv_fast_<name>`
// (sin.approx.f32 for sinf), or `__nv_<name>` where libdevice has no fast one because its
// function is the approximation already (rsqrt.approx.f32 for rsqrtf). They have C linkage
// because the pass finds them by a name that no mangling changes, so a new one here needs
// nothing there. Without libdevice (a build that has only libclc), device code keeps their
// bodies, precise functions, as the CPU does: the CPU engine, in WARP's role, computes
// fast_math with the C library's float functions.
#pragma once

#include <cmath>

#include "../restrict.hpp"
#include "special_functions.hpp"

namespace ample::detail {

extern "C" {
AMPLE_AMP_ONLY inline float ample_fast_sinf(float x) { return std::sin(x); }
AMPLE_AMP_ONLY inline float ample_fast_cosf(float x) { return std::cos(x); }
AMPLE_AMP_ONLY inline float ample_fast_tanf(float x) { return std::tan(x); }
AMPLE_AMP_ONLY inline void ample_fast_sincosf(float x, float* s, float* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
AMPLE_AMP_ONLY inline float ample_fast_expf(float x) { return std::exp(x); }
AMPLE_AMP_ONLY inline float ample_fast_logf(float x) { return std::log(x); }
AMPLE_AMP_ONLY inline float ample_fast_log2f(float x) { return std::log2(x); }
AMPLE_AMP_ONLY inline float ample_fast_log10f(float x) { return std::log10(x); }
AMPLE_AMP_ONLY inline float ample_fast_powf(float x, float y) { return std::pow(x, y); }
AMPLE_AMP_ONLY inline float ample_fast_rsqrtf(float x) { return rsqrt(x); }
}

}  // namespace ample::detail
