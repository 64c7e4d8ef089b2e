// Device-machine probe: a staged copy's speed by piece size, buffer count and store kind.
// g++ -O2 -mavx2 stage_probe.cpp -lcuda -pthread
#include <cuda.h>
#include <immintrin.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
#define CK(x) do { CUresult r_ = (x); if (r_) { std::printf("%s -> %d\n", #x, r_); std::exit(1); } } while (0)
using clk = std::chrono::steady_clock;
static double ms(clk::time_point a) { return std::chrono::duration<double, std::milli>(clk::now() - a).count(); }

static void stream_copy(char* to, const char* from, size_t n) {
  size_t i = std::min(n, size_t((32 - reinterpret_cast<uintptr_t>(to) % 32) % 32));
  std::memcpy(to, from, i);
  for (; i + 32 <= n; i += 32) _mm256_stream_si256((__m256i*)(to + i), _mm256_loadu_si256((const __m256i*)(from + i)));
  std::memcpy(to + i, from + i, n - i);
  _mm_sfence();
}

struct pool {  // spinning workers, as Ample's engine keeps them between launches
  int n; std::vector<std::thread> t; std::atomic<long> gen{0}; std::atomic<int> left{0}; std::atomic<bool> stop{false};
  char* to; const char* from; size_t bytes; bool nt;
  explicit pool(int threads) : n(threads) {
    for (int w = 1; w < n; ++w) t.emplace_back([this, w] { long seen = 0; while (!stop) { long g = gen.load(); if (g == seen) { _mm_pause(); continue; } seen = g; part(w); left.fetch_sub(1); } });
  }
  ~pool() { stop = true; for (auto& x : t) x.join(); }
  void part(int w) {
    size_t per = (bytes / n + 4095) & ~size_t(4095), b = w * per, e = std::min(bytes, b + per);
    if (b < e) { if (nt) stream_copy(to + b, from + b, e - b); else std::memcpy(to + b, from + b, e - b); }
  }
  void copy(char* t_, const char* f, size_t b, bool nt_) { to = t_; from = f; bytes = b; nt = nt_; left = n - 1; gen.fetch_add(1); part(0); while (left.load()) _mm_pause(); }
};

int main() {
  const size_t n = size_t(256) << 20;
  CK(cuInit(0)); CUdevice dev; CK(cuDeviceGet(&dev, 0)); CUcontext ctx; CK(cuDevicePrimaryCtxRetain(&ctx, dev)); CK(cuCtxSetCurrent(ctx));
  std::vector<char> host(n, 1);
  CUdeviceptr d; CK(cuMemAlloc(&d, n));
  void* big; CK(cuMemHostAlloc(&big, n, 0)); std::memset(big, 0, n);
  pool p(16);
  for (bool nt : {false, true}) {
    double best = 1e9, back = 1e9;
    for (int r = 0; r < 5; ++r) { auto t = clk::now(); p.copy((char*)big, host.data(), n, nt); best = std::min(best, ms(t)); t = clk::now(); p.copy(host.data(), (char*)big, n, nt); back = std::min(back, ms(t)); }
    std::printf("16-thread %s copy of 256 MiB: to pinned %.1f GB/s, from pinned %.1f GB/s\n", nt ? "streaming" : "memcpy", n / best / 1e6, n / back / 1e6);
  }
  for (size_t piece : {size_t(4) << 20, size_t(8) << 20, size_t(16) << 20}) {
    for (int nbuf : {2, 3}) {
      std::vector<void*> buf(nbuf); std::vector<CUevent> ev(nbuf);
      for (int b = 0; b < nbuf; ++b) { CK(cuMemHostAlloc(&buf[b], piece, 0)); std::memset(buf[b], 0, piece); CK(cuEventCreate(&ev[b], CU_EVENT_DISABLE_TIMING)); }
      for (bool nt : {false, true}) {
        const size_t pieces = n / piece;
        double in = 1e9, out = 1e9;
        for (int r = 0; r < 5; ++r) {
          auto t = clk::now();
          p.copy((char*)buf[0], host.data(), piece, nt);
          for (size_t k = 0; k < pieces; ++k) {
            CK(cuMemcpyHtoDAsync(d + k * piece, buf[k % nbuf], piece, nullptr)); CK(cuEventRecord(ev[k % nbuf], nullptr));
            if (k + 1 < pieces) { int b = (k + 1) % nbuf; CK(cuEventSynchronize(ev[b])); p.copy((char*)buf[b], host.data() + (k + 1) * piece, piece, nt); }
          }
          CK(cuStreamSynchronize(nullptr)); in = std::min(in, ms(t));
          t = clk::now();
          for (int k = 0; k < nbuf - 1 && k < (int)pieces; ++k) { CK(cuMemcpyDtoHAsync(buf[k], d + k * piece, piece, nullptr)); CK(cuEventRecord(ev[k], nullptr)); }
          for (size_t k = 0; k < pieces; ++k) {
            size_t next = k + nbuf - 1;
            if (next < pieces) { CK(cuMemcpyDtoHAsync(buf[next % nbuf], d + next * piece, piece, nullptr)); CK(cuEventRecord(ev[next % nbuf], nullptr)); }
            CK(cuEventSynchronize(ev[k % nbuf])); p.copy(host.data() + k * piece, (char*)buf[k % nbuf], piece, nt);
          }
          out = std::min(out, ms(t));
        }
        std::printf("staged %2zu MiB x %d %-9s: in %.1f GB/s, out %.1f GB/s, round trip %.2f ms\n", piece >> 20, nbuf, nt ? "streaming" : "memcpy", n / in / 1e6, n / out / 1e6, in + out);
      }
      for (int b = 0; b < nbuf; ++b) { cuMemFreeHost(buf[b]); cuEventDestroy(ev[b]); }
    }
  }
  double h2d = 1e9, d2h = 1e9;
  for (int r = 0; r < 5; ++r) { auto t = clk::now(); CK(cuMemcpyHtoD(d, big, n)); h2d = std::min(h2d, ms(t)); t = clk::now(); CK(cuMemcpyDtoH(big, d, n)); d2h = std::min(d2h, ms(t)); }
  std::printf("pinned: in %.1f GB/s, out %.1f GB/s, round trip %.2f ms\n", n / h2d / 1e6, n / d2h / 1e6, h2d + d2h);
  return 0;
}
