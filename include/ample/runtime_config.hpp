// Ample's own knobs: how many threads run kernels and how large work-item stacks are.
#pragma once

#include <cstddef>

namespace ample {

/// set_thread_count() sets how many threads run kernels, the launching thread included.
/// 0 restores the default: the AMPLE_NUM_THREADS environment variable if set, else every CPU
/// the process may run on (its affinity mask, which taskset and a container's cpuset narrow).
/// Waits for running and queued launches to finish first.
void set_thread_count(unsigned n);
/// thread_count() returns how many threads run kernels.
unsigned thread_count();

/// set_work_item_stack_size() sets the stack of each work-item fiber of a tiled kernel that
/// reaches a barrier. The default is 64 KiB (four times that in sanitizer builds), or
/// AMPLE_STACK_SIZE (bytes; K and M suffixes).
/// A work-item that overflows its stack stops the process with a message naming this setting.
/// Waits for running and queued launches to finish first.
void set_work_item_stack_size(std::size_t bytes);
/// work_item_stack_size() returns the current work-item stack size in bytes.
std::size_t work_item_stack_size();

}  // namespace ample
