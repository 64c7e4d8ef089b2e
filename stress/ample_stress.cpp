// ample_stress: host threads launching kernels of random shapes at once, with exceptions from
// random work-items, views made and dropped, copies and engine reconfiguration, every write
// checked against a host model; a watchdog aborts if anything stops making progress.
//
//     ample_stress [--seconds N] [--seed S] [--threads K] [--watchdog N]
//
// Ends with one line, exit status 0 only when it says status=ok:
//     AMPLE-STRESS seed=... threads=... seconds=... kernels=... exceptions=... caught=...
//                  writes_verified=... status=ok
#include <atomic>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "kernels.hpp"
#include "workload.hpp"

namespace ample_stress {

void run_state::fail(const std::string& where, const std::string& what) {
  failed.store(true);
  stop.store(true);
  std::lock_guard lock(print_mutex);
  std::fprintf(stderr,
               "ample_stress: FAILED in %s:\n  %s\n  replay: ample_stress --seed %" PRIu64
               " --threads %d --seconds %g\n",
               where.c_str(), what.c_str(), opt.seed, opt.threads, opt.seconds);
  std::fflush(stderr);
}

void run_state::say(const std::string& line) {
  std::lock_guard lock(print_mutex);
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

namespace {

using steady = std::chrono::steady_clock;

/// device_copies() is how many copies REF made within its own memory (copy_on_device()): the
/// stress's copies between views and arrays current there take that path.
std::uint64_t device_copies() {
  return ample::detail::find_device(concurrency::accelerator::direct3d_ref)->transfers.load().copies_within;
}

std::string figures(run_state& run, double seconds, const char* status) {
  const counters& c = run.count;
  char line[1024];
  std::snprintf(line, sizeof line,
                "AMPLE-STRESS seed=%" PRIu64
                " threads=%d seconds=%.1f kernels=%" PRIu64 " tiled_kernels=%" PRIu64 " barrier_kernels=%" PRIu64
                " exceptions=%" PRIu64 " caught=%" PRIu64 " misuse=%" PRIu64 " misuse_caught=%" PRIu64
                " copies=%" PRIu64 " device_copies=%" PRIu64 " views=%" PRIu64 " syncs=%" PRIu64 " arrays=%" PRIu64 " reconfigs=%" PRIu64
                " host_threads=%" PRIu64 " writes_verified=%" PRIu64 " elements_checked=%" PRIu64 " status=%s",
                run.opt.seed, run.opt.threads, seconds, c.kernels.load(), c.tiled_kernels.load(),
                c.barrier_kernels.load(), c.exceptions.load(), c.caught.load(), c.misuse.load(),
                c.misuse_caught.load(), c.copies.load(), device_copies(), c.views.load(), c.syncs.load(), c.arrays.load(),
                c.reconfigs.load(), c.host_threads.load(), c.writes_verified.load(), c.elements_checked.load(),
                status);
  return line;
}

/// watchdog() aborts the process, naming what every thread was doing, when one of them has
/// made no progress for opt.watchdog_seconds: a hung launch, barrier or worker.
void watchdog(run_state& run, const std::atomic<bool>& done, steady::time_point started) {
  const auto limit = static_cast<std::int64_t>(run.opt.watchdog_seconds * 1e9);
  while (!done.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    const std::int64_t now = thread_status::now_ns();
    for (std::size_t i = 0; i < run.status.size(); ++i) {
      thread_status& s = run.status[i];
      if (!s.active.load() || now - s.progress_ns.load() <= limit) continue;
      std::lock_guard lock(run.print_mutex);
      std::fprintf(stderr, "ample_stress: watchdog: no progress for %g s in: %s\n", run.opt.watchdog_seconds,
                   s.describe().c_str());
      for (std::size_t j = 0; j < run.status.size(); ++j)
        if (j != i && run.status[j].active.load())
          std::fprintf(stderr, "  also in flight: %s\n", run.status[j].describe().c_str());
      const double seconds = std::chrono::duration<double>(steady::now() - started).count();
      std::printf("%s\n", figures(run, seconds, "hang").c_str());
      std::fprintf(stderr, "  replay: ample_stress --seed %" PRIu64 " --threads %d --seconds %g\n", run.opt.seed,
                   run.opt.threads, run.opt.seconds);
      std::fflush(stdout);
      std::fflush(stderr);
      std::abort();
    }
  }
}

/// final_checks() runs on the main thread once the host threads have finished: a kernel that
/// completes only if every worker of the engine takes part, a tiled kernel with barriers on
/// each accelerator that runs kernels, and the shared vector against the stripe models.
void final_checks(run_state& run) {
  thread_status& status = run.status[run.opt.threads];
  status.progress_ns.store(thread_status::now_ns());
  status.active.store(true);
  status.begin("main thread: final kernel on every worker");
  ample::set_thread_count(0);
  ample::set_work_item_stack_size(64 << 10);
  const unsigned threads = ample::thread_count();
  const unsigned arrived = launch_on_every_worker(threads, std::chrono::seconds(30));
  run.count.kernels.fetch_add(1);
  if (arrived != threads)
    run.fail("the final kernel", "only " + std::to_string(arrived) + " of the engine's " + std::to_string(threads) +
                                     " threads took part within 30 s: a worker is stuck or gone");

  for (const wchar_t* path : {concurrency::accelerator::default_accelerator, concurrency::accelerator::direct3d_warp,
                              concurrency::accelerator::direct3d_ref}) {
    status.begin("main thread: final tiled kernel");
    std::vector<word> data(1 << 14), model(data.size());
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = model[i] = static_cast<word>(i * 2654435761u);
    region r;
    r.ext[0] = static_cast<int>(data.size());
    launch_desc d;
    d.var = variant::reduce;
    d.tile_shape = 3;  // tiled<256>
    d.salt = 12345;
    const std::vector<word> next = expected(model, r, d);
    std::vector<word> tally(1);
    {
      const concurrency::array_view<word, 1> v(static_cast<int>(data.size()), data), counter(1, tally);
      launch<1>(concurrency::accelerator(path).default_view, v, d, counter);
      run.count.kernels.fetch_add(1);
      run.count.tiled_kernels.fetch_add(1);
      run.count.barrier_kernels.fetch_add(1);
    }
    if (data != next) run.fail("the final tiled kernel", "wrong result");
    run.count.writes_verified.fetch_add(data.size());
    run.count.elements_checked.fetch_add(data.size());
  }

  status.begin("main thread: checking the shared vector");
  if (!run.failed.load()) {
    for (int t = 0; t < run.opt.threads; ++t) {
      const word* stripe = run.shared_words.data() + static_cast<std::size_t>(t) * run_state::stripe_words;
      const std::vector<word>& model = run.stripe_models[t];
      for (int i = 0; i < run_state::stripe_words; ++i)
        if (stripe[i] != model[i]) {
          run.fail("the final check of the shared vector",
                   "stripe of host thread " + std::to_string(t) + " element " + std::to_string(i) +
                       " differs from the model that thread left");
          break;
        }
    }
    run.count.elements_checked.fetch_add(run.shared_words.size());
  }
  const counters& c = run.count;
  if (!run.failed.load() && c.caught.load() != c.exceptions.load())
    run.fail("the final count", std::to_string(c.exceptions.load()) + " launches threw an injected fault, but " +
                                    std::to_string(c.caught.load()) + " were caught");
  if (!run.failed.load() && c.misuse_caught.load() != c.misuse.load())
    run.fail("the final count", std::to_string(c.misuse.load()) + " misuse launches, but " +
                                    std::to_string(c.misuse_caught.load()) + " refused");
  status.active.store(false);
}

void usage(std::FILE* to) {
  std::fprintf(to,
               "Usage: ample_stress [--seconds N] [--seed S] [--threads K] [--watchdog N]\n"
               "  --seconds N   run for N seconds (default 10)\n"
               "  --seed S      seed of every random choice (default: a fresh one, printed)\n"
               "  --threads K   host threads launching at once (default 4)\n"
               "  --watchdog N  abort when a thread makes no progress for N seconds (default 60)\n");
}

/// parse() reads the command line into `opt`; false (after a message) if it is malformed.
bool parse(int argc, char** argv, options& opt, bool& seed_given) {
  for (int i = 1; i < argc; ++i) {
    std::string name = argv[i], value;
    if (name == "-h" || name == "--help") {
      usage(stdout);
      std::exit(0);
    }
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    } else if (i + 1 < argc) {
      value = argv[++i];
    } else {
      std::fprintf(stderr, "ample_stress: %s needs a value\n", name.c_str());
      return false;
    }
    char* end = nullptr;
    errno = 0;
    if (name == "--seconds" || name == "--watchdog") {
      const double v = std::strtod(value.c_str(), &end);
      if (*end != '\0' || value.empty() || !(v > 0)) {
        std::fprintf(stderr, "ample_stress: %s wants a positive number of seconds, got '%s'\n", name.c_str(),
                     value.c_str());
        return false;
      }
      (name == "--seconds" ? opt.seconds : opt.watchdog_seconds) = v;
    } else if (name == "--seed") {
      opt.seed = std::strtoull(value.c_str(), &end, 10);
      if (*end != '\0' || value.empty() || value[0] == '-' || errno != 0) {
        std::fprintf(stderr, "ample_stress: --seed wants an unsigned integer, got '%s'\n", value.c_str());
        return false;
      }
      seed_given = true;
    } else if (name == "--threads") {
      const long v = std::strtol(value.c_str(), &end, 10);
      if (*end != '\0' || value.empty() || v < 1 || v > 256) {
        std::fprintf(stderr, "ample_stress: --threads wants 1 to 256, got '%s'\n", value.c_str());
        return false;
      }
      opt.threads = static_cast<int>(v);
    } else {
      std::fprintf(stderr, "ample_stress: unknown option '%s'\n", name.c_str());
      usage(stderr);
      return false;
    }
  }
  return true;
}

}  // namespace
}  // namespace ample_stress

int main(int argc, char** argv) {
  using namespace ample_stress;
  options opt;
  bool seed_given = false;
  if (!parse(argc, argv, opt, seed_given)) return 2;
  if (!seed_given) opt.seed = (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();

  run_state run(opt);
  std::printf("ample_stress: seed=%" PRIu64 " threads=%d seconds=%g watchdog=%gs engine_threads=%u\n", opt.seed,
              opt.threads, opt.seconds, opt.watchdog_seconds, ample::thread_count());
  std::printf("ample_stress: replay with: ample_stress --seed %" PRIu64 " --threads %d --seconds %g\n", opt.seed,
              opt.threads, opt.seconds);
  std::fflush(stdout);

  const steady::time_point started = steady::now();
  const steady::time_point end = started + std::chrono::duration_cast<steady::duration>(
                                              std::chrono::duration<double>(opt.seconds));
  std::atomic<bool> done{false};
  std::thread dog(watchdog, std::ref(run), std::cref(done), started);

  std::atomic<int> running{opt.threads};
  std::vector<std::thread> hosts;
  for (int t = 0; t < opt.threads; ++t)
    hosts.emplace_back([&run, &running, t, end] {
      run_host_thread(run, t, end);
      running.fetch_sub(1);
    });
  steady::time_point next_report = started + std::chrono::duration_cast<steady::duration>(
                                                std::chrono::duration<double>(opt.progress_seconds));
  while (running.load() > 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (steady::now() >= next_report) {
      next_report += std::chrono::duration_cast<steady::duration>(std::chrono::duration<double>(opt.progress_seconds));
      const double seconds = std::chrono::duration<double>(steady::now() - started).count();
      run.say("ample_stress: progress: " + figures(run, seconds, "running").substr(std::strlen("AMPLE-STRESS ")));
    }
  }
  for (std::thread& h : hosts) h.join();
  if (!run.failed.load()) final_checks(run);
  done.store(true);
  dog.join();

  const double seconds = std::chrono::duration<double>(steady::now() - started).count();
  const bool ok = !run.failed.load();
  run.say(figures(run, seconds, ok ? "ok" : "fail"));
  return ok ? 0 : 1;
}
