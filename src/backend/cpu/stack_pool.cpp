// stack_pool: mmap'ed fiber stacks with guard pages.
#include "stack_pool.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <string>

#include "ample/exceptions.hpp"
#include "engine_config.hpp"
#include "overflow_guard.hpp"

namespace ample::detail::cpu {
namespace {

/// colour_offset() staggers the top of stack i by a multiple of a cache line. Stack tops are
/// page-aligned, so without it the hot top lines of all stacks of a tile fall into the same
/// few L1 sets and evict each other at every barrier switch; spread over 64 lines they use
/// all sets (bench/workloads/engine_costs.cpp barrier_event: see docs/design/cpu-engine.md).
std::size_t colour_offset(std::size_t i) { return (i % 64) * 64; }

}  // namespace

stack_pool::~stack_pool() { release(); }

void stack_pool::release() noexcept {
  for (const region& r : regions_) {
    unwatch_stacks(r.guard_id);
    munmap(r.base, r.bytes);
  }
  for (unsigned id : valgrind_ids_) unregister_stack(id);
  regions_.clear();
  tops_.clear();
  bottoms_.clear();
  valgrind_ids_.clear();
}

bool stack_pool::size_setting_changed() const noexcept { return generation_ != stack_generation(); }

bool stack_pool::adopt_size_setting() {
  if (!size_setting_changed()) return false;
  release();
  generation_ = stack_generation();
  stack_size_ = cpu::stack_size();
  return true;
}

void stack_pool::reserve(int count) {
  const int have = static_cast<int>(tops_.size());
  if (count <= have) return;

  const std::size_t guard = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t slot = guard + stack_size_;
  const std::size_t n = static_cast<std::size_t>(count - have);
  const std::size_t bytes = slot * n;
  void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mem == MAP_FAILED)
    AMPLE_THROW(concurrency::out_of_memory, "cannot map " + std::to_string(n) + " work-item stacks of " +
                                                std::to_string(stack_size_) + " bytes");
  char* base = static_cast<char*>(mem);
  for (std::size_t i = 0; i < n; ++i) {
    mprotect(base + i * slot, guard, PROT_NONE);
    tops_.push_back(base + i * slot + slot - colour_offset(tops_.size()));
    bottoms_.push_back(base + i * slot + guard);
    valgrind_ids_.push_back(register_stack(bounds(static_cast<int>(tops_.size()) - 1)));
  }
  regions_.push_back(region{base, bytes, watch_stacks(base, n, slot, guard, stack_size_)});
}

}  // namespace ample::detail::cpu
