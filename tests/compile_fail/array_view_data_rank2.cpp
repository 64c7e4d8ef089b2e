// array_view::data() exists for rank 1 only: only a rank-1 view is guaranteed to be contiguous,
// a section of a rank-2 view skips elements between rows (SPEC §5.2.5).
// expect-error: data
// expect-error: constraints not satisfied
#include <amp.h>

int main() {
  int v[6] = {};
  concurrency::array_view<int, 2> av(2, 3, v);
  int* p = av.data();
  (void)p;
}
