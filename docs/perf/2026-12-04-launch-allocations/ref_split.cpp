// Host-side cost of a launch on REF's queue: the parallel_for_each call alone, and the call
// with its wait, for an empty kernel and a one-element copy between two views (means of
// 20000, five rounds in turns).
#include <cstdio>

#include "probe.hpp"

using namespace concurrency;

int main() {
  accelerator_view v = accelerator(accelerator::direct3d_ref).default_view;
  std::vector<float> in(16, 1.0f), out(16);
  array_view<const float, 1> a(16, in);
  array_view<float, 1> b(16, out);
  b.discard_data();
  const auto empty = [&] { parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); };
  const auto two_views = [&] { parallel_for_each(v, extent<1>(1), [=](index<1> i) restrict(amp) { b[i] = a[i]; }); };
  probe::time_launches(v, empty);
  probe::time_launches(v, two_views);
  for (int round = 0; round < 5; ++round) {
    const probe::timed e = probe::time_launches(v, empty), k = probe::time_launches(v, two_views);
    std::printf("empty: call %5.2f total %5.2f   two views: call %5.2f total %5.2f   (us)\n", e.call, e.total, k.call,
                k.total);
  }
}
