// device_copy: copies between arrays and views made within a device's own memory, or from one
// device's memory to another's of the same kind (two GPUs).
#pragma once

#include <type_traits>
#include <vector>

#include "../array_view.hpp"
#include "bitwise_copyable.hpp"
#include "buffer.hpp"
#include "byte_ranges.hpp"
#include "command_queue.hpp"
#include "held_regions.hpp"
#include "memory_ops.hpp"
#include "strided_layout.hpp"

namespace ample::detail {

/// copy_spaces are the devices between whose own memory a copy is made: the source read in
/// `from`'s, the destination written in `to`'s; the same device for a copy within its memory.
/// Empty (both null) where the host makes the copy.
struct copy_spaces {
  const device* from = nullptr;
  const device* to = nullptr;
  explicit operator bool() const noexcept { return from != nullptr; }
};

/// spaces_for_copy() is where a copy of `from_region` of `from` to `to_region` of `to` is best
/// made without the host: within the memory of a device whose copy of `from` holds the whole
/// source current, where `to` lives (its home is there) or is current too; otherwise from such
/// a device's memory into the memory of another device of its kind where `to` lives (a GPU's
/// array into another GPU's). Such a copy moves no byte through host memory, where one made
/// on the host would bring the source home and the next kernel would take the destination
/// back. Empty where there is no such device, and for a copy between overlapping bytes of one
/// buffer, which the host makes.
copy_spaces spaces_for_copy(buffer& from, const byte_ranges& from_region, buffer& to, const byte_ranges& to_region);

/// copy_device_pieces() makes `pieces` from the memory of `spaces.from` into that of
/// `spaces.to`, and counts them there.
void copy_device_pieces(const copy_spaces& spaces, const std::vector<device_copy>& pieces);

/// device_pieces() is the copy of layout `src` to layout `dst` (the same shape) between two
/// buffers' copies in devices' memory, at `src_base` and `dst_base`: one piece per row,
/// rows that follow each other on both sides merged (a whole array is one piece). The layouts
/// address the buffers' host copies, at `src_host` and `dst_host`, whose offsets the device's
/// copies share.
template <class S, class D, int N>
std::vector<device_copy> device_pieces(const strided_layout<S, N>& src, const void* src_host, const void* src_base,
                                       const strided_layout<D, N>& dst, const void* dst_host, void* dst_base) {
  static_assert(sizeof(S) == sizeof(D));
  std::vector<device_copy> pieces;
  const std::size_t row_bytes = sizeof(S) * static_cast<std::size_t>(src.shape[N - 1]);
  for_each_outer(src.shape, [&](const int* idx) {
    const auto from_offset = reinterpret_cast<const char*>(src.row(idx)) - static_cast<const char*>(src_host);
    const auto to_offset = reinterpret_cast<const char*>(dst.row(idx)) - static_cast<const char*>(dst_host);
    const device_copy row{static_cast<char*>(dst_base) + to_offset, static_cast<const char*>(src_base) + from_offset,
                          row_bytes};
    if (!pieces.empty()) {
      device_copy& last = pieces.back();
      if (static_cast<char*>(last.to) + last.bytes == row.to &&
          static_cast<const char*>(last.from) + last.bytes == row.from) {
        last.bytes += row_bytes;
        return;
      }
    }
    pieces.push_back(row);
  });
  return pieces;
}

/// spaces_for_containers() is spaces_for_copy() for containers `src` and `dest` of the same
/// extent: empty also where either has no storage, where the source is kept on the host
/// alone (the CPU engine's case, decided by one load), and where the elements are not
/// bitwise copyable (their copy assignment must run on the host).
template <class Src, class Dest>
copy_spaces spaces_for_containers(const Src& src, const Dest& dest) {
  using element = std::remove_const_t<typename decltype(container_access::layout(src))::element_type>;
  if constexpr (!is_bitwise_copyable_v<element>) {
    return {};
  } else {
    buffer* from = container_access::storage(src);
    buffer* to = container_access::storage(dest);
    if (from == nullptr || to == nullptr || from->host_only()) return {};
    return spaces_for_copy(*from, container_access::region(src), *to, container_access::region(dest));
  }
}

/// pieces_for_containers() is device_pieces() for containers whose copies in `spaces` exist
/// (held_regions::take() made them).
template <class Src, class Dest>
std::vector<device_copy> pieces_for_containers(const copy_spaces& spaces, const Src& src, Dest& dest) {
  buffer& from = *container_access::storage(src);
  buffer& to = *container_access::storage(dest);
  return device_pieces(container_access::layout(src), from.host_data(), from.base_in(spaces.from),
                       container_access::layout(dest), to.host_data(), to.base_in(spaces.to));
}

/// copy_on_device() is copy() from container `src` into `dest` (the same extent), made in the
/// memory of the devices spaces_for_containers() finds, once the kernels writing the source
/// there or using the destination have run: a kernel's result copied into the array the next
/// kernel reads, say, as an iterative stencil swaps its states. False, with nothing done,
/// where there are no such devices: the caller copies on the host.
template <class Src, class Dest>
bool copy_on_device(const Src& src, Dest& dest) {
  const copy_spaces spaces = spaces_for_containers(src, dest);
  if (!spaces) return false;
  buffer& from = *container_access::storage(src);
  buffer& to = *container_access::storage(dest);
  // Kernels reach an array kept in one copy by reference, which launches find only in their
  // kernel objects: every kernel queued on its device may use it (buffer::host_access()
  // waits the same way).
  if (from.one_copy()) from.wait_for_device();
  if (to.one_copy()) to.wait_for_device();
  const byte_ranges from_region = container_access::region(src);
  const byte_ranges to_region = container_access::region(dest);
  held_regions held;
  held.take_for_copy(from, spaces.from, from_region, to, spaces.to, to_region);
  copy_device_pieces(spaces, pieces_for_containers(spaces, src, dest));
  return true;
}

}  // namespace ample::detail
