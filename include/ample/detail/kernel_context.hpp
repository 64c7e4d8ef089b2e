// in_kernel: whether this thread is running work-items, and what follows from it for views.
#pragma once

#include <memory>

#include "../config.hpp"
#include "buffer.hpp"

namespace ample::detail {

/// in_kernel is true on a thread while it runs work-items of a launch (a backend's workers, and
/// the launching thread while it takes part); the CPU engine sets it (src/backend/cpu) and
/// refuses nested launches with it. Constant-initialised and defined inline, rather than
/// `extern`: GCC 12's UBSan reports every store through an extern thread_local's access
/// wrapper as a null store.
///
/// A compiled tile (the compiled-barrier pass, docs/design/compiled-barriers.md) only ever runs
/// on a thread inside a launch, so the pass takes in_kernel as true in it, found by this
/// annotation: a view copied inside a compiled kernel is then a plain pointer copy with nothing
/// to release, and no cleanup has to run for it when a work-item throws.
#if AMPLE_IMPL_COMPILED_TILES
#define AMPLE_IMPL_IN_KERNEL [[clang::annotate("ample.in_kernel")]]
#else
#define AMPLE_IMPL_IN_KERNEL
#endif
AMPLE_IMPL_IN_KERNEL inline constinit thread_local bool in_kernel = false;

/// derived_storage() is the share of `storage` that a view made from another view or array
/// holds: a copy, a projection `v[i]`, a section. On the host it owns the buffer, as any view does, so
/// `auto row = make_view()[0];` keeps the data alive. Inside a kernel the view it is made from
/// (captured by the kernel, or the array the kernel captures by reference) outlives it, so it
/// only points at the buffer: copying a std::shared_ptr with an owner is an atomic increment and
/// decrement of one shared counter, and `a[i][j]` in a kernel on every core made it the hot spot
/// (210x slower than `a[idx]` on 2 cores, now 2.2x; docs/perf/2026-11-22-element-access.md).
inline std::shared_ptr<buffer> derived_storage(const std::shared_ptr<buffer>& storage) noexcept {
  if (in_kernel) return std::shared_ptr<buffer>(std::shared_ptr<buffer>(), storage.get());
  return storage;
}

}  // namespace ample::detail
