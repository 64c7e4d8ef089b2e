// launch_queued and launch_queued_busy: launches on an accelerator_view with a queue of its
// own (REF's, as a GPU's), waited for, one after another: what a program that launches
// kernels in a loop pays for the hand-off to the queue's thread and back. launch_queued's
// kernel does nothing; launch_queued_busy's runs some 100 us on one core (a chain of
// dependent multiplications), as a small GPU kernel runs, so that its waiters would sleep.
//
//   ample_wait         parallel_for_each over 1 element, then accelerator_view::wait()
//   ample_synchronize  the same, then array_view::synchronize(), which waits for the kernel
//                      through the view's buffer (the usual C++ AMP way)
//   handoff_polling    the peer: a thread that polls an atomic for a request and runs the
//                      kernel's work, and a caller that polls for its end, the least a
//                      hand-off costs
//   handoff_sleeping   the same with a condition variable each way, which the queue used
//                      before it polled
#include <amp.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "common.hpp"

using namespace concurrency;

namespace bench {
namespace {

using concurrency::index;

/// spin() is the busy kernel's work: `steps` dependent multiplications of `seed`, which no
/// compiler folds, its result stored where the program reads it.
inline int spin(int seed, int steps) restrict(amp, cpu) {
  unsigned x = static_cast<unsigned>(seed);
  for (int k = 0; k < steps; ++k) x = x * 1664525u + 1013904223u;
  return static_cast<int>(x >> 1);
}

/// polling_handoff is a thread that runs one request at a time, polling for each.
class polling_handoff {
 public:
  explicit polling_handoff(int steps) : steps_(steps), thread_([this] { serve(); }) {}
  ~polling_handoff() {
    requested_.store(-1, std::memory_order_release);
    thread_.join();
  }
  void run_one() {
    const long n = requested_.load(std::memory_order_relaxed) + 1;
    requested_.store(n, std::memory_order_release);
    while (done_.load(std::memory_order_acquire) != n) __builtin_ia32_pause();
  }
  int count() const { return count_; }

 private:
  void serve() {
    for (long seen = 0;;) {
      long n;
      while ((n = requested_.load(std::memory_order_acquire)) == seen) __builtin_ia32_pause();
      if (n < 0) return;
      ++count_;
      result_ = spin(result_, steps_);
      done_.store(seen = n, std::memory_order_release);
    }
  }
  int steps_;
  std::atomic<long> requested_{0}, done_{0};
  int count_ = 0;
  int result_ = 0;  ///< the work's, kept so that it is done
  std::thread thread_;
};

/// sleeping_handoff is the same with a condition variable each way.
class sleeping_handoff {
 public:
  explicit sleeping_handoff(int steps) : steps_(steps), thread_([this] { serve(); }) {}
  ~sleeping_handoff() {
    {
      std::lock_guard lock(mutex_);
      requested_ = -1;
    }
    changed_.notify_all();
    thread_.join();
  }
  void run_one() {
    std::unique_lock lock(mutex_);
    const long n = ++requested_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return done_ == n; });
  }
  int count() const { return count_; }

 private:
  void serve() {
    std::unique_lock lock(mutex_);
    for (long seen = 0;;) {
      changed_.wait(lock, [&] { return requested_ != seen; });
      if (requested_ < 0) return;
      lock.unlock();
      ++count_;
      result_ = spin(result_, steps_);
      lock.lock();
      done_ = seen = requested_;
      changed_.notify_all();
    }
  }
  int steps_;
  std::mutex mutex_;
  std::condition_variable changed_;
  long requested_ = 0, done_ = 0;
  int count_ = 0;
  int result_ = 0;  ///< the work's, kept so that it is done
  std::thread thread_;
};

/// queued_launches() measures `launches` launches of a kernel doing `steps` of spin() in a
/// row, each waited for, as workload `name`.
void queued_launches(const options& o, reporter& rep, const char* name, int launches, int steps) {
  const auto per_launch = [&](const char* impl, const timing& t) {
    const timing each{t.median_s / launches, t.min_s / launches, t.max_s / launches, t.reps};
    return result{name, impl, each, "ns", each.median_s * 1e9};
  };
  // The kernels add 1 to a counter at each launch: it checks that each ran.
  int made = 0;
  const auto counted = [&](int count) {
    return count == made ? std::string()
                         : "the counter is " + std::to_string(count) + " after " + std::to_string(made) + " launches";
  };
  const auto each_run = [&](const std::function<void()>& one) {
    return [&, one] {
      for (int i = 0; i < launches; ++i) one();
      made += launches;
    };
  };
  const accelerator_view ref = accelerator(accelerator::direct3d_ref).get_default_view();
  // v[0] counts the launches, v[1] holds the work's result.
  const auto kernel = [&](const array_view<int, 1>& v) {
    parallel_for_each(ref, extent<1>(1), [=](index<1>) restrict(amp) {
      v[0] += 1;
      v[1] = spin(v[1], steps);
    });
  };
  for (const bool by_wait : {true, false}) {
    made = 0;
    std::vector<int> host(2, 0);
    array_view<int, 1> v(2, host);
    const timing t = measure(o, each_run([&] {
      kernel(v);
      if (by_wait)
        ref.wait();
      else
        v.synchronize();
    }));
    v.synchronize();
    record(rep, per_launch(by_wait ? "ample_wait" : "ample_synchronize", t), [&] { return counted(host[0]); });
  }
  {
    made = 0;
    polling_handoff h(steps);
    const timing t = measure(o, each_run([&] { h.run_one(); }));
    record(rep, per_launch("handoff_polling", t), [&] { return counted(h.count()); });
  }
  {
    made = 0;
    sleeping_handoff h(steps);
    const timing t = measure(o, each_run([&] { h.run_one(); }));
    record(rep, per_launch("handoff_sleeping", t), [&] { return counted(h.count()); });
  }
}

void launch_queued(const options& o, reporter& rep) { queued_launches(o, rep, "launch_queued", 2000, 0); }
void launch_queued_busy(const options& o, reporter& rep) {
  queued_launches(o, rep, "launch_queued_busy", 200, 100000);
}

}  // namespace

workload launch_queued_workload() { return {"launch_queued", launch_queued}; }
workload launch_queued_busy_workload() { return {"launch_queued_busy", launch_queued_busy}; }

}  // namespace bench
