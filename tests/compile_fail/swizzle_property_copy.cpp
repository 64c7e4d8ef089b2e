// Rule: a swizzle property cannot be copied out of its vector (swizzle_property.hpp): the copy
// would have no vector around it. MSVC's `auto p = v.xy;` gives a float_2; write
// `float_2 p = v.xy;` instead.
// expect-error: (private within this context|calling a private constructor)
#include <amp_short_vectors.h>

int main() {
  concurrency::graphics::float_4 v(1, 2, 3, 4);
  auto p = v.xy;
  (void)p;
}
