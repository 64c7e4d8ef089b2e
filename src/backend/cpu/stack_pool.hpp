// stack_pool: the work-item fiber stacks of one worker thread.
#pragma once

#include <cstddef>
#include <vector>

#include "fiber_sanitizer.hpp"

namespace ample::detail::cpu {

/// stack_pool hands out stack i for work-item i of the tile its thread is running. Stacks are
/// carved from mmap'ed regions, each with a PROT_NONE guard page below it so an overflow
/// faults instead of corrupting a neighbour (overflow_guard turns the fault into a message).
/// Regions grow with the largest tile seen and are kept for the thread's lifetime: tiles run
/// back to back reuse the same, already-resident stacks.
class stack_pool {
 public:
  stack_pool() = default;
  stack_pool(const stack_pool&) = delete;
  stack_pool& operator=(const stack_pool&) = delete;
  ~stack_pool();

  /// adopt_size_setting() replaces all stacks when the size setting changed since they were
  /// made, and returns true then: whatever lived on the old ones is gone. Called only between
  /// tiles: a launch on REF runs without the engine's launch lock, so the setting can change
  /// while one of its tiles runs on these stacks.
  bool adopt_size_setting();
  /// size_setting_changed() tells whether adopt_size_setting() would replace the stacks.
  bool size_setting_changed() const noexcept;
  /// reserve() makes stacks 0..count-1 available, at the size of the stacks already made.
  void reserve(int count);
  /// top() is the highest address of stack i (stacks grow down); size() is each one's size.
  char* top(int i) const noexcept { return tops_[static_cast<std::size_t>(i)]; }
  std::size_t size() const noexcept { return stack_size_; }
  /// bounds() is the memory stack i may use, for the sanitizers; it ends at top(i).
  stack_bounds bounds(int i) const noexcept {
    char* const t = top(i);
    char* const bottom = bottoms_[static_cast<std::size_t>(i)];
    return {bottom, static_cast<std::size_t>(t - bottom)};
  }

 private:
  struct region {
    char* base;
    std::size_t bytes;
    int guard_id;
  };
  void release() noexcept;

  std::vector<region> regions_;
  std::vector<char*> tops_;
  std::vector<char*> bottoms_;          ///< lowest usable byte of each stack, above its guard
  std::vector<unsigned> valgrind_ids_;  ///< each stack's Valgrind registration
  std::size_t stack_size_ = 0;
  unsigned generation_ = 0;
};

}  // namespace ample::detail::cpu
