// Host-side cost of a GPU launch on the fake driver: the parallel_for_each call alone, and the
// call with its wait, for an empty kernel and the seed's transpose over two views (means of
// 20000, five rounds in turns).
#include <amp.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "workloads/transpose_kernels.hpp"
using namespace concurrency;
using namespace bench;
using clock_type = std::chrono::steady_clock;

int main() {
  accelerator gpu;
  for (const accelerator& a : accelerator::get_all())
    if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0) gpu = a;
  accelerator_view v = gpu.get_default_view();
  const int n = 1024;
  std::vector<float> in(std::size_t(n) * n, 1.0f), out(std::size_t(n) * n);
  array_view<const float, 2> a(n, n, in);
  array_view<float, 2> b(n, n, out);
  b.discard_data();
  const auto empty = [&] { parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); };
  const auto transpose = [&] {
    parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_1(a, b));
  };
  const auto measure = [&](auto launch, double& call, double& total) {
    const int reps = 20000;
    double in_call = 0;
    const auto t0 = clock_type::now();
    for (int r = 0; r < reps; ++r) {
      const auto c0 = clock_type::now();
      launch();
      in_call += std::chrono::duration<double, std::micro>(clock_type::now() - c0).count();
      v.wait();
    }
    total = std::chrono::duration<double, std::micro>(clock_type::now() - t0).count() / reps;
    call = in_call / reps;
  };
  double c, t;
  measure(empty, c, t);
  measure(transpose, c, t);
  for (int round = 0; round < 5; ++round) {
    double ec, et, tc, tt;
    measure(empty, ec, et);
    measure(transpose, tc, tt);
    std::printf("empty: call %5.2f total %5.2f   transpose: call %5.2f total %5.2f   (us)\n", ec, et, tc, tt);
  }
}
