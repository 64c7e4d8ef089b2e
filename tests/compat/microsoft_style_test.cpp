// A test program in the style of Microsoft's C++ AMP conformance suites, unchanged but for the
// restriction overload that GCC cannot take (amptest_style.h): `using namespace` both
// namespaces, a main() that returns runall_result, kernels calling the reopened namespace's
// helpers. CTest runs it; exit status 0 is a pass.
#include "amptest_style.h"

using namespace Concurrency;
using namespace Concurrency::Test;

runall_result test_vector_scale(const accelerator_view& av) {
  std::vector<float> data(1024);
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<float>(i);
  array_view<float, 1> view(static_cast<int>(data.size()), data);
  parallel_for_each(av, view.extent, [=](Concurrency::index<1> idx) restrict(amp) {
    view[idx] = Distance(view[idx] * 3.0f, view[idx]);
  });
  view.synchronize();
  for (size_t i = 0; i < data.size(); ++i) {
    if (!AreAlmostEqual(data[i], 2.0f * static_cast<float>(i))) {
      Log() << "element " << i << ": " << data[i] << std::endl;
      return runall_fail;
    }
  }
  return runall_pass;
}

runall_result test_tiled_sum(const accelerator_view& av) {
  const int tile = 64;
  Concurrency::array<int, 1> input(tile * 8, av);
  std::vector<int> sums(8, 0);
  array_view<int, 1> sum_view(8, sums);
  parallel_for_each(av, input.extent, [&input](Concurrency::index<1> idx) restrict(amp) { input[idx] = idx[0] % 64; });
  parallel_for_each(av, input.extent.tile<tile>(), [&input, sum_view](tiled_index<tile> t) restrict(amp) {
    tile_static int scratch[tile];
    scratch[t.local[0]] = input[t.global];
    t.barrier.wait();
    for (int stride = tile / 2; stride > 0; stride /= 2) {
      if (t.local[0] < stride) scratch[t.local[0]] += scratch[t.local[0] + stride];
      t.barrier.wait();
    }
    if (t.local[0] == 0) sum_view[t.tile] = scratch[0];
  });
  sum_view.synchronize();
  for (int s : sums)
    if (s != 63 * 64 / 2) return runall_fail;
  return runall_pass;
}

int main() {
  accelerator device = require_device();
  Log() << "device: " << std::string(device.description.begin(), device.description.end()) << std::endl;
  runall_result result = test_vector_scale(device.default_view) & test_tiled_sum(device.default_view);
  Log() << (result == runall_pass ? "PASSED" : "FAILED") << std::endl;
  return result;
}
