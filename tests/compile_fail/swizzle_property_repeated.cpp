// Rule: no swizzle names a component twice (SPEC §10.9; Microsoft's list has none), so there is
// no property `v.xx` to read or write; a repeated component can only be read with get<0, 0>().
// expect-error: no member named.*xx
#include <amp_short_vectors.h>

int main() {
  concurrency::graphics::float_4 v(1, 2, 3, 4);
  v.xx = concurrency::graphics::float_2(5, 6);
}
