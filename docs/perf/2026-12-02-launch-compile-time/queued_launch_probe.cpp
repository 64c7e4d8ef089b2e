// Per-launch time of a queued (REF) launch and of a CPU launch while a buffer lives beyond host memory.
#include <amp.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
using namespace concurrency;
template <class F> double per_call_us(F f, int n) {
  std::vector<double> runs;
  for (int r = 0; r < 7; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) f();
    runs.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / n);
  }
  std::sort(runs.begin(), runs.end());
  return runs[3];
}
int main() {
  accelerator ref(accelerator::direct3d_ref);
  accelerator_view rv = ref.get_default_view();
  std::vector<int> data(1, 0);
  array_view<int, 1> v(1, data);
  const double queued = per_call_us([&] {
    parallel_for_each(rv, v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
    rv.wait();
  }, 2000);
  array<int, 1> on_ref(16, rv);  // a buffer beyond host memory: CPU launches take the recorder path
  std::vector<int> d2(1, 0);
  array_view<int, 1> w(1, d2);
  const double recorded = per_call_us([&] {
    parallel_for_each(w.extent, [=](index<1> i) restrict(amp) { w[i] += 1; });
  }, 5000);
  std::printf("queued_ref_us %.3f host_recorded_us %.3f\n", queued, recorded);
}
