// Probe: what the cascading reduction's first step costs on a CPU in each schedule, written in
// plain C++ with OpenMP (no Ample): 64 tiles of 512 work-items, work-item w of tile t summing
// a[t * 512 + w + k * 32768] for k = 0, 1, ... while in range, over 16 M ints.
//   item-major: each work-item's whole run, then the next one's (the work-item loop as the
//               pass formed it before LockstepInnerLoops);
//   rounds:     round k reads the row's 512 consecutive ints (the ideal lockstep);
//   masked:     rounds with an activity flag per work-item and conditional stores;
//   blended:    rounds whose slots are written back unconditionally;
//   full+blend: rounds with no test where every work-item stayed (what the pass emits);
//   +prefetch:  the same, prefetching the next round's lines.
// Build: clang++-19 -O3 -march=native -fopenmp cascade_rounds.cpp -o cascade_rounds
// Prints the median of 15 runs of each, in ms.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

namespace {

constexpr long N = 16L * 1024 * 1024, TILES = 64, W = 512, S = TILES * W;

double median_ms(const std::function<long long()>& run, long long want) {
  std::vector<double> times;
  for (int r = 0; r < 15; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    const long long got = run();
    const auto t1 = std::chrono::steady_clock::now();
    if (got != want) std::printf("wrong sum %lld, expected %lld\n", got, want);
    times.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

template <class Tile>
long long tiles(Tile tile) {
  std::vector<long long> part(TILES);
#pragma omp parallel for schedule(static)
  for (long t = 0; t < TILES; ++t) part[static_cast<std::size_t>(t)] = tile(t);
  return std::accumulate(part.begin(), part.end(), 0LL);
}

}  // namespace

int main() {
  std::vector<int> in(N);
  for (long i = 0; i < N; ++i) in[static_cast<std::size_t>(i)] = static_cast<int>((i * 7 + 3) % 10);
  const int* a = in.data();
  const long long want = std::accumulate(in.begin(), in.end(), 0LL);

  std::printf("serial (int sum)   %7.2f\n", median_ms([&] { return (long long)std::accumulate(in.begin(), in.end(), 0); }, want));
  std::printf("item-major         %7.2f\n", median_ms([&] {
    return tiles([&](long t) {
      long long total = 0;
      for (long w = 0; w < W; ++w) {
        int sum = 0;
        for (long i = t * W + w; i < N; i += S) sum += a[i];
        total += sum;
      }
      return total;
    });
  }, want));
  std::printf("rounds             %7.2f\n", median_ms([&] {
    return tiles([&](long t) {
      int sum[W] = {};
      for (long k = 0; k < N / S; ++k)
        for (long w = 0; w < W; ++w) sum[w] += a[t * W + k * S + w];
      return std::accumulate(sum, sum + W, 0LL);
    });
  }, want));
  const auto masked = [&](bool blend, bool full, long prefetch) {
    return [=] {
      return tiles([=](long t) {
        int sum[W] = {}, active[W];
        for (long w = 0; w < W; ++w) active[w] = t * W + w < N;
        const long base = t * W;
        int stayed = 0;
        for (long k = 0;; ++k) {
          int staying = 0;
          if (prefetch)
            for (long w = 0; w < W; w += 16) __builtin_prefetch(&a[base + w + (k + prefetch) * S]);
          if (full && stayed == W) {
            for (long w = 0; w < W; ++w) {
              const long i = base + w + k * S;
              sum[w] += a[i];
              const int stay = i + S < N;
              active[w] = stay;
              staying += stay;
            }
          } else if (blend) {
            for (long w = 0; w < W; ++w) {
              int s = sum[w], stay = 0;
              const long i = base + w + k * S;
              if (active[w]) {
                s += a[i];
                stay = i + S < N;
              }
              sum[w] = s;
              active[w] = stay;
              staying += stay;
            }
          } else {
            for (long w = 0; w < W; ++w)
              if (active[w]) {
                const long i = base + w + k * S;
                sum[w] += a[i];
                if (i + S < N) ++staying;
                else active[w] = 0;
              }
          }
          stayed = staying;
          if (!staying) break;
        }
        return std::accumulate(sum, sum + W, 0LL);
      });
    };
  };
  std::printf("masked             %7.2f\n", median_ms(masked(false, false, 0), want));
  std::printf("blended            %7.2f\n", median_ms(masked(true, false, 0), want));
  std::printf("full+blend         %7.2f\n", median_ms(masked(true, true, 0), want));
  std::printf("full+blend+pf1     %7.2f\n", median_ms(masked(true, true, 1), want));
  std::printf("full+blend+pf2     %7.2f\n", median_ms(masked(true, true, 2), want));
}
