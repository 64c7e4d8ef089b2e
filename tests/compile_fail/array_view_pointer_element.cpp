// An array_view of pointers is refused: pointers are no amp-compatible element type (C3581).
// expect-error: array_view element cannot be a pointer
#include <amp.h>

int main() {
  int value = 0;
  int* pointers[1] = {&value};
  concurrency::array_view<int*, 1> view(1, pointers);
  (void)view;
}
