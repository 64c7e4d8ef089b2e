// Where a launch's time goes on a GPU view: the call to parallel_for_each (capture, regions,
// queueing) and the wait, for an empty kernel and the seed's transposes over two views.
#include <amp.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include "workloads/transpose_kernels.hpp"
using namespace concurrency;
using namespace bench;
using clock_type = std::chrono::steady_clock;

struct split { double call_us, total_us; };

template <class Launch>
split measure(Launch launch, accelerator_view& v, int reps = 101) {
  std::vector<double> call, total;
  launch();
  v.wait();
  for (int r = 0; r < reps; ++r) {
    const auto t0 = clock_type::now();
    launch();
    const auto t1 = clock_type::now();
    v.wait();
    const auto t2 = clock_type::now();
    call.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    total.push_back(std::chrono::duration<double, std::micro>(t2 - t0).count());
  }
  std::sort(call.begin(), call.end());
  std::sort(total.begin(), total.end());
  return {call[call.size() / 2], total[total.size() / 2]};
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8192;
  accelerator gpu;
  for (const accelerator& a : accelerator::get_all())
    if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0) gpu = a;
  accelerator_view v = gpu.get_default_view();
  std::printf("%ls, n = %d, medians of 101 (us)\n", gpu.get_description().c_str(), n);
  std::vector<float> in(std::size_t(n) * n, 1.0f), out(std::size_t(n) * n);
  array_view<const float, 2> a(n, n, in);
  array_view<float, 2> b(n, n, out);
  b.discard_data();
  for (int round = 0; round < 3; ++round) {
    const split e = measure([&] { parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); }, v);
    std::printf("empty        call %7.2f  total %8.2f\n", e.call_us, e.total_us);
    const split t1 = measure([&] {
      parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_1(a, b));
    }, v);
    std::printf("transpose_1  call %7.2f  total %8.2f\n", t1.call_us, t1.total_us);
    const split t3 = measure([&] {
      parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_3(a, b));
    }, v);
    std::printf("transpose_3  call %7.2f  total %8.2f\n", t3.call_us, t3.total_us);
  }
  b.synchronize();
  std::printf("out[1] = %g\n", out[1]);
}
