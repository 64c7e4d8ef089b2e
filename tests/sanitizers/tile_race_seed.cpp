// The tile_static sum of seed 000 (D. Moth, "Tiling in C++ AMP"), as printed in the article
// (`flawed`: work-item (0,0) adds up t[][] without waiting for the others to fill it) and with
// the article's fix (`fixed`: t_idx.barrier.wait() after the copy). Built only with
// -DAMPLE_SANITIZE=thread: CTest expects ThreadSanitizer to report the race of the flawed
// version between the read on line 9 and another work-item's write on line 6, and nothing for
// the fixed one (tests/CMakeLists.txt).
#include <cstring>
#include <iostream>
#include <numeric>
#include <vector>

#include <amp.h>

using concurrency::array_view;
using concurrency::tiled_index;

namespace {

int tile_sum(std::vector<int>& my_vector, bool with_barrier) {
  static const int TS = 2;
  array_view<int, 2> av(2, 6, my_vector);
  concurrency::parallel_for_each(av.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    tile_static int t[TS][TS];
    t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];  // line 6 of the listing
    if (with_barrier) t_idx.barrier.wait();                // the fix; uniform across the tile
    if (t_idx.local == concurrency::index<2>(0, 0)) {
      t[0][0] = t[0][0] + t[0][1] + t[1][0] + t[1][1];  // line 9: reads the others' slots
      av[t_idx.tile_origin] = t[0][0];
    }
  });
  return av(0, 0) + av(0, 2) + av(0, 4);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "flawed") != 0 && std::strcmp(argv[1], "fixed") != 0)) {
    std::cerr << "usage: " << argv[0] << " flawed|fixed\n";
    return 2;
  }
  std::vector<int> values(12);
  std::iota(values.begin(), values.end(), 1);
  const int sum = tile_sum(values, std::strcmp(argv[1], "fixed") == 0);
  std::cout << "sum = " << sum << "\n";
  return 0;
}
