// The math workload's launch (math_kernel.hpp), compiled twice by bench/gpu/CMakeLists.txt:
// as run_with_preferred_library() with the build's own settings, and as run_with_libclc()
// with the plugin told that there is no libdevice; the first also defines run_fast().
#include "math_kernel.hpp"

namespace bench::math_kernel {

void AMPLE_BENCH_MATH_RUN(const concurrency::accelerator_view& where, const concurrency::array_view<const float, 1>& in,
                          const concurrency::array_view<float, 1>& out) {
  concurrency::parallel_for_each(where, out.extent,
                                 [=](concurrency::index<1> i) restrict(amp) { out[i] = value(in[i]); });
}

#ifdef AMPLE_BENCH_MATH_FAST
void run_fast(const concurrency::accelerator_view& where, const concurrency::array_view<const float, 1>& in,
              const concurrency::array_view<float, 1>& out) {
  concurrency::parallel_for_each(where, out.extent,
                                 [=](concurrency::index<1> i) restrict(amp) { out[i] = fast_value(in[i]); });
}
#endif

}  // namespace bench::math_kernel
