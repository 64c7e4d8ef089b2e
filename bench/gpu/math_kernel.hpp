// The GPU bench's math workload (gpu_bench.cpp): a kernel that spends its time in
// <amp_math.h>'s library functions, compiled once with the math library the build prefers
// (libdevice where it has one) and once with libclc alone (math_libclc.cpp), so that one run
// times the two libraries on the same GPU, next to the same expression in CUDA C++ calling
// libdevice (peer_math.cu); and with fast_math's functions, which on a GPU are the hardware's
// approximations, next to CUDA C++ calling libdevice's (__nv_fast_sinf, ...).
#pragma once

#include <amp.h>
#include <amp_math.h>

namespace bench::math_kernel {

/// value() is what the kernel computes of each element.
inline float value(float x) restrict(amp, cpu) {
  using namespace concurrency::precise_math;
  return sinf(x) + cosf(x) + expf(x * 0.001f) + logf(1.0f + x * x) + powf(fabsf(x) + 1.0f, 1.5f);
}

/// fast_value() is value() with fast_math's functions. Restricted to amp code: there a call
/// through the using-directive is fast_math's function (amp,cpu code calls the C library's).
inline float fast_value(float x) restrict(amp) {
  using namespace concurrency::fast_math;
  return sinf(x) + cosf(x) + expf(x * 0.001f) + logf(1.0f + x * x) + powf(fabsf(x) + 1.0f, 1.5f);
}

/// run_with_preferred_library() and run_with_libclc() launch `out[i] = value(in[i])` on
/// `where`, each compiled with its own library: the same code in two translation units.
/// run_fast() launches `out[i] = fast_value(in[i])`, compiled with the preferred library.
void run_with_preferred_library(const concurrency::accelerator_view& where,
                                const concurrency::array_view<const float, 1>& in,
                                const concurrency::array_view<float, 1>& out);
void run_with_libclc(const concurrency::accelerator_view& where, const concurrency::array_view<const float, 1>& in,
                     const concurrency::array_view<float, 1>& out);
void run_fast(const concurrency::accelerator_view& where, const concurrency::array_view<const float, 1>& in,
              const concurrency::array_view<float, 1>& out);

}  // namespace bench::math_kernel
