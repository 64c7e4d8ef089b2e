// memory_ops: how the runtime allocates and moves bytes in one device's own memory.
#pragma once

#include <cstddef>

namespace ample::detail {

struct device;

/// device_copy is one piece of a copy within a device's own memory (memory_ops::copy_within).
struct device_copy {
  void* to;
  const void* from;
  std::size_t bytes;
};

/// memory_ops are the only calls the buffer layer (buffer.hpp) makes on a device's own memory
/// (device::has_own_memory): one table per kind of memory, so that a buffer's copies move
/// the same way between the host and REF's memory, which is host memory allocated apart, as
/// between the host and a GPU's, which the host cannot address. Addresses in such memory
/// are carried as void* and only offset on the host, never dereferenced there.
struct memory_ops {
  /// allocate() returns `bytes` bytes, zeroed if `zeroed` (so that bytes a kernel reads before
  /// anything wrote them read the same on every run; a caller that copies every byte in before
  /// anything reads them need not pay for it); out_of_memory naming `what` and the size if the
  /// device has too few.
  void* (*allocate)(const device& d, std::size_t bytes, const char* what, bool zeroed);
  void (*release)(const device& d, void* p) noexcept;
  /// copy_in() copies `bytes` of host memory into the device's; copy_out() the other way.
  /// Both have finished when they return.
  void (*copy_in)(const device& d, void* to, const void* from, std::size_t bytes);
  void (*copy_out)(const device& d, void* to, const void* from, std::size_t bytes);
  /// copy_within() makes `count` copies from the device's memory to elsewhere in it, none of
  /// them overlapping another's target or its own source; all have finished when it returns.
  /// One call for all of them: a GPU then waits once, not once per row of a section.
  void (*copy_within)(const device& d, const device_copy* pieces, std::size_t count);
  /// copy_between() makes `count` copies from the memory of device `from` into that of device
  /// `to`, two devices whose memory these ops serve (two GPUs), none of them overlapping
  /// another's target; all have finished when it returns. The bytes do not pass through the
  /// host's memory where the devices can reach each other's.
  void (*copy_between)(const device& to, const device& from, const device_copy* pieces, std::size_t count);
};

/// allocate_host_bytes() returns `bytes` bytes of host memory aligned for any element type
/// (buffer::alignment), zeroed if `zeroed`; out_of_memory naming `what` and the size if the
/// allocator has none. An array's host storage is not zeroed: C++ AMP leaves new arrays
/// uninitialised, and zeroing would touch every page at allocation instead of where the
/// kernels first do.
void* allocate_host_bytes(std::size_t bytes, const char* what, bool zeroed);
void free_host_bytes(void* p) noexcept;

/// host_memory_ops() is memory that is host memory all the same (REF's): allocate_host_bytes()
/// and memcpy.
const memory_ops& host_memory_ops() noexcept;

}  // namespace ample::detail
