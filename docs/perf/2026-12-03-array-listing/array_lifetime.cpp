// What listing every array costs its construction: make and drop an array<float, 1>(16) on
// the CPU engine 50 000 times, 40 times over, and print the best time per array in ns.
// Built once against the headers before the change and once against those after it, both
// linked with the same libample.a (the listing is a call the headers make or not).
#include <amp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

int main() {
  const concurrency::accelerator_view engine = concurrency::accelerator(concurrency::accelerator::direct3d_warp).default_view;
  double best = 1e9;
  for (int run = 0; run < 40; ++run) {
    constexpr int count = 50000;
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < count; ++k) {
      concurrency::array<float, 1> a(16, engine);
      asm volatile("" : : "r"(&a) : "memory");  // keep the array
    }
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count() / count);
  }
  std::printf("%.1f\n", best);
}
