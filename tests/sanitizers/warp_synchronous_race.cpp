// A warp-synchronous tile reduction (the last 32 work-items add without barriers, relying on a
// GPU warp's lockstep), run unguarded (`unguarded`) and behind the guard such programs use
// (`guarded`: `if (accelerator().is_emulated)` takes the version with a barrier per step).
// Built only with -DAMPLE_SANITIZE=thread: CTest expects ThreadSanitizer to report the
// unguarded kernel's tile_static race at its warp-synchronous additions, and nothing for the
// guarded program (tests/CMakeLists.txt).
#include <cstring>
#include <iostream>
#include <vector>

#include <amp.h>

using namespace concurrency;

namespace {

constexpr int TILE = 64;

int tile_sums(const std::vector<int>& values, bool warp_synchronous) {
  const int tiles = static_cast<int>(values.size()) / TILE;
  array_view<const int, 1> in(static_cast<int>(values.size()), values);
  array_view<int, 1> partial(tiles);
  parallel_for_each(in.extent.tile<TILE>(), [=](tiled_index<TILE> t_idx) restrict(amp) {
    tile_static int t[TILE];
    const int local = t_idx.local[0];
    t[local] = in[t_idx.global];
    t_idx.barrier.wait();
    const int last_barrier = warp_synchronous ? 32 : 0;
    for (int s = TILE / 2; s > last_barrier; s >>= 1) {
      if (local < s) t[local] += t[local + s];
      t_idx.barrier.wait();
    }
    if (warp_synchronous && local < 32) {
      t[local] += t[local + 32];  // line 34: reads what other work-items write
      t[local] += t[local + 16];
      t[local] += t[local + 8];
      t[local] += t[local + 4];
      t[local] += t[local + 2];
      t[local] += t[local + 1];
    }
    if (local == 0) partial[t_idx.tile] = t[0];
  });
  int sum = 0;
  for (int i = 0; i < tiles; ++i) sum += partial[i];
  return sum;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "unguarded") != 0 && std::strcmp(argv[1], "guarded") != 0)) {
    std::cerr << "usage: " << argv[0] << " unguarded|guarded\n";
    return 2;
  }
  const std::vector<int> values(4 * TILE, 1);
  const bool guarded = std::strcmp(argv[1], "guarded") == 0;
  const bool warp_synchronous = !(guarded && accelerator(accelerator::default_accelerator).is_emulated);
  std::cout << "sum = " << tile_sums(values, warp_synchronous) << "\n";
  return 0;
}
