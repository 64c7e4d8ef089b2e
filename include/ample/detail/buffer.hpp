// buffer: a block of memory that belongs to an accelerator_view.
#pragma once

#include <sys/sysinfo.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <string>

#include "../config.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "bitwise_copyable.hpp"
#include "device.hpp"

namespace ample::detail {

/// buffer is the storage of an array (or of an array_view made from an extent alone). It
/// belongs to the accelerator_view it was created on; arrays and views share it by
/// shared_ptr, so views keep it alive. Every device of the CPU engine addresses host memory,
/// so the block is host memory aligned for vector loads; a device with memory of its own
/// (CUDA) will add its device-side block here.
///
/// Which sizes raise out_of_memory. Linux overcommits: malloc of more bytes than the machine
/// has may succeed, and the process is killed by the OOM killer later, when the pages are
/// touched, far from the allocation and with no exception to catch. So a size is refused up
/// front, with out_of_memory naming it, when
///   - the extent holds more than UINT_MAX elements: extent::size() counts in unsigned int
///     (SPEC §4.2), so such an extent would wrap to a smaller count (Microsoft's runtime
///     refuses it too) — the extent form of allocate() sees the dimensions before they wrap;
///   - elements × element size overflows size_t;
///   - the bytes exceed the machine's RAM plus swap (sysinfo()): no process could ever touch
///     all of them;
///   - or the allocator returns nothing.
/// A size within RAM plus swap that the kernel grants lazily can still meet the OOM killer
/// when the memory is short at the time of touching it (or a cgroup limit is lower), as any
/// allocation under overcommit can; that is not detectable without touching every page.
class buffer {
 public:
  static constexpr std::size_t alignment = 64;

  /// allocate() returns `bytes` bytes owned by `owner`; out_of_memory naming the size if the
  /// machine has too little memory (RAM plus swap) or the allocator none to give.
  static std::shared_ptr<buffer> allocate(std::shared_ptr<view_state> owner, std::size_t bytes) {
    const std::size_t limit = memory_limit_bytes();
    if (limit != 0 && bytes > limit)
      AMPLE_THROW(concurrency::out_of_memory, "cannot allocate " + std::to_string(bytes) +
                                                  " bytes of array storage: more than the " + std::to_string(limit) +
                                                  " bytes of RAM and swap this machine has");
    void* p = ::operator new(bytes == 0 ? 1 : bytes, std::align_val_t(alignment), std::nothrow);
    if (p == nullptr)
      AMPLE_THROW(concurrency::out_of_memory,
                  "cannot allocate " + std::to_string(bytes) + " bytes of array storage");
    return std::shared_ptr<buffer>(new buffer(std::move(owner), p, bytes));
  }

  /// allocate() returns storage for every element of extent `e`, each `element_size` bytes.
  /// Unlike `e.size() * element_size`, it sees an element count that does not fit in
  /// extent::size()'s unsigned int, or a byte count that does not fit in size_t, and raises
  /// out_of_memory naming the extent instead of allocating a wrapped, too small, size.
  template <int N>
  static std::shared_ptr<buffer> allocate(std::shared_ptr<view_state> owner, const concurrency::extent<N>& e,
                                          std::size_t element_size) {
    std::uint64_t elements = 1;
    bool too_many = false;
    int dims[N];
    for (int d = 0; d < N; ++d) {
      dims[d] = e[d];
      // Negative dimensions are the caller's error to report; here they count as empty.
      const std::uint64_t n = e[d] > 0 ? static_cast<std::uint64_t>(e[d]) : 0;
      if (!too_many && __builtin_mul_overflow(elements, n, &elements)) too_many = true;
    }
    if (!too_many && elements == 0) return allocate(std::move(owner), 0);
    std::size_t bytes = 0;
    if (too_many || elements > UINT_MAX)
      AMPLE_THROW(concurrency::out_of_memory,
                  "cannot allocate array storage of extent " + format_values(dims, N) + ": " +
                      (too_many ? std::string("more than 2^64") : std::to_string(elements)) +
                      " elements, but extent::size() counts at most " + std::to_string(UINT_MAX));
    if (__builtin_mul_overflow(static_cast<std::size_t>(elements), element_size, &bytes))
      AMPLE_THROW(concurrency::out_of_memory,
                  "cannot allocate array storage of extent " + format_values(dims, N) + ": " +
                      std::to_string(elements) + " elements of " + std::to_string(element_size) +
                      " bytes exceed SIZE_MAX bytes");
    return allocate(std::move(owner), bytes);
  }

  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer() {
    if (destroy_elements_ != nullptr) destroy_elements_(data_, bytes_);
    ::operator delete(data_, std::align_val_t(alignment));
  }

  /// construct_elements<T>() gives the buffer's T elements a lifetime where a T is not a plain
  /// bundle of bytes (a user-written copy constructor or destructor, as in ray tracers' sphere
  /// structs, which Microsoft's array accepts): each is value-initialised now and destroyed
  /// before the memory is freed, and containers copy them element by element. Other elements
  /// stay uninitialised, as C++ AMP allows, and are copied as bytes.
  template <class T>
  void construct_elements() {
    if constexpr (!is_bitwise_copyable_v<T>) {
      std::uninitialized_value_construct_n(static_cast<T*>(data_), bytes_ / sizeof(T));
      destroy_elements_ = [](void* data, std::size_t bytes) {
        std::destroy_n(static_cast<T*>(data), bytes / sizeof(T));
      };
    }
  }

  void* data() const noexcept { return data_; }
  std::size_t bytes() const noexcept { return bytes_; }
  const std::shared_ptr<view_state>& owner() const noexcept { return owner_; }
  /// has_data_source() is false for the storage of an array_view made from an extent alone:
  /// such a view has no data source, and no source_accelerator_view (SPEC §5.2).
  bool has_data_source() const noexcept { return has_data_source_; }
  void drop_data_source() noexcept { has_data_source_ = false; }

  /// memory_limit_bytes() is RAM plus swap, read once per process (0 if unknown: no limit).
  static std::size_t memory_limit_bytes() noexcept {
    static const std::size_t limit = [] {
      struct sysinfo info {};
      if (sysinfo(&info) != 0) return std::size_t{0};
      std::size_t units = 0, total = 0;
      if (__builtin_add_overflow(info.totalram, info.totalswap, &units) ||
          __builtin_mul_overflow(units, std::size_t{info.mem_unit}, &total))
        return std::size_t{SIZE_MAX};
      return total;
    }();
    return limit;
  }

 private:
  buffer(std::shared_ptr<view_state> owner, void* data, std::size_t bytes)
      : owner_(std::move(owner)), data_(data), bytes_(bytes) {}

  std::shared_ptr<view_state> owner_;
  void* data_;
  std::size_t bytes_;
  bool has_data_source_ = true;
  void (*destroy_elements_)(void* data, std::size_t bytes) = nullptr;  ///< set by construct_elements()
};

}  // namespace ample::detail
