// worker_placement: see worker_placement.hpp.
#include "worker_placement.hpp"

#include <sched.h>

#include <algorithm>
#include <thread>

namespace ample::detail::cpu {

unsigned usable_cpus() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0)
    return static_cast<unsigned>(CPU_COUNT(&allowed));
  return std::max(1u, std::thread::hardware_concurrency());
}

std::vector<int> starting_cpus(unsigned workers) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return {};
  const int here = sched_getcpu();
  std::vector<int> others;
  for (int step = 1; step <= CPU_SETSIZE; ++step) {
    const int cpu = ((here < 0 ? 0 : here) + step) % CPU_SETSIZE;
    if (cpu != here && CPU_ISSET(cpu, &allowed)) others.push_back(cpu);
  }
  if (others.empty()) return {};
  std::vector<int> chosen(workers);
  for (unsigned i = 0; i < workers; ++i) chosen[i] = others[i % others.size()];
  return chosen;
}

int another_cpu(int avoid) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
  for (int step = 1; step < CPU_SETSIZE; ++step) {
    const int cpu = ((avoid < 0 ? 0 : avoid) + step) % CPU_SETSIZE;
    if (cpu != avoid && CPU_ISSET(cpu, &allowed)) return cpu;
  }
  return -1;
}

void start_on(int cpu) noexcept {
  cpu_set_t allowed, only;
  if (cpu < 0 || cpu >= CPU_SETSIZE || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  CPU_ZERO(&only);
  CPU_SET(cpu, &only);
  if (sched_setaffinity(0, sizeof only, &only) == 0) sched_setaffinity(0, sizeof allowed, &allowed);
}

}  // namespace ample::detail::cpu
