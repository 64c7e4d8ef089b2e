// The benchmark harness: see harness.hpp.
#include "harness.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>

namespace bench {

timing measure(const options& o, const std::function<void()>& run) {
  // Other runtimes in this process keep spinning after their last use: libomp's workers for
  // KMP_BLOCKTIME (200 ms) after a parallel region, OpenBLAS's server threads when the library
  // loads. Measured meanwhile, an implementation shares a core with them, or the scheduler puts
  // two of its threads on one core and keeps them there: Ample's barrier_event, measured right
  // after an OpenMP peer, came out 2x slow. Every implementation starts after they went idle.
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  std::vector<double> seconds;
  const auto timed = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  const double warm_up = timed();
  if (o.quick && warm_up > 1.0) seconds.push_back(warm_up);  // long runs are warm already
  while (static_cast<int>(seconds.size()) < o.reps) seconds.push_back(timed());
  std::sort(seconds.begin(), seconds.end());
  return {seconds[seconds.size() / 2], seconds.front(), seconds.back(), static_cast<int>(seconds.size())};
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
