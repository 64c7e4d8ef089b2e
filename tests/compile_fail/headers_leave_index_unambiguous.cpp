// Positive rule: C++ AMP programs write `using namespace concurrency;` and then `index<2>`.
// glibc declares a global function `index` in <strings.h>, which <cstring> includes, so none of
// Ample's public headers may include it (detail/byte_copy.hpp); a program that includes
// <cstring> itself must write `using concurrency::index;` (docs/compatibility.md).
// expect-success
#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

using namespace concurrency;

int main() {
  index<2> i(1, 2);
  extent<2> e(4, 4);
  graphics::texture<int, 2> t(e);
  return e.contains(i) && t.extent == e ? 0 : 1;
}
