// Host-side cost of a launch on REF's queue: the parallel_for_each call alone, and the call
// with its wait, for an empty kernel and a one-element copy between two views (means of
// 20000, five rounds in turns).
#include <amp.h>
#include <chrono>
#include <cstdio>
#include <vector>
using namespace concurrency;
using clock_type = std::chrono::steady_clock;

int main() {
  accelerator_view v = accelerator(accelerator::direct3d_ref).default_view;
  std::vector<float> in(16, 1.0f), out(16);
  array_view<const float, 1> a(16, in);
  array_view<float, 1> b(16, out);
  b.discard_data();
  const auto empty = [&] { parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); };
  const auto two_views = [&] { parallel_for_each(v, extent<1>(1), [=](index<1> i) restrict(amp) { b[i] = a[i]; }); };
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
  measure(two_views, c, t);
  for (int round = 0; round < 5; ++round) {
    double ec, et, tc, tt;
    measure(empty, ec, et);
    measure(two_views, tc, tt);
    std::printf("empty: call %5.2f total %5.2f   two views: call %5.2f total %5.2f   (us)\n", ec, et, tc, tt);
  }
}
