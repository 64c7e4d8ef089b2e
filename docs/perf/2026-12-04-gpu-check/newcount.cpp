// newcount.cpp: counts operator new calls, for hook_probe -2.
#include <atomic>
#include <cstdlib>
#include <new>
std::atomic<long> news{0};
void* operator new(std::size_t n) {
  ++news;
  if (void* p = std::malloc(n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
