// buffer: a block of memory that belongs to an accelerator_view.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <string>

#include "../exceptions.hpp"
#include "device.hpp"

namespace ample::detail {

/// buffer is the storage of an array (or of an array_view made from an extent alone). It
/// belongs to the accelerator_view it was created on; arrays and views share it by
/// shared_ptr, so views keep it alive. Every device of the CPU engine addresses host memory,
/// so the block is host memory aligned for vector loads; a device with memory of its own
/// (CUDA) will add its device-side block here.
class buffer {
 public:
  static constexpr std::size_t alignment = 64;

  /// allocate() returns `bytes` bytes owned by `owner`; out_of_memory naming the size if the
  /// system has none to give.
  static std::shared_ptr<buffer> allocate(std::shared_ptr<view_state> owner, std::size_t bytes) {
    void* p = ::operator new(bytes == 0 ? 1 : bytes, std::align_val_t(alignment), std::nothrow);
    if (p == nullptr)
      AMPLE_THROW(concurrency::out_of_memory,
                  "cannot allocate " + std::to_string(bytes) + " bytes of array storage");
    return std::shared_ptr<buffer>(new buffer(std::move(owner), p, bytes));
  }

  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer() { ::operator delete(data_, std::align_val_t(alignment)); }

  void* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }
  const std::shared_ptr<view_state>& owner() const noexcept { return owner_; }

 private:
  buffer(std::shared_ptr<view_state> owner, void* data, std::size_t bytes)
      : owner_(std::move(owner)), data_(data), bytes_(bytes) {}

  std::shared_ptr<view_state> owner_;
  void* data_;
  std::size_t bytes_;
};

}  // namespace ample::detail
