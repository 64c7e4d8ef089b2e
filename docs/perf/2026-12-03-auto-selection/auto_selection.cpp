// What C++ AMP's automatic selection costs a launch (docs/perf/2026-12-03-auto-selection.md):
// the same kernel launched on REF's default view, named (`named`), and without a view
// (`selected`), which copies the kernel once more under a recorder and scans it for arrays
// before it goes to the same view. Run with CPPAMP_DEFAULT_ACCELERATOR='direct3d\ref'.
//
//   clang++-19 -std=gnu++20 -O3 -DNDEBUG -march=native -Iinclude auto_selection.cpp \
//       build/clang-19-release/libample.a -lboost_context -lpthread -ldl
#include <amp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace concurrency;

namespace {

constexpr int launches = 5000;

/// run() launches `launches` kernels over two views and an array, then waits for them: the
/// microseconds per launch.
template <class Launch>
double run(Launch launch) {
  const auto start = std::chrono::steady_clock::now();
  for (int k = 0; k < launches; ++k) launch();
  accelerator().default_view.wait();
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / launches;
}

}  // namespace

int main() {
  const accelerator_view ref = accelerator().default_view;
  std::vector<float> in(256, 1.0f), out(256, 0.0f);
  const array_view<const float, 1> source(256, in);
  const array_view<float, 1> target(256, out);
  array<float, 1> weights(256, in.begin(), ref);
  const auto kernel = [source, target, &weights](index<1> i) restrict(amp) { target[i] += source[i] * weights[i]; };
  const auto named = [&] { parallel_for_each(ref, target.extent, kernel); };
  const auto selected = [&] { parallel_for_each(target.extent, kernel); };
  std::printf("device: %ls\n", accelerator().description.c_str());
  for (int round = 1; round <= 9; ++round) {
    double best_named = 1e30, best_selected = 1e30;
    for (int r = 0; r < 15; ++r) {
      best_named = std::min(best_named, run(named));
      best_selected = std::min(best_selected, run(selected));
    }
    std::printf("round %d: named %.2f us selected %.2f us\n", round, best_named, best_selected);
  }
  target.synchronize();
  std::printf("check: %.0f\n", out[0]);
}
