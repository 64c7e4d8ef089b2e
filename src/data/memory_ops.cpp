// Host memory, and the memory_ops of devices whose own memory is host memory
// (detail/memory_ops.hpp).
#include "ample/detail/memory_ops.hpp"

#include <cstring>
#include <new>
#include <string>

#include "ample/detail/buffer.hpp"
#include "ample/exceptions.hpp"

namespace ample::detail {

void* allocate_host_bytes(std::size_t bytes, const char* what, bool zeroed) {
  void* p = ::operator new(bytes == 0 ? 1 : bytes, std::align_val_t(buffer::alignment), std::nothrow);
  if (p == nullptr)
    AMPLE_THROW(concurrency::out_of_memory, "cannot allocate " + std::to_string(bytes) + " bytes of " + what);
  if (zeroed) std::memset(p, 0, bytes);
  return p;
}

void free_host_bytes(void* p) noexcept { ::operator delete(p, std::align_val_t(buffer::alignment)); }

namespace {

/// Zeroed even where the caller fills every byte next: the copy that fills it then finds its
/// pages mapped, where faulting them in during the copy made a 256 MiB round trip on REF
/// 10-25 % slower (docs/perf/2026-11-30-ref-copy-pages.md).
void* allocate(const device&, std::size_t bytes, const char* what, bool) {
  return allocate_host_bytes(bytes, what, true);
}
void release(const device&, void* p) noexcept { free_host_bytes(p); }
void copy(const device&, void* to, const void* from, std::size_t bytes) { std::memcpy(to, from, bytes); }
void copy_within(const device&, const device_copy* pieces, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) std::memcpy(pieces[i].to, pieces[i].from, pieces[i].bytes);
}
void copy_between(const device&, const device& from, const device_copy* pieces, std::size_t count) {
  copy_within(from, pieces, count);
}

constexpr memory_ops host_ops{&allocate, &release, &copy, &copy, &copy_within, &copy_between};

}  // namespace

const memory_ops& host_memory_ops() noexcept { return host_ops; }

}  // namespace ample::detail
