// memory: a GPU's memory and page-locked host memory, owned.
#pragma once

#include <cstddef>
#include <utility>

#include "driver.hpp"

namespace ample::detail::cuda {

/// device_memory is `bytes` of the current context's GPU memory (cuMemAlloc), freed with it.
/// Allocation failure throws out_of_memory naming the size and the driver's error.
class device_memory {
 public:
  device_memory() noexcept = default;
  device_memory(const driver& d, std::size_t bytes);
  device_memory(device_memory&& other) noexcept
      : driver_(other.driver_), pointer_(std::exchange(other.pointer_, 0)), bytes_(other.bytes_) {}
  device_memory& operator=(device_memory&& other) noexcept {
    std::swap(driver_, other.driver_);
    std::swap(pointer_, other.pointer_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  ~device_memory();

  CUdeviceptr get() const noexcept { return pointer_; }
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  const driver* driver_ = nullptr;
  CUdeviceptr pointer_ = 0;
  std::size_t bytes_ = 0;
};

/// pinned_memory is `bytes` of page-locked host memory (cuMemAllocHost): the GPU's copy
/// engines read and write it directly, at the link's full speed, where copies from pageable
/// memory go through the driver's own staging at a fraction of it (gpu-poc/README.md §4:
/// 55 GB/s against 7.5 GB/s on an H200).
class pinned_memory {
 public:
  pinned_memory() noexcept = default;
  pinned_memory(const driver& d, std::size_t bytes);
  pinned_memory(pinned_memory&& other) noexcept
      : driver_(other.driver_), pointer_(std::exchange(other.pointer_, nullptr)), bytes_(other.bytes_) {}
  pinned_memory& operator=(pinned_memory&& other) noexcept {
    std::swap(driver_, other.driver_);
    std::swap(pointer_, other.pointer_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  ~pinned_memory();

  void* get() const noexcept { return pointer_; }
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  const driver* driver_ = nullptr;
  void* pointer_ = nullptr;
  std::size_t bytes_ = 0;
};

}  // namespace ample::detail::cuda
