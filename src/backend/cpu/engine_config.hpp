// Settings of the CPU engine read from the environment and from ample::set_* calls.
#pragma once

#include <cstddef>

namespace ample::detail::cpu {

/// default_thread_count() is AMPLE_NUM_THREADS if set, else the number of CPUs the process may
/// run on (usable_cpus(): its affinity mask).
unsigned default_thread_count();
/// stack_size() is the current work-item stack size in bytes (page-rounded).
std::size_t stack_size();
/// stack_generation() changes whenever the stack size does, so pools know to rebuild.
unsigned stack_generation();
/// physical_memory_kb() is the machine's memory; the engine reports half of it as dedicated memory
/// (src/accelerator.cpp says why).
std::size_t physical_memory_kb();

}  // namespace ample::detail::cpu
