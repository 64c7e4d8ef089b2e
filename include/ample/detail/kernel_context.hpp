// What follows for views from in_kernel (detail/in_kernel.hpp): whether this thread is running
// work-items.
#pragma once

#include <memory>

#include "../config.hpp"
#include "buffer.hpp"
#include "in_kernel.hpp"

namespace ample::detail {

/// derived_storage() is the share of `storage` that a view made from another view or array
/// holds: a copy, a projection `v[i]`, a section. On the host it owns the buffer, as any view does, so
/// `auto row = make_view()[0];` keeps the data alive. Inside a kernel the view it is made from
/// (captured by the kernel, or the array the kernel captures by reference) outlives it, so it
/// only points at the buffer: copying a std::shared_ptr with an owner is an atomic increment and
/// decrement of one shared counter, and `a[i][j]` in a kernel on every core made it the hot spot
/// (210x slower than `a[idx]` on 2 cores, now 2.2x; docs/perf/2026-11-22-element-access.md).
/// Texture views hold their texture's storage the same way.
template <class Storage>
std::shared_ptr<Storage> derived_storage(const std::shared_ptr<Storage>& storage) noexcept {
  if (in_kernel) return std::shared_ptr<Storage>(std::shared_ptr<Storage>(), storage.get());
  return storage;
}

}  // namespace ample::detail
