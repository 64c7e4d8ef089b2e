// A warp-synchronous tile reduction (tests/common/warp_synchronous_sum.hpp: the last 32
// work-items add without barriers, relying on a GPU warp's lockstep), run unguarded
// (`unguarded`) and behind the guard such programs use (`guarded`: `if
// (accelerator().is_emulated)` takes the version with a barrier per step). Built only with
// -DAMPLE_SANITIZE=thread: CTest expects ThreadSanitizer to report the unguarded kernel's
// tile_static race at its warp-synchronous additions, and nothing for the guarded program
// (tests/CMakeLists.txt).
#include <cstring>
#include <iostream>
#include <vector>

#include <amp.h>

#include "common/warp_synchronous_sum.hpp"

using namespace concurrency;

int main(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "unguarded") != 0 && std::strcmp(argv[1], "guarded") != 0)) {
    std::cerr << "usage: " << argv[0] << " unguarded|guarded\n";
    return 2;
  }
  const std::vector<int> values(4 * 64, 1);
  const bool guarded = std::strcmp(argv[1], "guarded") == 0;
  const bool warp_synchronous = !(guarded && accelerator(accelerator::default_accelerator).is_emulated);
  std::cout << "sum = " << ample_test::warp_synchronous_sum<64>(values, warp_synchronous) << "\n";
  return 0;
}
