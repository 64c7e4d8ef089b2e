// Probe: one launch of one element per thread after 20 ms of sleep, 41 times: min, median and
// p90 in microseconds (what the bench's launch_after_idle measures, outside the bench).
//   clang++-19 -std=c++20 -O2 -I include launch_after_idle.cpp build/clang-19-release/libample.a \
//     -lboost_context -lpthread
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>
#include <algorithm>
using namespace concurrency;
int main(){
  std::vector<int> host(ample::thread_count(), 0);
  array_view<int, 1> all(static_cast<int>(host.size()), host);
  auto launch = [&]{ parallel_for_each(all.extent, [=](index<1> i) restrict(amp) { all[i] += 1; }); };
  launch();
  std::vector<double> t;
  for (int r = 0; r < 41; ++r) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    auto t0 = std::chrono::steady_clock::now();
    launch();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1e6);
  }
  std::sort(t.begin(), t.end());
  printf("after idle: min %.1f median %.1f p90 %.1f us\n", t[0], t[20], t[36]);
}
