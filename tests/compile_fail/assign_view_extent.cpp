// av.extent cannot be changed: Microsoft's extent is a read-only property of array and
// array_view, whose shape is fixed when they are made (SPEC §5.2). Ample's extent member
// hides the mutating operators, so av.extent += ... is rejected as well.
// expect-error: no match for .*operator=|no viable overloaded '='
#include <amp.h>

int main() {
  int v[4] = {};
  concurrency::array_view<int, 1> av(4, v);
  av.extent = concurrency::extent<1>(2);
}
