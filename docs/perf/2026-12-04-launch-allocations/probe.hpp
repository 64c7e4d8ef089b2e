// probe.hpp: what the probes of this folder share: the fake GPU's view, the transpose over two
// views of 1024^2 floats, and the timing of launches waited for one by one.
#pragma once

#include <amp.h>

#include <chrono>
#include <vector>

#include "workloads/transpose_kernels.hpp"

namespace probe {

/// gpu_view() is the default view of the last GPU listed (the fake driver's one).
inline concurrency::accelerator_view gpu_view() {
  concurrency::accelerator gpu;
  for (const concurrency::accelerator& a : concurrency::accelerator::get_all())
    if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0) gpu = a;
  return gpu.get_default_view();
}

/// transpose is the seed's first transpose over two views of n x n floats, launched on `v`.
struct transpose {
  static constexpr int n = 1024;
  std::vector<float> in = std::vector<float>(std::size_t(n) * n, 1.0f), out = std::vector<float>(std::size_t(n) * n);
  concurrency::array_view<const float, 2> a{n, n, in};
  concurrency::array_view<float, 2> b{n, n, out};

  transpose() { b.discard_data(); }
  void launch(const concurrency::accelerator_view& v) const {
    using bench::transpose_kernels::BSX;
    using bench::transpose_kernels::BSY;
    concurrency::parallel_for_each(v, b.extent.tile<BSY, BSX>(), bench::transpose_kernels::variant_1(a, b));
  }
};

/// timed is the mean microseconds of a launch's call, and of the call with its wait.
struct timed {
  double call, total;
};

/// time_launches() launches and waits on `v`, `reps` times.
template <class Launch>
timed time_launches(concurrency::accelerator_view& v, Launch launch, int reps = 20000) {
  using clock_type = std::chrono::steady_clock;
  double in_call = 0;
  const auto t0 = clock_type::now();
  for (int r = 0; r < reps; ++r) {
    const auto c0 = clock_type::now();
    launch();
    in_call += std::chrono::duration<double, std::micro>(clock_type::now() - c0).count();
    v.wait();
  }
  return {in_call / reps, std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / reps};
}

}  // namespace probe
