// The GPU bench's math workload (gpu_bench.cpp): a kernel that spends its time in
// <amp_math.h>'s library functions, compiled once with the math library the build prefers
// (libdevice where it has one) and once with libclc alone (math_libclc.cpp), so that one run
// times the two libraries on the same GPU, next to the same expression in CUDA C++ calling
// libdevice (peer_math.cu).
#pragma once

#include <amp.h>
#include <amp_math.h>

namespace bench::math_kernel {

/// value() is what the kernel computes of each element.
inline float value(float x) restrict(amp, cpu) {
  using namespace concurrency::precise_math;
  return sinf(x) + cosf(x) + expf(x * 0.001f) + logf(1.0f + x * x) + powf(fabsf(x) + 1.0f, 1.5f);
}

/// run_with_preferred_library() and run_with_libclc() launch `out[i] = value(in[i])` on
/// `where`, each compiled with its own library: the same code in two translation units.
void run_with_preferred_library(const concurrency::accelerator_view& where,
                                const concurrency::array_view<const float, 1>& in,
                                const concurrency::array_view<float, 1>& out);
void run_with_libclc(const concurrency::accelerator_view& where, const concurrency::array_view<const float, 1>& in,
                     const concurrency::array_view<float, 1>& out);

}  // namespace bench::math_kernel
