// worker_placement: how many CPUs the engine's threads may use, and where a new worker starts.
#pragma once

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

/// another_cpu() is a CPU the calling thread may run on other than `avoid` (the next one
/// after it, round robin), or -1 when there is none.
int another_cpu(int avoid);

/// start_on() moves the calling thread to `cpu`, then lets it run on every CPU it was allowed
/// before: the scheduler keeps it there until it has a reason of its own to move it. A hint: a
/// CPU that cannot be used leaves the thread where it is.
void start_on(int cpu) noexcept;

}  // namespace ample::detail::cpu
