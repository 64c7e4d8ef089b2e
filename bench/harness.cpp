// The benchmark harness: see harness.hpp.
#include "harness.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

namespace bench {

namespace {

/// let_other_runtimes_idle() waits 250 ms before a measurement. Other runtimes in this process
/// keep spinning after their last use: libomp's workers for KMP_BLOCKTIME (200 ms) after a
/// parallel region, OpenBLAS's server threads when the library loads. Measured meanwhile, an
/// implementation shares a core with them, or the scheduler puts two of its threads on one
/// core and keeps them there: Ample's barrier_event, measured right after an OpenMP peer,
/// came out 2x slow. Every implementation starts after they went idle.
void let_other_runtimes_idle() { std::this_thread::sleep_for(std::chrono::milliseconds(250)); }

double seconds_of(const std::function<void()>& run) {
  const auto t0 = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// warm_up() runs `run` once untimed; in quick mode a run over a second is warm already and
/// counts as the first repetition.
void warm_up(const options& o, const std::function<void()>& run, std::vector<double>& seconds) {
  const double first = seconds_of(run);
  if (o.quick && first > 1.0) seconds.push_back(first);
}

timing summary(std::vector<double> seconds) {
  std::sort(seconds.begin(), seconds.end());
  return {seconds[seconds.size() / 2], seconds.front(), seconds.back(), static_cast<int>(seconds.size())};
}

}  // namespace

timing measure(const options& o, const std::function<void()>& run) {
  let_other_runtimes_idle();
  std::vector<double> seconds;
  warm_up(o, run, seconds);
  while (static_cast<int>(seconds.size()) < o.reps) seconds.push_back(seconds_of(run));
  return summary(std::move(seconds));
}

std::pair<timing, timing> measure_alternately(const options& o, const std::function<void()>& a,
                                              const std::function<void()>& b) {
  let_other_runtimes_idle();
  std::vector<double> of_a, of_b;
  warm_up(o, a, of_a);
  warm_up(o, b, of_b);
  while (static_cast<int>(of_a.size()) < o.reps || static_cast<int>(of_b.size()) < o.reps) {
    if (static_cast<int>(of_a.size()) < o.reps) of_a.push_back(seconds_of(a));
    if (static_cast<int>(of_b.size()) < o.reps) of_b.push_back(seconds_of(b));
  }
  return {summary(std::move(of_a)), summary(std::move(of_b))};
}

void reporter::add(const result& r) {
  results_.push_back(r);
  std::fprintf(stderr, "  %-36s %-20s median %10.6f s  %10.3f %s%s%s%s\n", r.workload.c_str(), r.impl.c_str(),
               r.time.median_s, r.value, r.metric.c_str(), r.path.empty() ? "" : "  tiles: ", r.path.c_str(),
               r.verified ? "" : "  (WRONG RESULT)");
}

void reporter::fail(const std::string& workload, const std::string& impl, const std::string& why) {
  ++failures_;
  std::fprintf(stderr, "  %-36s %-20s VERIFICATION FAILED: %s\n", workload.c_str(), impl.c_str(), why.c_str());
}

}  // namespace bench
