// A REF round trip: a view over a std::vector made anew, a kernel adding 1 on REF, synchronize.
#include <amp.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace concurrency;
int main(int argc, char** argv) {
  const int count = argc > 1 ? std::atoi(argv[1]) : 64 << 20;
  const int reps = argc > 2 ? std::atoi(argv[2]) : 11;
  accelerator_view ref = accelerator(accelerator::direct3d_ref).get_default_view();
  std::vector<float> host(count, 0.0f);
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    array_view<float, 1> v(count, host);
    parallel_for_each(ref, v.extent, [=](index<1> i) restrict(amp) { v[i] += 1.0f; });
    v.synchronize();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  for (int i = 0; i < count; i += 4097) if (host[i] != float(reps)) { std::printf("wrong at %d\n", i); return 1; }
  std::sort(t.begin(), t.end());
  std::printf("REF round trip of %d floats: median %.2f ms (min %.2f, max %.2f, %d runs)\n", count, t[reps / 2], t[0], t[reps - 1], reps);
}
