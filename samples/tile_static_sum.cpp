// Seed 000 (D. Moth, "Tiling in C++ AMP", MSDN Magazine): the deliberately naive tile_static sum
// of a 2x6 matrix in 2x2 tiles, with the article's race fixed by `t_idx.barrier.wait();` after
// line 6 (the listing's line numbers are kept in the comments).
//
// Each tile's first work-item adds up its tile and stores the sum at the tile origin; the host
// adds the three tile sums. With the values 1..12 the total is 78.
#include <iostream>
#include <numeric>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

int main() try {
  std::vector<int> my_vector(12);
  std::iota(my_vector.begin(), my_vector.end(), 1);  // 1 2 3 ... 12
  const std::vector<int> original = my_vector;

  /* 1 */ static const int TS = 2;
  /* 2 */ array_view<int, 2> av(2, 6, my_vector);
  /* 3 */ parallel_for_each(av.extent.tile<TS,TS>(),
            [=](tiled_index<TS,TS> t_idx) restrict(amp)
  /* 4 */ {
  /* 5 */   tile_static int t[TS][TS];
  /* 6 */   t[t_idx.local[0]][t_idx.local[1]] = av[t_idx.global];
  /* 7 */   t_idx.barrier.wait();  // the fix: line 9 reads what the other work-items wrote
  /* 8 */   if (t_idx.local == index<2>(0,0)) {
  /* 9 */     t[0][0] = t[0][0] + t[0][1] + t[1][0] + t[1][1];
  /* 10 */    av[t_idx.tile_origin] = t[0][0];
  /* 11 */  }
  /* 12 */ });
  /* 13 */ int sum = av(0,0) + av(0,2) + av(0,4); // three tile_origins

  std::cout << "tile sums: " << av(0,0) << " " << av(0,2) << " " << av(0,4) << "\n";
  std::cout << "sum = " << sum << "\n";

  // Sequential reference: the sum of each 2x2 tile of the original matrix, and of everything.
  bool ok = true;
  for (int tile = 0; tile < 3; tile++) {
    const int c = tile * TS;
    const int expected = original[c] + original[c + 1] + original[6 + c] + original[6 + c + 1];
    if (av(0, c) != expected) {
      std::cout << "tile " << tile << ": sum " << av(0, c) << " != expected " << expected << "\n";
      ok = false;
    }
  }
  const int total = std::accumulate(original.begin(), original.end(), 0);
  if (sum != total) {
    std::cout << "sum " << sum << " != expected " << total << "\n";
    ok = false;
  }
  std::cout << (ok ? "verified\n" : "verification FAILED\n");
  // Twelve values: a timing would measure only the kernel launch.
  return sample::finish("tile_static_sum", ok);
} catch (const std::exception& e) {
  return sample::fail("tile_static_sum", e);
}
