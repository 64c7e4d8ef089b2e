// Ample's launch overhead on the fake GPU (tests/backend/fake_cuda), with each launch's
// "kernel" a busy wait on the queue's thread: an empty kernel against the seed's transpose
// over two views. No argument: medians of 301 launches and waits, kernels of 0 and 280 us.
// 0 or 1: 30000 empty (0) or transpose (1) launches, for perf. -2: operator new calls per
// launch (link newcount.cpp).
#include <amp.h>
#include <dlfcn.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <vector>
#include "backend/fake_cuda/fake_cuda.h"
#include "workloads/transpose_kernels.hpp"
using namespace concurrency;
using namespace bench;
using clock_type = std::chrono::steady_clock;

int busy(const ample_fake_cuda_launch*, void* us) {
  const auto end = clock_type::now() + std::chrono::microseconds(*static_cast<int*>(us));
  while (clock_type::now() < end) {}
  return 0;
}

template <class Launch>
double median_us(Launch launch, accelerator_view& v, int reps = 301) {
  std::vector<double> total;
  launch();
  v.wait();
  for (int r = 0; r < reps; ++r) {
    const auto t0 = clock_type::now();
    launch();
    v.wait();
    total.push_back(std::chrono::duration<double, std::micro>(clock_type::now() - t0).count());
  }
  std::sort(total.begin(), total.end());
  return total[total.size() / 2];
}

int main(int argc, char** argv) {
  const int mode = argc > 1 ? std::atoi(argv[1]) : -1;
  accelerator gpu;
  for (const accelerator& a : accelerator::get_all())
    if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0) gpu = a;
  accelerator_view v = gpu.get_default_view();
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  auto set_hook = reinterpret_cast<void (*)(ample_fake_cuda_launch_hook, void*)>(dlsym(lib, "ample_fake_cuda_set_launch_hook"));
  static int us = 280;
  set_hook(busy, &us);
  const int n = 1024;
  std::vector<float> in(std::size_t(n) * n, 1.0f), out(std::size_t(n) * n);
  array_view<const float, 2> a(n, n, in);
  array_view<float, 2> b(n, n, out);
  b.discard_data();
  if (mode >= 0) {
    us = 0;
    for (int r = 0; r < 30000; ++r) {
      if (mode == 0) parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {});
      else parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_1(a, b));
      v.wait();
    }
    return 0;
  }
  if (mode == -2) {
    extern std::atomic<long> news;
    us = 0;
    for (int m = 0; m < 2; ++m) {
      for (int r = 0; r < 10; ++r) { if (m == 0) parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); else parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_1(a, b)); v.wait(); }
      const long before = news.load();
      for (int r = 0; r < 1000; ++r) { if (m == 0) parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); else parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_1(a, b)); v.wait(); }
      std::printf("mode %d: %.2f operator new per launch\n", m, (news.load() - before) / 1000.0);
    }
    return 0;
  }
  for (int round = 0; round < 3; ++round) {
    for (int k : {0, 280}) {
      us = k;
      const double e = median_us([&] { parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); }, v);
      const double t = median_us([&] {
        parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_1(a, b));
      }, v);
      std::printf("kernel %3d us: empty %7.2f  transpose %7.2f  difference %5.2f\n", k, e, t, t - e);
    }
  }
}
