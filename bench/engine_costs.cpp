// engine_costs: the two fixed costs of the CPU engine, each next to its no-Ample baseline.
//
//   launch_empty   parallel_for_each over 1 element and over `threads` elements (so that every
//                  worker takes part), against an empty OpenMP parallel region.
//   barrier_event  one work-item arriving at one tile_barrier::wait() in a tile of 256
//                  work-items: wall time / (tiles x 256 x barriers) with all threads, the
//                  same times the thread count (the cost to one core), and a plain loop over
//                  the same work without barriers.
//
// Prints "name impl median_ns min_ns max_ns reps"; median of `reps` repetitions, each
// repetition timing a batch large enough to dwarf the clock.
#include <amp.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

using namespace concurrency;

namespace {

struct stats {
  double median, min, max;
};

/// measure() runs `batch` once to warm up, then `reps` times; returns ns per unit of work.
stats measure(int reps, double units, const std::function<void()>& batch) {
  batch();
  std::vector<double> ns;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    batch();
    const auto t1 = std::chrono::steady_clock::now();
    ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / units);
  }
  std::sort(ns.begin(), ns.end());
  return {ns[ns.size() / 2], ns.front(), ns.back()};
}

void report(const char* name, const char* impl, const stats& s, int reps) {
  std::printf("%-14s %-22s %10.2f %10.2f %10.2f %4d\n", name, impl, s.median, s.min, s.max, reps);
}

constexpr int reps = 11;

void launch_empty() {
  constexpr int launches = 20000;
  array_view<int, 1> one(1);
  report("launch_empty", "ample_1_item", measure(reps, launches, [&] {
           for (int i = 0; i < launches; ++i) parallel_for_each(one.extent, [=](index<1>) restrict(amp) {});
         }), reps);
  const int threads = static_cast<int>(ample::thread_count());
  array_view<int, 1> all(threads);
  report("launch_empty", "ample_all_threads", measure(reps, launches, [&] {
           for (int i = 0; i < launches; ++i) parallel_for_each(all.extent, [=](index<1>) restrict(amp) {});
         }), reps);
  report("launch_empty", "openmp_parallel", measure(reps, launches, [&] {
           for (int i = 0; i < launches; ++i) {
#pragma omp parallel
             { asm volatile("" ::: "memory"); }
           }
         }), reps);
}

void barrier_event() {
  constexpr int tile = 256, tiles = 64, barriers = 64;
  array_view<int, 1> out(tile * tiles);
  const double events = double(tile) * tiles * barriers;
  const stats tiled = measure(reps, events, [&] {
    parallel_for_each(out.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
      int acc = 0;
      for (int b = 0; b < barriers; ++b) {
        acc += t.local[0] ^ b;
        t.barrier.wait();
      }
      out[t] = acc;
    });
  });
  report("barrier_event", "ample_tiled", tiled, reps);
  // The same figures as the cost to one thread: what a single core spends per event.
  const double threads = ample::thread_count();
  report("barrier_event", "ample_tiled_per_thread",
         stats{tiled.median * threads, tiled.min * threads, tiled.max * threads}, reps);
  report("barrier_event", "ample_tiled_no_barrier", measure(reps, events, [&] {
           parallel_for_each(out.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
             int acc = 0;
             for (int b = 0; b < barriers; ++b) {
               acc += t.local[0] ^ b;
               asm volatile("" : "+r"(acc));
             }
             out[t] = acc;
           });
         }), reps);
}

}  // namespace

int main() {
  std::printf("# threads=%u\n# %-12s %-22s %10s %10s %10s %4s\n", ample::thread_count(), "name", "impl",
              "median_ns", "min_ns", "max_ns", "reps");
  launch_empty();
  barrier_event();
}
