// host_range_copy: copies between a program's contiguous host range and a device's memory
// where a container lives, past the container's host mirror.
#pragma once

#include <concepts>
#include <iterator>
#include <optional>
#include <type_traits>
#include <vector>

#include "../array_view.hpp"
#include "bitwise_copyable.hpp"
#include "buffer.hpp"
#include "byte_ranges.hpp"
#include "device_copy.hpp"
#include "memory_ops.hpp"
#include "strided_layout.hpp"

namespace ample::detail {

/// contiguous_range_of<It, T> holds for iterators over contiguous host memory of T itself
/// (pointers, std::vector's and std::array's iterators), whose bytes a copy may move as they
/// are: T bitwise copyable, no conversion between element types.
template <class It, class T>
concept contiguous_range_of = std::contiguous_iterator<It> &&
                              std::same_as<std::remove_cv_t<std::iter_value_t<It>>, std::remove_cv_t<T>> &&
                              is_bitwise_copyable_v<std::remove_cv_t<T>>;

/// contiguous_output_of<Out, T> is contiguous_range_of that a copy may write.
template <class Out, class T>
concept contiguous_output_of =
    contiguous_range_of<Out, T> && !std::is_const_v<std::remove_reference_t<std::iter_reference_t<Out>>>;

/// mirrored_home() is the device whose own memory is the home of `storage`, its host copy a
/// mirror (an array on a GPU, a view's implicit storage on REF or a GPU); nullptr where the
/// home is host memory, or the one copy every space uses (buffer.hpp). Only there is the
/// mirror a detour: a copy between the program's host range and the home copy moves the
/// elements across once, where one through the mirror also passes them through it, on one
/// thread.
inline const device* mirrored_home(const buffer& storage) noexcept {
  return storage.one_copy() ? nullptr : storage.home_space();
}

/// range_pieces() is a copy between layout `layout`, whose copy in a device's memory starts at
/// `device_base` (at the same offsets as the host copy at `host_base`), and consecutive
/// elements of a host range at `range`: one piece per row, rows that follow each other in the
/// device's memory merged (a whole array is one piece). `into_device` says which way:
/// pieces' `to` is the device's side, or the range's.
template <class T, int N>
std::vector<device_copy> range_pieces(const strided_layout<T, N>& layout, const void* host_base, void* device_base,
                                      const void* range, bool into_device) {
  std::vector<device_copy> pieces;
  const std::size_t row_bytes = sizeof(T) * static_cast<std::size_t>(layout.shape[N - 1]);
  const char* next = static_cast<const char*>(range);
  char* last_end = nullptr;
  for_each_outer(layout.shape, [&](const int* idx) {
    const auto offset = reinterpret_cast<const char*>(layout.row(idx)) - static_cast<const char*>(host_base);
    char* on_device = static_cast<char*>(device_base) + offset;
    if (!pieces.empty() && on_device == last_end) {
      pieces.back().bytes += row_bytes;
    } else if (into_device) {
      pieces.push_back(device_copy{on_device, next, row_bytes});
    } else {
      pieces.push_back(device_copy{const_cast<char*>(next), on_device, row_bytes});
    }
    last_end = on_device + row_bytes;
    next += row_bytes;
  });
  return pieces;
}

/// copy_range() copies `pieces` from host memory into the memory of `space` where
/// `into_device`, out of it otherwise, and counts one copy of all their bytes.
void copy_range(const device& space, const std::vector<device_copy>& pieces, bool into_device);

/// home_to_fill() is where copy(first, dest) from a contiguous host range puts the elements:
/// the mirrored_home() of `dest`'s storage, where the next kernel reads them; nullptr where
/// the host copy is the place (the caller copies there).
template <class Dest>
const device* home_to_fill(const Dest& dest) {
  const buffer* to = container_access::storage(dest);
  return to != nullptr ? mirrored_home(*to) : nullptr;
}

/// home_holding() is the mirrored_home() of `storage` where that holds all of `region`
/// current and the mirror does not: where a copy of `region` out to a host range is best
/// read. nullptr where the host copy is the place (the caller reads there, making it current
/// if need be).
const device* home_holding(buffer& storage, const byte_ranges& region);

/// home_to_read() is home_holding() for all that container `src` covers: where copy(src, out)
/// into a contiguous host range takes the elements from.
template <class Src>
const device* home_to_read(const Src& src) {
  buffer* from = container_access::storage(src);
  // Checked before the region is computed: on the CPU engine there is never a home to read.
  if (from == nullptr || mirrored_home(*from) == nullptr) return nullptr;
  return home_holding(*from, container_access::region(src));
}

/// copy_at_home() makes `pieces`, between host memory and the copy of `storage` in `home`
/// (into it where `into_device`), once `region`, which they cover there, is held there: for
/// writing, after the commands using it have run, every other copy of it then stale; for
/// reading, after the commands writing it.
void copy_at_home(buffer& storage, const device& home, const byte_ranges& region,
                  const std::vector<device_copy>& pieces, bool into_device);

/// fill_from_range() is copy(first, dest) from the contiguous host range at `first` into the
/// copy of `dest` in `home` (home_to_fill()).
template <class Dest, class T>
void fill_from_range(const device& home, const T* first, Dest& dest) {
  buffer& to = *container_access::storage(dest);
  copy_at_home(to, home, container_access::region(dest),
               range_pieces(container_access::layout(dest), to.host_data(), to.base_in(&home), first, true), true);
}

/// read_into_range() is copy(src, out) from the copy of `src` in `home` (home_to_read())
/// into the contiguous host range at `out`.
template <class Src, class T>
void read_into_range(const device& home, const Src& src, T* out) {
  buffer& from = *container_access::storage(src);
  copy_at_home(from, home, container_access::region(src),
               range_pieces(container_access::layout(src), from.host_data(), from.base_in(&home), out, false), false);
}

/// crossing is a copy between two containers made as one crossing between host memory and the
/// memory of `space` (plan_crossing()): `pieces` into it where `into_device`, out of it
/// otherwise, reading `from_region` of `from` in `from_space` and writing `to_region` of `to`
/// in `to_space`.
struct crossing {
  buffer* from;
  const device* from_space;
  byte_ranges from_region;
  buffer* to;
  const device* to_space;
  byte_ranges to_region;
  const device* space;
  std::vector<device_copy> pieces;
  bool into_device;
};

/// plan_crossing() plans copy(src, dest) between containers of the same extent as one
/// crossing between host memory and a device's where one side lives in the device's memory
/// past a mirror: from the source's host copy, where that holds the source current, into the
/// destination's home (home_to_fill()); or from the source's home, where only that holds it
/// (home_holding()), into a destination kept in host memory. A view over a std::vector
/// copied into an array on a GPU, say, or back. Empty otherwise (and for two sides in one
/// buffer, and elements that are not bitwise copyable): the copy goes through the host
/// copies.
template <class Src, class Dest>
std::optional<crossing> plan_crossing(const Src& src, const Dest& dest) {
  using element = std::remove_const_t<typename decltype(container_access::layout(src))::element_type>;
  if constexpr (!is_bitwise_copyable_v<element>) {
    return std::nullopt;
  } else {
    buffer* from = container_access::storage(src);
    buffer* to = container_access::storage(dest);
    // One load each before any region is computed: every copy on the CPU engine asks.
    if (from == nullptr || to == nullptr || from == to ||
        (mirrored_home(*from) == nullptr && mirrored_home(*to) == nullptr))
      return std::nullopt;
    byte_ranges from_region = container_access::region(src);
    byte_ranges to_region = container_access::region(dest);
    if (const device* home = home_to_fill(dest); home != nullptr && from->current_in(nullptr, from_region)) {
      std::vector<device_copy> pieces =
          device_pieces(container_access::layout(src), from->host_data(), from->host_data(),
                        container_access::layout(dest), to->host_data(), to->base_in(home));
      return crossing{from, nullptr, std::move(from_region), to, home, std::move(to_region), home,
                      std::move(pieces), true};
    }
    if (const device* home = home_holding(*from, from_region); home != nullptr && to->home_space() == nullptr) {
      std::vector<device_copy> pieces =
          device_pieces(container_access::layout(src), from->host_data(), from->base_in(home),
                        container_access::layout(dest), to->host_data(), to->host_data());
      return crossing{from, home, std::move(from_region), to, nullptr, std::move(to_region), home,
                      std::move(pieces), false};
    }
    return std::nullopt;
  }
}

/// copy_through() makes `planned` before its call returns, its regions held as
/// copy_at_home() holds one.
void copy_through(const crossing& planned);

/// copy_across() is copy(src, dest) made as plan_crossing() plans it; false, with nothing
/// done, where it plans nothing.
template <class Src, class Dest>
bool copy_across(const Src& src, Dest& dest) {
  const std::optional<crossing> planned = plan_crossing(src, dest);
  if (planned) copy_through(*planned);
  return planned.has_value();
}

}  // namespace ample::detail
