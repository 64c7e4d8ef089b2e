// overflow_guard: turns a fault in a work-item stack's guard page into a clear message.
#pragma once

#include <cstddef>

namespace ample::detail::cpu {

/// watch_stacks() registers `count` stacks laid out from `base` as [guard page][stack] slots
/// of `slot_bytes`; returns an id for unwatch_stacks(). Installs the SIGSEGV handler (once per
/// process) and an alternate signal stack for the calling thread (once per thread).
int watch_stacks(char* base, std::size_t count, std::size_t slot_bytes, std::size_t guard_bytes,
                 std::size_t stack_bytes);
/// unwatch_stacks() forgets a region before it is unmapped.
void unwatch_stacks(int id) noexcept;

}  // namespace ample::detail::cpu
