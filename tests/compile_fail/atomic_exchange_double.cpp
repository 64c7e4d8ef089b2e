// atomic_exchange on double* is rejected: it takes int*, unsigned int* and float* only, the
// 32-bit types of C++ AMP's atomics (SPEC §6).
// expect-error: atomic_exchange accepts only int\*, unsigned int\* and float\*
#include <amp.h>

int main() {
  double d = 0;
  concurrency::atomic_exchange(&d, 1.0);
}
