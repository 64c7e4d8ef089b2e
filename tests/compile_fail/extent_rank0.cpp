// extent<0> is rejected: a compute domain or container has rank N >= 1 (SPEC §4.2).
// expect-error: rank N >= 1
#include <amp.h>

int main() {
  concurrency::extent<0> e;
  (void)e;
}
