// Uses restrict(amp) before any #include (the package force-includes ample/restrict.hpp) and
// reopens namespace Concurrency, as Visual C++ programs do. Where the package loads the pass
// plugin of this Clang's major (CONSUMER_EXPECTS_COMPILED_TILES), its tiled kernel must run
// compiled.
inline int square(int v) restrict(amp, cpu) { return v * v; }

#include <amp.h>

#include <cstdio>
#include <vector>

namespace Concurrency {
namespace Test {
inline int offset() { return 1; }
}  // namespace Test
}  // namespace Concurrency

int main() {
  std::vector<int> data(64);
  concurrency::array_view<int, 1> view(64, data);
  concurrency::parallel_for_each(view.extent, [=](concurrency::index<1> i) restrict(amp) { view[i] = square(i[0]); });
  view.synchronize();
  bool ok = data[7] == 49 && Concurrency::Test::offset() == 1;

  concurrency::parallel_for_each(view.extent.tile<16>(), [=](concurrency::tiled_index<16> t) restrict(amp) {
    tile_static int row[16];
    row[t.local[0]] = view[t.global];
    t.barrier.wait();
    view[t.global] = row[15 - t.local[0]];
  });
  view.synchronize();
  ok = ok && data[0] == 15 * 15 && data[15] == 0;
#ifdef CONSUMER_EXPECTS_COMPILED_TILES
  const bool compiled = ample::detail::cpu::tiled_launches().compiled == 1;
  std::puts(compiled ? "consumer: the tiled kernel ran compiled" : "consumer: the tiled kernel did not run compiled");
  ok = ok && compiled;
#endif
  std::puts(ok ? "consumer: PASSED" : "consumer: FAILED");
  return ok ? 0 : 1;
}
