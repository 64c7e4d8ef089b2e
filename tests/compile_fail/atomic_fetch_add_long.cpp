// atomic_fetch_add on long* is rejected: C++ AMP's atomic read-modify-write functions take int*
// and unsigned int* only, the 32-bit atomics every DirectX 11 device has (SPEC §6).
// expect-error: accept only int\* and unsigned int\*
#include <amp.h>

int main() {
  long counter = 0;
  concurrency::atomic_fetch_add(&counter, 1L);
}
