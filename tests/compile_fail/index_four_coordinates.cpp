// index<4>(1, 2, 3, 4) is rejected: C++ AMP has coordinate constructors for ranks 1 to 3 only;
// higher ranks take an int array (SPEC §4.1).
// expect-error: no matching function for call to|no matching constructor
#include <amp.h>

int main() {
  concurrency::index<4> i(1, 2, 3, 4);
  (void)i;
}
