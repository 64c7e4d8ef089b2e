// Uses restrict(amp) before any #include (the package force-includes ample/restrict.hpp) and
// reopens namespace Concurrency, as Visual C++ programs do.
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
  const bool ok = data[7] == 49 && Concurrency::Test::offset() == 1;
  std::puts(ok ? "consumer: PASSED" : "consumer: FAILED");
  return ok ? 0 : 1;
}
