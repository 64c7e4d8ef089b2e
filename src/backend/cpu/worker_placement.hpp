// worker_placement: how many CPUs the engine's threads may use, and where a new worker starts.
#pragma once

#include <sched.h>

#include <vector>

namespace ample::detail::cpu {

/// usable_cpus() is the number of CPUs the calling thread may run on: its affinity mask, which
/// taskset and a container's cpuset narrow, unlike std::thread::hardware_concurrency(); that
/// one where the mask cannot be read. More threads than CPUs only take turns on them, and a
/// spinning worker then slows the thread it shares a CPU with.
unsigned usable_cpus();

/// starting_cpus() picks a CPU for each of `workers` new threads to start on: the CPUs the
/// calling thread may run on, beginning after the one it runs on now, round robin; empty when
/// it may run on only one.
///
/// Why: Linux may start a new thread on its creator's CPU (seen on the 2-vCPU guests here,
/// every time) and moves it only after several milliseconds up to seconds of both sharing that
/// core. Until then a launch runs at one core's speed: the first launches of every short
/// program, such as the seed programs the tour times.
std::vector<int> starting_cpus(unsigned workers);

/// pinned_while_asleep keeps the calling thread on `cpu` from its construction to its
/// destruction, then lets it run on every CPU it was allowed before: a worker holds one while
/// it sleeps. Linux queued a woken worker on the CPU of the thread that woke it, every time on
/// the 2-vCPU guests here, behind that launcher's whole job; pinned, it wakes on its own CPU.
/// (The launcher used to yield its CPU after waking workers, so that such a worker could move
/// back: the yield cost 47-131 µs per launch after idle on a 2-vCPU AMD guest.) A CPU that
/// cannot be used (-1, or gone from the mask) pins nothing.
class pinned_while_asleep {
 public:
  explicit pinned_while_asleep(int cpu) noexcept;
  pinned_while_asleep(const pinned_while_asleep&) = delete;
  pinned_while_asleep& operator=(const pinned_while_asleep&) = delete;
  ~pinned_while_asleep();

 private:
  cpu_set_t allowed_;
  bool pinned_ = false;
};

/// start_on() moves the calling thread to `cpu`, then lets it run on every CPU it was allowed
/// before: the scheduler keeps it there until it has a reason of its own to move it. A hint: a
/// CPU that cannot be used leaves the thread where it is.
void start_on(int cpu) noexcept;

}  // namespace ample::detail::cpu
