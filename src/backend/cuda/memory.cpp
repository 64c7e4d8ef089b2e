// memory: GPU and page-locked host allocations (memory.hpp).
#include "memory.hpp"

#include <string>

namespace ample::detail::cuda {

device_memory::device_memory(const driver& d, std::size_t bytes) : driver_(&d), bytes_(bytes) {
  // cuMemAlloc refuses 0 bytes; an empty extent owns nothing.
  if (bytes != 0)
    d.check(d.cuMemAlloc(&pointer_, bytes), "cannot allocate " + std::to_string(bytes) + " bytes of GPU memory");
}

device_memory::~device_memory() {
  // A failure here (a context lost earlier) was reported by the call that lost it.
  if (pointer_ != 0) driver_->cuMemFree(pointer_);
}

pinned_memory::pinned_memory(const driver& d, std::size_t bytes) : driver_(&d), bytes_(bytes) {
  if (bytes != 0)
    d.check(d.cuMemAllocHost(&pointer_, bytes),
            "cannot allocate " + std::to_string(bytes) + " bytes of page-locked host memory");
}

pinned_memory::~pinned_memory() {
  if (pointer_ != nullptr) driver_->cuMemFreeHost(pointer_);
}

}  // namespace ample::detail::cuda
