// Seed 000 (D. Moth, "Tiling in C++ AMP", MSDN Magazine): the deliberately naive tile_static sum
// of a 2x6 matrix in 2x2 tiles, with the article's race fixed by `t_idx.barrier.wait();` after
// line 6 (the listing's line numbers are kept in the comments).
//
// Each tile's first work-item adds up its tile and stores the sum at the tile origin; the host
// adds the three tile sums. With the values 1..12 the total is 78. Timed against the same sums
// computed sequentially.
#include <algorithm>
#include <iostream>
#include <numeric>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

// The article's listing, lines 1 to 13. The tile sums land at the tile origins (0,0), (0,2) and
// (0,4) of the 2x6 matrix in my_vector; returns their total.
int TileStaticSum(std::vector<int>& my_vector) {
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
  return sum;
}

// The sequential reference: the sum of each 2x2 tile of the matrix, and of everything.
struct Sums {
  int tile[3];
  int total;
};

Sums SumsSequential(const std::vector<int>& matrix) {
  Sums sums{};
  for (int tile = 0; tile < 3; tile++) {
    const int c = tile * 2;
    sums.tile[tile] = matrix[c] + matrix[c + 1] + matrix[6 + c] + matrix[6 + c + 1];
  }
  sums.total = std::accumulate(matrix.begin(), matrix.end(), 0);
  return sums;
}

int main() try {
  std::vector<int> my_vector(12);
  std::iota(my_vector.begin(), my_vector.end(), 1);  // 1 2 3 ... 12
  const std::vector<int> original = my_vector;

  // Best of 50: twelve values take microseconds at most. The kernel overwrites the tile
  // origins, so every run starts from a fresh copy of the values (twelve ints, a few ns).
  // With so little work the C++ AMP time is mostly the cost of a launch, so expect the
  // sequential loops to win by far.
  int sum = 0;
  Sums expected{};
  sample::warm_up();
  const double amp_s = sample::seconds([&] {
    std::copy(original.begin(), original.end(), my_vector.begin());
    sum = TileStaticSum(my_vector);
  }, 50);
  const double cpu_s = sample::seconds([&] { expected = SumsSequential(original); }, 50);

  // my_vector[0], [2] and [4] are av(0,0), av(0,2) and av(0,4).
  std::cout << "tile sums: " << my_vector[0] << " " << my_vector[2] << " " << my_vector[4] << "\n";
  std::cout << "sum = " << sum << "\n";

  bool ok = true;
  for (int tile = 0; tile < 3; tile++) {
    const int c = tile * 2;
    if (my_vector[c] != expected.tile[tile]) {
      std::cout << "tile " << tile << ": sum " << my_vector[c] << " != expected "
                << expected.tile[tile] << "\n";
      ok = false;
    }
  }
  if (sum != expected.total) {
    std::cout << "sum " << sum << " != expected " << expected.total << "\n";
    ok = false;
  }
  std::cout << (ok ? "verified\n" : "verification FAILED\n");
  sample::print_timing(amp_s, cpu_s);
  return sample::finish("tile_static_sum", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
  return sample::fail("tile_static_sum", e);
}
