// Where launch_after_idle's time goes (docs/perf/2026-11-29-launch-layout.md): rdtsc at the call,
// at each work-item's start, at the return. Built against a tree's headers and libample.a:
//   clang++-19 -std=c++20 -O3 -march=native -I<tree>/include -include <tree>/include/ample/restrict.hpp \
//     -fpass-plugin=<build>/compiler/19/ample_barriers.so phases.cpp <build>/libample.a \
//     /usr/lib/x86_64-linux-gnu/libboost_context.a -ldl -lpthread -o phases
#include <amp.h>
#include <x86intrin.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>
using namespace concurrency;
int main() {
  const int n = static_cast<int>(ample::thread_count());
  std::vector<int> host(n, 0);
  std::vector<unsigned long long> start(n, 0);
  array_view<int, 1> all(n, host);
  unsigned long long* s = start.data();
  std::vector<double> to_first, to_last, after_last, total;
  // TSC ticks per microsecond.
  const auto c0 = __rdtsc(); const auto w0 = std::chrono::steady_clock::now();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const double per_us = double(__rdtsc() - c0) / std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - w0).count();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  for (int rep = 0; rep < 41; ++rep) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto t0 = __rdtsc();
    parallel_for_each(all.extent, [=](index<1> i) restrict(amp) { s[i[0]] = __rdtsc(); all[i] += 1; });
    const auto t1 = __rdtsc();
    const auto first = *std::min_element(start.begin(), start.end());
    const auto last = *std::max_element(start.begin(), start.end());
    to_first.push_back((first - t0) / per_us);
    to_last.push_back((last - t0) / per_us);
    after_last.push_back((t1 - last) / per_us);
    total.push_back((t1 - t0) / per_us);
  }
  auto med = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; };
  std::printf("to_first %.2f  to_last %.2f  after_last %.2f  total %.2f us\n", med(to_first), med(to_last), med(after_last), med(total));
}
