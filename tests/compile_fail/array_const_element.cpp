// array<const T> is rejected: an array owns its storage, so its elements must be writable;
// read-only access is what array_view<const T> is for (SPEC §5.1).
// expect-error: non-const object type
#include <amp.h>

int main() {
  concurrency::array<const int, 1> a(16);
  (void)a;
}
