// 2000 launches of the seed's transpose over two views on the fake GPU, each waited for: for
// callgrind's instruction counts of the launch path.
#include <amp.h>
#include <vector>
#include "workloads/transpose_kernels.hpp"
using namespace concurrency;
using namespace bench;
int main(int argc, char** argv) {
  const int launches = argc > 1 ? std::atoi(argv[1]) : 2000;
  accelerator gpu;
  for (const accelerator& a : accelerator::get_all())
    if (a.get_device_path().rfind(L"ample\\cuda\\", 0) == 0) gpu = a;
  accelerator_view v = gpu.get_default_view();
  const int n = 1024;
  std::vector<float> in(std::size_t(n) * n, 1.0f), out(std::size_t(n) * n);
  array_view<const float, 2> a(n, n, in);
  array_view<float, 2> b(n, n, out);
  b.discard_data();
  for (int r = 0; r < launches; ++r) {
    parallel_for_each(v, b.extent.tile<transpose_kernels::BSY, transpose_kernels::BSX>(), transpose_kernels::variant_1(a, b));
    v.wait();
  }
}
