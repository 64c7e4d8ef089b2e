// array_view::reinterpret_as<U>() exists for rank 1 only: reinterpreting needs contiguous bytes,
// which only a rank-1 view guarantees (SPEC §5.2.5).
// expect-error: reinterpret_as
// expect-error: constraints not satisfied
#include <amp.h>

int main() {
  float v[6] = {};
  concurrency::array_view<float, 2> av(2, 3, v);
  auto bits = av.reinterpret_as<int>();
  (void)bits;
}
