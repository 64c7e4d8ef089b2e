// ample_bench: runs the workloads of the suite and writes the JSON records of results.json.
//
//   ample_bench [--quick] [--filter REGEX] [--reps N] [--json FILE] [--commit ID] [--command TEXT]
//
// Progress goes to stderr; the JSON to FILE (default stdout). Exits 1 if any implementation
// produced a wrong result, 2 on bad arguments.
#include <amp.h>
#include <cblas.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "harness.hpp"
#include "peers/pocl.hpp"

namespace bench {

workload matmul_simple_workload();
workload matmul_tiled_workload();
workload matmul_tiled_f32_workload();
workload tile_average_workload();
workload transpose_4096_workload();
workload transpose_8192_workload();
workload matmul_blocked_workload();
workload sgemm_blocked_workload();
workload reduction_workload();
workload binomial_options_workload();
workload launch_empty_workload();
workload launch_after_idle_workload();
workload launch_queued_workload();
workload launch_queued_busy_workload();
workload barrier_event_workload();
workload element_access_workload();
workload direct3d_out_of_bounds_workload();

std::vector<workload> all_workloads() {
  return {matmul_simple_workload(),   matmul_tiled_workload(),            matmul_tiled_f32_workload(),
          tile_average_workload(),    transpose_4096_workload(),          transpose_8192_workload(),
          reduction_workload(),       binomial_options_workload(),        matmul_blocked_workload(),
          sgemm_blocked_workload(),   launch_empty_workload(),            launch_after_idle_workload(),
          launch_queued_workload(),   launch_queued_busy_workload(),      barrier_event_workload(),
          element_access_workload(),  direct3d_out_of_bounds_workload()};
}

namespace {

struct run_info {
  std::string commit = "unknown";
  std::string command = "ample_bench";
};

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out;
}

/// cpuinfo() reads one field of the first processor in /proc/cpuinfo.
std::string cpuinfo(const std::string& field) {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind(field, 0) == 0 && line.find(':') != std::string::npos) {
      std::string v = line.substr(line.find(':') + 1);
      return v.substr(v.find_first_not_of(' '));
    }
  return "unknown";
}

std::string compiler() {
#if defined(__clang__)
  return "Clang " __clang_version__;
#else
  return "GCC " __VERSION__;
#endif
}

/// utc_date() is today's date in UTC, as YYYY-MM-DD.
std::string utc_date() {
  const std::time_t now = std::time(nullptr);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", std::gmtime(&now));
  return text;
}

std::string machine_record(const options& o, const run_info& info) {
  std::string why;
  const std::string pocl = pocl::available(&why) ? pocl::device_description() : "unavailable: " + why;
  std::ostringstream j;
  // Hypervisors hide the model name ("AMD EPYC"); family and model still tell Zen 3 (25/1),
  // Zen 4 (25/17) and Zen 5 (26/...) apart, which decide what Clang 14 tunes for.
  j << "{\"workload\": \"machine\", \"cpu\": \"" << json_escape(cpuinfo("model name"))
    << "\", \"cpu_family_model\": \"" << json_escape(cpuinfo("cpu family") + "/" + cpuinfo("model\t"))
    << "\", \"date\": \"" << utc_date() << "\", \"cores\": "
    << std::thread::hardware_concurrency() << ", \"clock_mhz\": " << cpuinfo("cpu MHz")
    << ", \"compiler\": \"" << json_escape(compiler()) << "\", \"flags\": \"" << json_escape(AMPLE_BENCH_FLAGS)
    << "\", \"commit\": \"" << json_escape(info.commit) << "\", \"threads\": " << ample::thread_count()
    << ", \"reps\": " << o.reps << ", \"quick\": " << (o.quick ? "true" : "false") << ", \"openblas\": \""
    << json_escape(openblas_get_config()) << "\", \"pocl\": \"" << json_escape(pocl) << "\", \"command\": \""
    << json_escape(info.command) << "\"}";
  return j.str();
}

std::string to_json(const std::vector<result>& results, const std::string& machine) {
  std::ostringstream j;
  j.precision(9);
  j << "[\n  " << machine;
  for (const result& r : results) {
    j << ",\n  {\"workload\": \"" << r.workload << "\", \"impl\": \"" << r.impl << "\", \"median_s\": "
      << r.time.median_s << ", \"min_s\": " << r.time.min_s << ", \"max_s\": " << r.time.max_s
      << ", \"reps\": " << r.time.reps << ", \"metric\": \"" << r.metric << "\", \"value\": " << r.value;
    if (r.build_s >= 0) j << ", \"build_s\": " << r.build_s;
    if (!r.path.empty()) j << ", \"path\": \"" << r.path << "\"";
    j << ", \"verified\": " << (r.verified ? "true" : "false") << "}";
  }
  j << "\n]\n";
  return j.str();
}

[[noreturn]] void usage(const char* why) {
  std::fprintf(stderr, "ample_bench: %s\nusage: ample_bench [--quick] [--filter REGEX] [--reps N] [--json FILE]"
                       " [--commit ID] [--command TEXT]\n", why);
  std::exit(2);
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  bench::options o;
  bench::run_info info;
  std::string json_path;
  bool reps_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) bench::usage(("missing value after " + arg).c_str());
      return argv[++i];
    };
    if (arg == "--quick") o.quick = true;
    else if (arg == "--filter") o.filter = std::regex(value());
    else if (arg == "--reps") { o.reps = std::atoi(value().c_str()); reps_given = true; }
    else if (arg == "--json") json_path = value();
    else if (arg == "--commit") info.commit = value();
    else if (arg == "--command") info.command = value();
    else bench::usage(("unknown argument " + arg).c_str());
  }
  if (o.quick && !reps_given) o.reps = 3;
  // PoCL caches compiled kernels on disk; a cache hit would report a load as the build time.
  setenv("POCL_KERNEL_CACHE", "0", /*overwrite=*/0);
  if (o.reps < 1) bench::usage("--reps must be at least 1");

  bench::reporter rep;
  const auto workloads = bench::all_workloads();
  int index = 0, matched = 0;
  for (const bench::workload& w : workloads) {
    ++index;
    if (!std::regex_search(w.name, o.filter)) continue;
    ++matched;
    std::fprintf(stderr, "[%d/%zu] %s\n", index, workloads.size(), w.name.c_str());
    try {
      w.run(o, rep);
    } catch (const std::exception& e) {
      rep.fail(w.name, "-", e.what());
    }
  }

  // A filter that matches nothing (grep's \| is a literal | in ECMAScript regex) would
  // otherwise pass for a run with nothing to report.
  if (matched == 0) bench::usage("--filter matches no workload (alternatives are a|b)");
  const std::string json = bench::to_json(rep.results(), bench::machine_record(o, info));
  if (json_path.empty()) {
    std::cout << json;
  } else {
    std::ofstream(json_path) << json;
    std::fprintf(stderr, "wrote %s\n", json_path.c_str());
  }
  if (rep.failures() > 0) std::fprintf(stderr, "%d implementation(s) failed verification\n", rep.failures());
  return rep.failures() > 0 ? 1 : 0;
}
