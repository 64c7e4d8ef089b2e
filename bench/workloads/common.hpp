// Helpers the workloads share: input patterns, result checks and the memcpy bandwidth ceiling.
#pragma once

#include <omp.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <amp.h>

#include "../harness.hpp"

namespace bench {

/// tiled_run is a measurement of Ample's tiled kernels and the path their launches took.
struct tiled_run {
  timing time;
  std::string path;  ///< "compiled", "fibers" or "mixed"
};

/// measure_tiled() measures `run`, which launches tiled kernels, as a user gets it (compiled
/// where the pass compiled the kernel) or, with `on_fibers`, with every tile on fibers.
inline tiled_run measure_tiled(const options& o, bool on_fibers, const std::function<void()>& run) {
  namespace cpu = ample::detail::cpu;
  cpu::prefer_fiber_tiles(on_fibers);
  const cpu::tiled_path_counts before = cpu::tiled_launches();
  const timing t = measure(o, run);
  const cpu::tiled_path_counts after = cpu::tiled_launches();
  cpu::prefer_fiber_tiles(false);
  const bool compiled = after.compiled > before.compiled, fibers = after.fibers > before.fibers;
  return {t, compiled && fibers ? "mixed" : compiled ? "compiled" : "fibers"};
}

/// pattern() fills n values with a reproducible sequence of small integers (0..9), so integer
/// products stay exact and float sums stay well conditioned.
template <class T>
std::vector<T> pattern(std::size_t n, std::uint32_t seed) {
  std::vector<T> v(n);
  std::uint32_t x = 2463534242u ^ seed;
  for (T& e : v) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    e = static_cast<T>(x % 10);
  }
  return v;
}


/// first_relative_difference() allows |got - want| <= tol * max(1, |want|) per element.
inline std::string first_relative_difference(const std::vector<float>& got, const std::vector<float>& want,
                                             double tol) {
  if (got.size() != want.size()) return "sizes differ";
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::fabs(double(got[i]) - want[i]) > tol * std::fmax(1.0, std::fabs(double(want[i]))))
      return "element " + std::to_string(i) + " is " + std::to_string(got[i]) + ", expected " + std::to_string(want[i]);
  return {};
}

/// copy_openmp() is memcpy of count elements split among the OpenMP threads: the bandwidth
/// ceiling of the workloads that stream memory.
template <class T>
void copy_openmp(const T* from, T* to, std::size_t count) {
#pragma omp parallel
  {
    const std::size_t parts = static_cast<std::size_t>(omp_get_num_threads());
    const std::size_t me = static_cast<std::size_t>(omp_get_thread_num());
    const std::size_t begin = count * me / parts, end = count * (me + 1) / parts;
    std::memcpy(to + begin, from + begin, (end - begin) * sizeof(T));
  }
}

/// record() adds the result of an implementation after verifying its output: `check()` returns
/// "" when the output is right, else what is wrong. It is a callable so that it runs after the
/// measurement, which is an argument of the same call (argument order is unspecified).
/// A wrong answer is recorded as unverified and counted as a failure.
template <class Check>
void record(reporter& rep, result r, Check&& check) {
  const std::string difference = check();
  r.verified = difference.empty();
  if (!r.verified) rep.fail(r.workload, r.impl, difference);
  rep.add(r);
}

/// record() without a check is for the reference itself (serial) and for memcpy, which
/// computes nothing to verify.
inline void record(reporter& rep, const result& r) { rep.add(r); }

}  // namespace bench
