// Rule: a const short vector's swizzle properties are read-only (Microsoft's properties call
// set_xy(), a non-const member; SPEC §10.9). Reading `v.xy` of a const vector is fine.
// expect-error: (discards qualifiers|no viable overloaded '=')
#include <amp_short_vectors.h>

int main() {
  const concurrency::graphics::float_4 v(1, 2, 3, 4);
  v.xy = concurrency::graphics::float_2(5, 6);
}
