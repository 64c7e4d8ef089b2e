// launch_empty, launch_after_idle and barrier_event: the fixed costs of the CPU engine.
//
//   launch_empty   parallel_for_each of an empty kernel over 1 element (as the issue defines
//                  it; such a launch runs on the calling thread) and over one element per
//                  thread (every worker takes part), against an empty OpenMP parallel region.
//   launch_after_idle  the same launch over one element per thread, after the program did
//                  nothing for 20 ms (the seeds' small kernels between host code), against an
//                  OpenMP region after the same gap. Both runtimes keep their threads awake
//                  for 200 ms by default (AMPLE_BLOCKTIME, KMP_BLOCKTIME; libgomp sleeps
//                  sooner), so this is the cost of a launch to awake workers; with
//                  AMPLE_BLOCKTIME=0 it is the cost of waking them.
//   barrier_event  one work-item arriving at one tile_barrier::wait() in a tile of 256
//                  work-items: wall time / (tiles x 256 x barriers) with all threads, and the
//                  same figure times the thread count (what one core spends per event).
#include <amp.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <thread>
#include <vector>

#include "common.hpp"

using namespace concurrency;

namespace bench {
namespace {

// <cstring> declares a global index(); this using-declaration picks the C++ AMP one
// (docs/compatibility.md).
using concurrency::index;

constexpr int launches = 20000;

result per_launch(const char* impl, const timing& t) {
  const timing each{t.median_s / launches, t.min_s / launches, t.max_s / launches, t.reps};
  return result{"launch_empty", impl, each, "ns", each.median_s * 1e9};
}

void launch_empty(const options& o, reporter& rep) {
  array_view<int, 1> one(1);
  record(rep, per_launch("ample", measure(o, [&] {
           for (int i = 0; i < launches; ++i) parallel_for_each(one.extent, [=](index<1>) restrict(amp) {});
         })));
  array_view<int, 1> all(static_cast<int>(ample::thread_count()));
  record(rep, per_launch("ample_all_threads", measure(o, [&] {
           for (int i = 0; i < launches; ++i) parallel_for_each(all.extent, [=](index<1>) restrict(amp) {});
         })));
  record(rep, per_launch("openmp", measure(o, [&] {
           for (int i = 0; i < launches; ++i) {
#pragma omp parallel
             { asm volatile("" ::: "memory"); }
           }
         })));
}

/// after_idle() times `launch` alone, each time after `gap` of sleeping: 3 x o.reps launches
/// (one wake-up each, so more samples than a loop of thousands needs), median, min and max.
/// It first waits out both runtimes' blocktime (200 ms each: AMPLE_BLOCKTIME, KMP_BLOCKTIME),
/// so that the threads of the implementation measured before, still awake, do not compete
/// with this one's.
timing after_idle(const options& o, const std::function<void()>& launch) {
  constexpr std::chrono::milliseconds gap{20};       // shorter than either runtime's blocktime
  constexpr std::chrono::milliseconds settle{300};   // longer than both
  std::this_thread::sleep_for(settle);
  launch();  // warm-up: threads started, code paged in
  std::vector<double> seconds;
  for (int r = 0; r < 3 * o.reps; ++r) {
    std::this_thread::sleep_for(gap);
    const auto t0 = std::chrono::steady_clock::now();
    launch();
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(seconds.begin(), seconds.end());
  return {seconds[seconds.size() / 2], seconds.front(), seconds.back(), static_cast<int>(seconds.size())};
}

void launch_after_idle(const options& o, reporter& rep) {
  std::vector<int> host(ample::thread_count(), 0);
  array_view<int, 1> all(static_cast<int>(host.size()), host);
  const auto as_ns = [](const char* impl, const timing& t) {
    return result{"launch_after_idle", impl, t, "ns", t.median_s * 1e9};
  };
  record(rep, as_ns("ample", after_idle(o, [&] {
           parallel_for_each(all.extent, [=](index<1> i) restrict(amp) { all[i] += 1; });
         })));
  std::vector<int> counts(static_cast<std::size_t>(omp_get_max_threads()), 0);
  record(rep, as_ns("openmp", after_idle(o, [&] {
#pragma omp parallel
           { counts[static_cast<std::size_t>(omp_get_thread_num())] += 1; }
         })));
}

void barrier_event(const options& o, reporter& rep) {
  constexpr int tile = 256, tiles = 64, barriers = 64;
  const double events = double(tile) * tiles * barriers;
  array_view<int, 1> out(tile * tiles);
  for (const bool on_fibers : {false, true}) {
    const tiled_run run = measure_tiled(o, on_fibers, [&] {
      parallel_for_each(out.extent.tile<tile>(), [=](tiled_index<tile> t_idx) restrict(amp) {
        int acc = 0;
        for (int b = 0; b < barriers; ++b) {
          acc += t_idx.local[0] ^ b;
          t_idx.barrier.wait();
        }
        out[t_idx] = acc;
      });
    });
    // Every work-item adds local ^ b for b < barriers: check one tile's worth of sums.
    std::string wrong;
    for (int i = 0; i < tile && wrong.empty(); ++i) {
      int want = 0;
      for (int b = 0; b < barriers; ++b) want += i ^ b;
      if (out[i] != want) wrong = "work-item " + std::to_string(i) + " summed " + std::to_string(out[i]);
    }
    const timing& t = run.time;
    const timing each{t.median_s / events, t.min_s / events, t.max_s / events, t.reps};
    const std::string impl = on_fibers ? "ample_fibers" : "ample";
    result r{"barrier_event", impl, each, "ns", each.median_s * 1e9};
    r.path = run.path;
    record(rep, r, [&] { return wrong; });
    const double threads = ample::thread_count();
    const timing core{each.median_s * threads, each.min_s * threads, each.max_s * threads, t.reps};
    r = result{"barrier_event", impl + "_per_thread", core, "ns", core.median_s * 1e9};
    r.path = run.path;
    record(rep, r, [&] { return wrong; });
  }
}

}  // namespace

workload launch_empty_workload() { return {"launch_empty", launch_empty}; }
workload launch_after_idle_workload() { return {"launch_after_idle", launch_after_idle}; }
workload barrier_event_workload() { return {"barrier_event", barrier_event}; }

}  // namespace bench
