// extent<4>(1, 2, 3, 4) is rejected, as index<4>'s is (SPEC §4.2).
// expect-error: no matching function for call to|no matching constructor
#include <amp.h>

int main() {
  concurrency::extent<4> e(1, 2, 3, 4);
  (void)e;
}
