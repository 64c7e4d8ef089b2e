// The benchmark harness: timing (warm-up + median of N), verification and the result records
// that ./ample bench turns into results.json, a markdown table and plots.
#pragma once

#include <functional>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace bench {

/// options chosen on the command line.
struct options {
  int reps = 7;              ///< timed repetitions per implementation (median reported)
  bool quick = false;        ///< fewer repetitions and no warm-up for runs longer than 1 s
  std::regex filter{".*"};   ///< workloads whose name matches are run
};

/// timing is what measure() returns: seconds per run.
struct timing {
  double median_s, min_s, max_s;
  int reps;
};

/// result is one record of results.json (see docs/perf/README.md for the contract).
struct result {
  std::string workload;
  std::string impl;
  timing time;
  std::string metric;  ///< "GFLOP/s", "GB/s" or "ns"
  double value;        ///< in `metric`, computed from the median
  double build_s = -1; ///< kernel build time, for peers that compile kernels at run time (PoCL)
  bool verified = true;
  std::string path{};  ///< of Ample's tiled launches: "compiled", "fibers" or "mixed"; else empty
};

/// measure() waits 250 ms for other runtimes' threads to stop spinning, runs `run` once as a
/// warm-up (skipped in quick mode when that run took over a second, reusing it as the first
/// repetition), then until `o.reps` timed runs exist.
timing measure(const options& o, const std::function<void()>& run);

/// measure_alternately() measures two implementations of one workload as measure() does, but
/// takes their timed runs in turns (a, b, a, b, ...) after a warm-up of each: a drift in the
/// machine's speed while they are measured (a GPU's clocks after the 250 ms pause, a
/// neighbour's load) falls on both alike instead of on whichever ran second.
std::pair<timing, timing> measure_alternately(const options& o, const std::function<void()>& a,
                                              const std::function<void()>& b);

/// reporter collects results and prints a progress line per result on stderr.
class reporter {
 public:
  void add(const result& r);
  /// fail() records that an implementation produced a wrong answer; the run exits non-zero.
  void fail(const std::string& workload, const std::string& impl, const std::string& why);
  const std::vector<result>& results() const noexcept { return results_; }
  int failures() const noexcept { return failures_; }

 private:
  std::vector<result> results_;
  int failures_ = 0;
};

/// gflops() and gbps() turn a work size and a time into the reported rates.
inline double gflops(double flops, double seconds) { return flops / seconds * 1e-9; }
inline double gbps(double bytes, double seconds) { return bytes / seconds * 1e-9; }

/// first_difference() returns "" when a == b, else where and how they differ.
template <class T>
std::string first_difference(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) return "sizes differ";
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i])
      return "element " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected " + std::to_string(want[i]);
  return {};
}

/// workload is one entry of the suite: a name and the function that runs all its impls.
struct workload {
  std::string name;
  std::function<void(const options&, reporter&)> run;
};

/// all_workloads() lists the suite in report order.
std::vector<workload> all_workloads();

}  // namespace bench
