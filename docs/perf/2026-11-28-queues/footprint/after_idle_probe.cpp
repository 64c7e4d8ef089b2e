// after_idle_probe: the bench's launch_after_idle, reduced to one program that needs only
// Ample: 60 launches of a one-element-per-thread kernel, each after 20 ms of sleep, median.
// With an argument it does not sleep (for valgrind, which then counts one launch's work).
//   clang++-19 -O3 -DNDEBUG -march=native -std=gnu++20 -I<tree>/include \
//     -include <tree>/include/ample/restrict.hpp after_idle_probe.cpp <build>/libample.a \
//     -lboost_context -lpthread
#include <amp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

using namespace concurrency;

__attribute__((noinline)) void launch(array_view<int, 1>& all) {
  parallel_for_each(all.extent, [=](concurrency::index<1> i) restrict(amp) { all[i] += 1; });
}

int main(int argc, char**) {
  std::vector<int> host(ample::thread_count(), 0);
  array_view<int, 1> all(static_cast<int>(host.size()), host);
  launch(all);
  std::vector<double> seconds;
  for (int r = 0; r < 60; ++r) {
    if (argc < 2) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const auto t0 = std::chrono::steady_clock::now();
    launch(all);
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  std::printf("median %.0f ns\n", seconds[seconds.size() / 2] * 1e9);
}
