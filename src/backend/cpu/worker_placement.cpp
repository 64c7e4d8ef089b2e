// worker_placement: see worker_placement.hpp.
#include "worker_placement.hpp"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace ample::detail::cpu {
namespace {

/// cpus_after() lists the CPUs the calling thread may run on other than `cpu`, beginning after
/// it and wrapping around.
std::vector<int> cpus_after(int cpu) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return {};
  std::vector<int> others;
  for (int step = 1; step <= CPU_SETSIZE; ++step) {
    const int next = ((cpu < 0 ? 0 : cpu) + step) % CPU_SETSIZE;
    if (next != cpu && CPU_ISSET(next, &allowed)) others.push_back(next);
  }
  return others;
}

}  // namespace

unsigned usable_cpus() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0)
    return static_cast<unsigned>(CPU_COUNT(&allowed));
  return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<int> starting_cpus(unsigned workers) {
  const std::vector<int> others = cpus_after(sched_getcpu());
  if (others.empty()) return {};
  std::vector<int> chosen(workers);
  for (unsigned i = 0; i < workers; ++i) chosen[i] = others[i % others.size()];
  return chosen;
}

pinned_while_asleep::pinned_while_asleep(int cpu) noexcept {
  CPU_ZERO(&allowed_);
  if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof allowed_, &allowed_) != 0) return;
  if (!CPU_ISSET(cpu, &allowed_)) return;
  cpu_set_t only;
  CPU_ZERO(&only);
  CPU_SET(cpu, &only);
  pinned_ = sched_setaffinity(0, sizeof only, &only) == 0;
}

pinned_while_asleep::~pinned_while_asleep() {
  if (pinned_) sched_setaffinity(0, sizeof allowed_, &allowed_);
}

void start_on(int cpu) noexcept {
  cpu_set_t allowed, only;
  if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  CPU_ZERO(&only);
  CPU_SET(cpu, &only);
  if (sched_setaffinity(0, sizeof only, &only) == 0) sched_setaffinity(0, sizeof allowed, &allowed);
}

}  // namespace ample::detail::cpu
