// sample_support.hpp: the little each seed program needs besides its own code: a timer, result
// checks, ANSI colours and the closing machine-readable line.
//
// Kept out of the samples themselves so that every sample reads like the article it comes from.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <exception>
#include <iostream>
#include <limits>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <amp.h>

namespace sample {

// ---- timing ---------------------------------------------------------------------------------

/// seconds() runs `f` `repeats` times and returns the fastest run in seconds.
///
/// The minimum, not the mean: these are single runs on a shared machine, and the minimum is
/// the figure least disturbed by other processes. The C++ AMP parts run more than once: their
/// first run on a GPU also waits for the driver to compile the kernel's PTX (tens of
/// milliseconds, once per kernel and process), which the articles' timings never included.
/// A run of a second or more is not repeated: such one-time costs are a few percent of it.
template <class F>
double seconds(F&& f, int repeats = 1) {
  double best = std::numeric_limits<double>::infinity();
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    f();
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count());
    if (took.count() >= 1.0) break;
  }
  return best;
}

/// warm_up() runs one trivial kernel so that the first timed parallel_for_each does not also
/// pay for starting the runtime's worker threads.
inline void warm_up() {
  std::vector<int> v(256, 0);
  concurrency::array_view<int, 1> av(static_cast<int>(v.size()), v);
  concurrency::parallel_for_each(av.extent, [=](concurrency::index<1> i) restrict(amp) { av[i] = i[0]; });
  av.synchronize();
}

/// significant() prints `x` with `digits` significant digits in plain decimal notation, without
/// trailing zeros: 2.501, 41.3, 0.0006053. Zero and non-finite values print as they are.
inline std::string significant(double x, int digits = 4) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  int decimals = 0;
  if (x != 0 && std::isfinite(x))
    decimals = std::max(0, digits - 1 - static_cast<int>(std::floor(std::log10(std::fabs(x)))));
  out.precision(decimals);
  out << x;
  std::string text = out.str();
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  return text;
}

/// human_seconds() prints a time with 4 significant digits in a unit that keeps it readable:
/// "2.501 s", "12.5 ms", "41.3 us", "250 ns". The tour table of ./ample uses the same format.
inline std::string human_seconds(double s) {
  const double a = std::fabs(s);
  if (a == 0 || a >= 1) return significant(s) + " s";
  if (a >= 1e-3) return significant(s * 1e3) + " ms";
  if (a >= 1e-6) return significant(s * 1e6) + " us";
  return significant(s * 1e9) + " ns";
}

/// print_timing() prints both times and the speed-up of the C++ AMP version over the
/// sequential CPU version, the comparison every seed article makes.
inline void print_timing(double amp_s, double cpu_s) {
  std::cout << "time: C++ AMP " << human_seconds(amp_s) << ", sequential CPU "
            << human_seconds(cpu_s) << ", speed-up "
            << significant(amp_s > 0 ? cpu_s / amp_s : 0.0) << "x\n";
}

/// print_timing() with one time is for programs that have only sequential code: there is no
/// C++ AMP time to compare with.
inline void print_timing(double cpu_s) {
  std::cout << "time: sequential CPU " << human_seconds(cpu_s) << " (no C++ AMP part to compare)\n";
}

// ---- verification ---------------------------------------------------------------------------

/// equal() compares two results element by element and reports the first mismatch; use it for
/// integer results and for float results computed in the same order.
template <class T>
bool equal(const std::vector<T>& got, const std::vector<T>& want, std::string_view what) {
  if (got.size() != want.size()) {
    std::cout << what << ": size " << got.size() << " != expected " << want.size() << "\n";
    return false;
  }
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == want[i]) && bad++ == 0) first = i;
  if (bad != 0)
    std::cout << what << ": " << bad << " mismatches, first at [" << first << "]: " << got[first]
              << " != expected " << want[first] << "\n";
  return bad == 0;
}

/// close() compares float results that may differ in rounding: |got - want| <= rel * max(1, |want|).
///
/// For a dot product of K terms computed in two different orders each result is within
/// K*eps*sum|a*b| of the exact value; with non-negative inputs sum|a*b| is the result itself,
/// so rel = 2*K*eps is a rigorous bound (see matmul_blocked.cpp).
inline bool close(std::span<const float> got, std::span<const float> want, double rel,
                  std::string_view what) {
  if (got.size() != want.size()) {
    std::cout << what << ": size " << got.size() << " != expected " << want.size() << "\n";
    return false;
  }
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double g = got[i], w = want[i];
    if (!(std::fabs(g - w) <= rel * std::max(1.0, std::fabs(w))) && bad++ == 0) first = i;
  }
  if (bad != 0)
    std::cout << what << ": " << bad << " values outside tolerance " << rel << ", first at ["
              << first << "]: " << got[first] << " != expected " << want[first] << "\n";
  return bad == 0;
}

// ---- console colours ------------------------------------------------------------------------

/// ANSI escape sequences standing in for the Windows console calls of the seeds
/// (SetConsoleTextAttribute with FOREGROUND_RED = 4 and FOREGROUND_GREEN = 2).
inline constexpr std::string_view ansi_red = "\x1b[31m";
inline constexpr std::string_view ansi_green = "\x1b[32m";
inline constexpr std::string_view ansi_reset = "\x1b[0m";

// ---- the closing line -----------------------------------------------------------------------

/// tiled_path() names the path the program's tiled launches took: on the CPU engine
/// "compiled" (the compiled-barrier pass) or "fibers", "gpu" (device code on a GPU), "mixed"
/// for more than one of these, or "none" without tiled launches.
inline const char* tiled_path() {
  const ample::detail::cpu::tiled_path_counts cpu = ample::detail::cpu::tiled_launches();
  const unsigned long long gpu = ample::detail::gpu_tiled_launches();
  if ((cpu.compiled > 0) + (cpu.fibers > 0) + (gpu > 0) > 1) return "mixed";
  if (cpu.compiled > 0) return "compiled";
  if (cpu.fibers > 0) return "fibers";
  return gpu > 0 ? "gpu" : "none";
}

/// narrow() is a device path as a byte string: device paths are ASCII.
inline std::string narrow(const std::wstring& path) {
  std::string bytes;
  for (const wchar_t c : path) bytes += c < 0x80 ? static_cast<char>(c) : '?';
  return bytes;
}

/// finish() prints the one line a driver script parses and returns the exit status:
///
///     AMPLE-SAMPLE name=<name> status=<ok|FAIL> amp_s=<seconds> cpu_s=<seconds> speedup=<x> tiles=<path>
///         accelerator=<device path>
///
/// Times are plain decimals with 9 places (nanoseconds, so the tiny programs' times do not
/// round to 0); the speed-up has 4 significant digits. A time that was not measured is 0, and
/// the speed-up is then 0 as well. `tiles` is tiled_path(); `accelerator` is the device path of
/// the default accelerator, on which the kernels ran (`ample\cpu_multicore`, `direct3d\ref`,
/// `ample\cuda\<PCI location>`: none has a space).
inline int finish(std::string_view name, bool ok, double amp_s = 0, double cpu_s = 0) {
  const double speedup = (amp_s > 0 && cpu_s > 0) ? cpu_s / amp_s : 0.0;
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(9);
  out << "AMPLE-SAMPLE name=" << name << " status=" << (ok ? "ok" : "FAIL") << " amp_s=" << amp_s
      << " cpu_s=" << cpu_s << " speedup=" << significant(speedup) << " tiles=" << tiled_path()
      << " accelerator=" << narrow(concurrency::accelerator().get_device_path()) << "\n";
  std::cout << out.str() << std::flush;
  return ok ? 0 : 1;
}

/// fail() reports an exception that escaped a sample as a failed run, so a driver still finds
/// the closing line. Use it from a function-try-block on main().
inline int fail(std::string_view name, const std::exception& e) {
  std::cout << std::flush;
  std::cerr << name << ": exception: " << e.what() << "\n";
  return finish(name, false);
}

}  // namespace sample
