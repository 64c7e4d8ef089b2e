// array<char> is rejected: C++ AMP containers hold elements whose size is a multiple of 4 bytes,
// because the DirectX buffers they were designed for address memory in 32-bit words (SPEC §5.1).
// expect-error: multiple of 4 bytes
#include <amp.h>

int main() {
  concurrency::array<char, 1> a(16);
  (void)a;
}
