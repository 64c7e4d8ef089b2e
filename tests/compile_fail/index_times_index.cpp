// index * index is rejected: C++ AMP gives index only + and - with another index (SPEC §4.1).
// expect-error: no match for .*operator\*|invalid operands to binary expression
#include <amp.h>

int main() {
  concurrency::index<2> a(1, 2), b(3, 4);
  auto c = a * b;
  (void)c;
}
