// Launches of the seed's transpose over two views on the fake GPU, each waited for (2000, or
// the argument): for callgrind's instruction counts of the launch path.
#include <cstdlib>

#include "probe.hpp"

int main(int argc, char** argv) {
  const int launches = argc > 1 ? std::atoi(argv[1]) : 2000;
  concurrency::accelerator_view v = probe::gpu_view();
  const probe::transpose t;
  for (int r = 0; r < launches; ++r) {
    t.launch(v);
    v.wait();
  }
}
