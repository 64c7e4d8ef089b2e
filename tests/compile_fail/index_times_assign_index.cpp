// index *= index is rejected, as index * index is (SPEC §4.1).
// expect-error: no match for .*operator\*=|no viable overloaded '\*='
#include <amp.h>

int main() {
  concurrency::index<2> a(1, 2), b(3, 4);
  a *= b;
}
