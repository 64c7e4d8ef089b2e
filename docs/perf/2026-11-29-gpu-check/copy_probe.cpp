// Device-machine probe: what bounds a staged copy. g++ -O2 copy_probe.cpp -lcuda -pthread
#include <cuda.h>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>
#include <algorithm>
#define CK(x) do { CUresult r = (x); if (r) { std::printf("%s -> %d\n", #x, r); return 1; } } while (0)
using clk = std::chrono::steady_clock;
static double ms(clk::time_point a) { return std::chrono::duration<double, std::milli>(clk::now() - a).count(); }
static void pcopy(char* to, const char* from, size_t n, int threads) {
  std::vector<std::thread> t;
  size_t piece = (n + threads - 1) / threads;
  for (int i = 0; i < threads; ++i) {
    size_t b = i * piece, e = std::min(n, b + piece);
    if (b < e) t.emplace_back([=] { std::memcpy(to + b, from + b, e - b); });
  }
  for (auto& x : t) x.join();
}
int main() {
  const size_t n = size_t(256) << 20;
  CK(cuInit(0)); CUdevice dev; CK(cuDeviceGet(&dev, 0)); CUcontext ctx; CK(cuDevicePrimaryCtxRetain(&ctx, dev)); CK(cuCtxSetCurrent(ctx));
  std::vector<char> host(n, 1), host2(n, 2);
  void* pinned; CK(cuMemHostAlloc(&pinned, n, 0));
  std::memset(pinned, 0, n);
  CUdeviceptr d; 
  for (int i = 0; i < 3; ++i) { auto t = clk::now(); CK(cuMemAlloc(&d, n)); double a = ms(t); t = clk::now(); CK(cuMemFree(d)); std::printf("cuMemAlloc 256MiB %.3f ms, cuMemFree %.3f ms\n", a, ms(t)); }
  CK(cuMemAlloc(&d, n));
  for (int threads : {1, 2, 4, 8, 16}) {
    double best = 1e9;
    for (int r = 0; r < 5; ++r) { auto t = clk::now(); pcopy((char*)pinned, host.data(), n, threads); best = std::min(best, ms(t)); }
    double best2 = 1e9;
    for (int r = 0; r < 5; ++r) { auto t = clk::now(); pcopy(host2.data(), host.data(), n, threads); best2 = std::min(best2, ms(t)); }
    std::printf("memcpy %2d threads: pageable->pinned %.2f GB/s, pageable->pageable %.2f GB/s\n", threads, n / best / 1e6, n / best2 / 1e6);
  }
  double h2d = 1e9, d2h = 1e9;
  for (int r = 0; r < 5; ++r) {
    auto t = clk::now(); CK(cuMemcpyHtoD(d, pinned, n)); h2d = std::min(h2d, ms(t));
    t = clk::now(); CK(cuMemcpyDtoH(pinned, d, n)); d2h = std::min(d2h, ms(t));
  }
  std::printf("DMA pinned: H2D %.2f GB/s, D2H %.2f GB/s\n", n / h2d / 1e6, n / d2h / 1e6);
  // DMA while 15 threads copy elsewhere: contention for memory.
  for (int threads : {8, 15}) {
    auto t = clk::now();
    std::thread dma([&] { for (int r = 0; r < 4; ++r) cuMemcpyHtoD(d, pinned, n); });
    double c = 0; { auto t2 = clk::now(); for (int r = 0; r < 4; ++r) pcopy(host2.data(), host.data(), n, threads); c = ms(t2); }
    dma.join(); double all = ms(t);
    std::printf("concurrent: %d-thread memcpy %.2f GB/s while H2D DMA; both done in %.2f ms (DMA alone would be %.2f)\n", threads, 4 * n / c / 1e6, all, 4 * h2d);
  }
  for (int r = 0; r < 3; ++r) {
    auto t = clk::now(); CK(cuMemHostRegister(host.data(), n, 0)); double reg = ms(t);
    t = clk::now(); CK(cuMemcpyHtoD(d, host.data(), n)); double c = ms(t);
    t = clk::now(); CK(cuMemHostUnregister(host.data())); double un = ms(t);
    std::printf("cuMemHostRegister 256MiB %.2f ms, H2D from it %.2f GB/s, unregister %.2f ms\n", reg, n / c / 1e6, un);
  }
  double pg = 1e9; for (int r = 0; r < 3; ++r) { auto t = clk::now(); CK(cuMemcpyHtoD(d, host.data(), n)); pg = std::min(pg, ms(t)); }
  std::printf("DMA pageable H2D %.2f GB/s\n", n / pg / 1e6);
  return 0;
}
