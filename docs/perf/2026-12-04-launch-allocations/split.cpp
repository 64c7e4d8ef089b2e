// Host-side cost of a GPU launch on the fake driver: the parallel_for_each call alone, and the
// call with its wait, for an empty kernel and the seed's transpose over two views (means of
// 20000, five rounds in turns).
#include <cstdio>

#include "probe.hpp"

using namespace concurrency;

int main() {
  accelerator_view v = probe::gpu_view();
  const probe::transpose t;
  const auto empty = [&] { parallel_for_each(v, extent<1>(1), [](index<1>) restrict(amp) {}); };
  const auto transpose = [&] { t.launch(v); };
  probe::time_launches(v, empty);
  probe::time_launches(v, transpose);
  for (int round = 0; round < 5; ++round) {
    const probe::timed e = probe::time_launches(v, empty), k = probe::time_launches(v, transpose);
    std::printf("empty: call %5.2f total %5.2f   transpose: call %5.2f total %5.2f   (us)\n", e.call, e.total, k.call,
                k.total);
  }
}
