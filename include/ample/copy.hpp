// copy(): moving elements between arrays, array_views and host iterators (SPEC §5.3).
#pragma once

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>

#include "config.hpp"
#include "array.hpp"
#include "array_view.hpp"
#include "completion_future.hpp"
#include "detail/command_queue.hpp"
#include "detail/device_copy.hpp"
#include "detail/held_regions.hpp"
#include "detail/host_range_copy.hpp"

namespace ample::detail {

/// host_output_iterator<Out, T> holds for the iterators copy() writes to: `*out = value` and
/// `++out`, nothing more, so that legacy output iterators are accepted as in Microsoft's
/// unconstrained templates (see host_iterator in array.hpp).
template <class Out, class T>
concept host_output_iterator = std::copy_constructible<Out> && requires(Out out, const T& value) {
  *out = value;
  ++out;
};

/// check_range_size() throws when a random-access range does not hold exactly as many
/// elements as `shape`; before the destination is touched, so that its copies elsewhere stay
/// current. Other iterators are counted while copying.
template <class It, int N>
void check_range_size(It first, It last, const concurrency::extent<N>& shape) {
  if constexpr (std::random_access_iterator<It>) {
    const auto available = static_cast<std::size_t>(std::distance(first, last));
    if (available != shape.size())
      AMPLE_THROW(concurrency::runtime_exception,
                  "copy: source range holds " + std::to_string(available) + " elements, destination extent " +
                      format_extent(shape) + " holds " + std::to_string(shape.size()),
                  concurrency::error_code::e_invalidarg);
  }
}

/// copy_from_range() fills a destination layout from [first, last), which must hold exactly
/// as many elements as the destination.
template <class It, class T, int N>
void copy_from_range(It first, It last, const strided_layout<T, N>& dst) {
  const int len = dst.shape[N - 1];
  std::size_t copied = 0;
  for_each_outer(dst.shape, [&](const int* idx) {
    T* row = dst.row(idx);
    for (int i = 0; i < len; ++i, ++copied) {
      if (first == last)
        AMPLE_THROW(concurrency::runtime_exception,
                    "copy: source range ended after " + std::to_string(copied) + " elements, destination extent " +
                        format_extent(dst.shape) + " holds " + std::to_string(dst.shape.size()),
                    concurrency::error_code::e_invalidarg);
      row[i] = *first;
      ++first;  // prefix only: a legacy iterator may lack a usable postfix ++
    }
  });
}

/// copy_from_begin() fills a destination layout from an iterator with no end.
template <class It, class T, int N>
void copy_from_begin(It first, const strided_layout<T, N>& dst) {
  const int len = dst.shape[N - 1];
  for_each_outer(dst.shape, [&](const int* idx) {
    T* row = dst.row(idx);
    for (int i = 0; i < len; ++i, ++first) row[i] = *first;
  });
}

/// copy_to_iterator() writes a source layout to an output iterator in row-major order.
template <class T, int N, class Out>
void copy_to_iterator(const strided_layout<T, N>& src, Out out) {
  const int len = src.shape[N - 1];
  for_each_outer(src.shape, [&](const int* idx) {
    if constexpr (std::output_iterator<Out, const T&>) {
      out = std::copy_n(src.row(idx), len, out);  // a memmove for pointers to trivially copyable T
    } else {
      const T* row = src.row(idx);
      for (int i = 0; i < len; ++i, ++out) *out = row[i];
    }
  });
}

/// fill_container() is copy(first, dest) once the range is known to hold enough: a
/// contiguous range of the elements themselves goes straight to the destination's home in a
/// device's memory where it has one (host_range_copy.hpp); anything else is copied into the
/// host copy by `fill(layout)`.
template <class It, class Dest, class Fill>
void fill_container(It first, Dest& dest, Fill fill) {
  using element = std::remove_const_t<typename decltype(container_access::layout(dest))::element_type>;
  if constexpr (contiguous_range_of<It, element>) {
    if (const device* home = home_to_fill(dest)) {
      fill_from_range(*home, std::to_address(first), dest);
      return;
    }
  }
  fill(container_access::host_layout(dest, concurrency::access_type_write));
}

/// drain_container() is copy(src, out): into a contiguous range of the elements themselves
/// straight from the source's home in a device's memory where only that holds them
/// (host_range_copy.hpp); otherwise from the host copy, made current.
template <class Src, class Out>
void drain_container(const Src& src, Out out) {
  using element = std::remove_const_t<typename decltype(container_access::layout(src))::element_type>;
  if constexpr (contiguous_output_of<Out, element>) {
    if (const device* home = home_to_read(src)) {
      read_into_range(*home, src, std::to_address(out));
      return;
    }
  }
  copy_to_iterator(container_access::host_layout(src, concurrency::access_type_read), out);
}

/// copy_between() copies container `src` into container `dest`: within a device's memory
/// where the source is current there and the destination lives there, or from one GPU's
/// memory into another's where the source is current on one and the destination lives on
/// the other (copy_on_device()),
/// straight between one side's host copy and the other's home in a device's memory where
/// that is where each is wanted (copy_across()), otherwise on the host, each made current
/// there first; runtime_exception naming both
/// extents, before either is touched, if they differ.
template <class Src, class Dest>
void copy_between(const Src& src, Dest& dest) {
  require_same_extent(concurrency::extent<Src::rank>(src.extent), concurrency::extent<Dest::rank>(dest.extent), "copy");
  if (copy_on_device(src, dest) || copy_across(src, dest)) return;
  copy_layout(container_access::host_layout(src, concurrency::access_type_read),
              container_access::host_layout(dest, concurrency::access_type_write));
}

/// queue_of() is the command queue of the accelerator_view whose memory holds `b`: null for
/// host memory and the CPU engine, whose copies finish before their call returns.
inline command_queue* queue_of(const buffer* b) noexcept { return b != nullptr ? b->owner()->commands.get() : nullptr; }

/// submit_copy() queues `move` (which copies between host copies) on `queue`, once `held`
/// holds the regions it reads and writes; the regions are released when it has run.
template <class Move>
concurrency::completion_future submit_copy(command_queue& queue, std::shared_ptr<held_regions> held, Move move) {
  return queue.submit([held, move] { move(); },
                      [held](const std::shared_ptr<command_failure>& failure) { held->fail(failure); });
}

/// read_host_later() is copy_async() out of a container kept in host memory (neither side of
/// the copy on a device with queues) whose host copy lacks bytes that a device holds: a view
/// that a queued kernel writes, say. Made at once, the copy would wait for that kernel on the
/// caller's thread. Instead `copy` runs on a thread of its own, once the host copy of
/// `region` of `from` is current there (that acquire waits for the kernel), and the bytes are
/// held on the device meanwhile (held_regions::hold_for_host_read()), so that commands
/// submitted later cannot overwrite them first. Empty where the host copy lacks nothing that
/// one device holds: then the copy is made at once. Callers ask only where `from` is not
/// host_only(), so that copies of the CPU engine pay nothing for it.
template <class Copy>
std::optional<concurrency::completion_future> read_host_later(buffer& from, const byte_ranges& region, Copy copy) {
  auto held = std::make_shared<held_regions>();
  if (!held->hold_for_host_read(from, region)) return std::nullopt;
  return run_on_host_thread([held = std::move(held), from = from.shared_from_this(), region, copy]() mutable {
    // Released when this returns or throws, before the future completes.
    const std::shared_ptr<held_regions> holding = std::move(held);
    from->acquire(nullptr, region, concurrency::access_type_read);
    from->report_failure(region);
    copy();
  });
}

/// queue_crossing() makes `planned` (plan_crossing()) on `queue`, its regions taken now and
/// held until it has run, as copy_async_between() queues a copy.
inline concurrency::completion_future queue_crossing(command_queue& queue, crossing planned) {
  auto held = std::make_shared<held_regions>();
  {
    std::lock_guard lock(command_queue::preparation());
    held->take(*planned.from, planned.from_space, std::move(planned.from_region), concurrency::access_type_read,
               &queue);
    held->take(*planned.to, planned.to_space, std::move(planned.to_region), concurrency::access_type_write, &queue);
  }
  return submit_copy(queue, std::move(held),
                     [space = planned.space, pieces = std::move(planned.pieces), into_device = planned.into_device] {
                       copy_range(*space, pieces, into_device);
                     });
}

/// queue_device_copy() is copy_async_between() within devices' memory (`spaces`): the source
/// held for reading where it is current, the destination for writing, now, and the copy
/// queued. Where kernels of other queues still write the source there, or use the
/// destination, the command waits for them when the queue reaches it
/// (held_regions::take_queued()), and so does it for the commands queued so far on `other`,
/// the source's own queue where it is another (a kernel may reach an array through a
/// pointer that no launch finds, array_images.hpp): copy_async() returns at once. A failure
/// of a kernel that wrote the source is the copy's. Empty, with nothing queued, where the
/// regions cannot be held so.
template <class Src, class Dest>
std::optional<concurrency::completion_future> queue_device_copy(command_queue& queue, command_queue* other,
                                                                const copy_spaces& spaces, const Src& src,
                                                                Dest& dest) {
  buffer& from = *container_access::storage(src);
  buffer& to = *container_access::storage(dest);
  byte_ranges from_region = container_access::region(src);
  auto held = std::make_shared<held_regions>();
  std::optional<concurrency::completion_future> before;
  {
    std::lock_guard lock(command_queue::preparation());
    if (!held->take_queued(from, spaces.from, from_region, concurrency::access_type_read, &queue) ||
        !held->take_queued(to, spaces.to, container_access::region(dest), concurrency::access_type_write, &queue))
      return std::nullopt;
    if (other != nullptr) before = other->marker();
  }
  return submit_copy(queue, held,
                     [held, before = std::move(before), from = from.shared_from_this(),
                      from_region = std::move(from_region), spaces, pieces = pieces_for_containers(spaces, src, dest)] {
                       if (before) before->wait();
                       held->wait_for_earlier_uses();
                       from->report_failure(from_region);
                       copy_device_pieces(spaces, pieces);
                     });
}

/// copy_async_between() is copy_between() queued (copy_async() below): the source made
/// current where the copy is made (the host, or the devices copy_on_device() would choose)
/// and held for reading, the destination held for writing there, now; the elements moved
/// when the queue reaches the copy. On the device the copy waits there for the kernels it
/// must follow (queue_device_copy()). Between host memory and a side at home in a device's
/// memory it crosses once (plan_crossing()), held the same way. Otherwise, if the source is
/// on another queue, that queue's work finishes first, on the caller's thread: a kernel may
/// reach an array through a pointer that no launch finds (array_images.hpp).
template <class Src, class Dest>
concurrency::completion_future copy_async_between(const Src& src, Dest& dest) {
  require_same_extent(concurrency::extent<Src::rank>(src.extent), concurrency::extent<Dest::rank>(dest.extent), "copy");
  buffer* from = container_access::storage(src);
  buffer* to = container_access::storage(dest);
  command_queue* queue = queue_of(to) != nullptr ? queue_of(to) : queue_of(from);
  if (queue == nullptr) {
    if (from != nullptr && to != nullptr && !from->host_only()) {
      std::optional<concurrency::completion_future> later = read_host_later(
          *from, container_access::region(src),
          [to = to->shared_from_this(), to_region = container_access::region(dest),
           from_layout = container_access::layout(src), to_layout = container_access::layout(dest)] {
            to->acquire(nullptr, to_region, concurrency::access_type_write);
            to->report_failure(to_region);
            copy_layout(from_layout, to_layout);
          });
      if (later) return *std::move(later);
    }
    copy_between(src, dest);
    return ready_future();
  }
  command_queue* other = queue_of(from) != queue ? queue_of(from) : nullptr;
  const copy_spaces spaces = spaces_for_containers(src, dest);
  if (spaces) {
    if (std::optional<concurrency::completion_future> queued = queue_device_copy(*queue, other, spaces, src, dest))
      return *std::move(queued);
  }
  if (other != nullptr) other->marker().wait();
  if (!spaces) {
    if (std::optional<crossing> planned = plan_crossing(src, dest)) return queue_crossing(*queue, *std::move(planned));
  }
  auto held = std::make_shared<held_regions>();
  {
    std::lock_guard lock(command_queue::preparation());
    held->take(*from, spaces.from, container_access::region(src), concurrency::access_type_read, queue);
    held->take(*to, spaces.to, container_access::region(dest), concurrency::access_type_write, queue);
  }
  if (spaces)
    return submit_copy(*queue, std::move(held), [spaces, pieces = pieces_for_containers(spaces, src, dest)] {
      copy_device_pieces(spaces, pieces);
    });
  return submit_copy(*queue, std::move(held),
                     [from_layout = container_access::layout(src), to_layout = container_access::layout(dest)] {
                       copy_layout(from_layout, to_layout);
                     });
}

/// copy_async_with() runs `move(layout)` over the host copy of one container `c` and a host
/// iterator, queued as copy_async_between() is: `access_type_write` to fill `c`, read to
/// drain it; at once where `c` is on no queue.
template <class C, class Move>
concurrency::completion_future copy_async_with(C& c, concurrency::access_type access, Move move) {
  buffer* storage = container_access::storage(c);
  command_queue* queue = queue_of(storage);
  if (queue == nullptr) {
    if (access == concurrency::access_type_read && storage != nullptr && !storage->host_only()) {
      std::optional<concurrency::completion_future> later =
          read_host_later(*storage, container_access::region(c), [move, layout = container_access::layout(c)] { move(layout); });
      if (later) return *std::move(later);
    }
    move(container_access::host_layout(c, access));
    return ready_future();
  }
  auto held = std::make_shared<held_regions>();
  {
    std::lock_guard lock(command_queue::preparation());
    held->take(*storage, nullptr, container_access::region(c), access, queue);
  }
  return submit_copy(*queue, std::move(held), [move, layout = container_access::layout(c)] { move(layout); });
}

/// queue_range_copy() is fill_from_range() (`into_device`) or read_into_range(), queued as
/// copy_async_between() is on the queue of `c`'s storage, at home in `home`'s memory.
template <class C, class T>
concurrency::completion_future queue_range_copy(C& c, const device& home, T* range, bool into_device) {
  buffer& storage = *container_access::storage(c);
  command_queue* queue = queue_of(&storage);
  const auto access = into_device ? concurrency::access_type_write : concurrency::access_type_read;
  auto held = std::make_shared<held_regions>();
  {
    std::lock_guard lock(command_queue::preparation());
    held->take(storage, &home, container_access::region(c), access, queue);
  }
  std::vector<device_copy> pieces =
      range_pieces(container_access::layout(c), storage.host_data(), storage.base_in(&home), range, into_device);
  const auto move = [&home, pieces = std::move(pieces), into_device] { copy_range(home, pieces, into_device); };
  if (queue == nullptr) {
    storage.report_failure(container_access::region(c));
    move();
    return ready_future();
  }
  return submit_copy(*queue, std::move(held), move);
}

/// fill_container_async() is fill_container() queued: copy_async(first, dest).
template <class It, class Dest, class Fill>
concurrency::completion_future fill_container_async(It first, Dest& dest, Fill fill) {
  using element = std::remove_const_t<typename decltype(container_access::layout(dest))::element_type>;
  if constexpr (contiguous_range_of<It, element>) {
    if (const device* home = home_to_fill(dest)) return queue_range_copy(dest, *home, std::to_address(first), true);
  }
  return copy_async_with(dest, concurrency::access_type_write, fill);
}

/// drain_container_async() is drain_container() queued: copy_async(src, out).
template <class Src, class Out>
concurrency::completion_future drain_container_async(const Src& src, Out out) {
  using element = std::remove_const_t<typename decltype(container_access::layout(src))::element_type>;
  if constexpr (contiguous_output_of<Out, element>) {
    if (const device* home = home_to_read(src)) return queue_range_copy(src, *home, std::to_address(out), false);
  }
  return copy_async_with(src, concurrency::access_type_read,
                         [out](const auto& layout) { copy_to_iterator(layout, out); });
}

}  // namespace ample::detail

namespace Concurrency {

template <class T, int N>
void array_view<T, N>::copy_to(array<element_type, N>& dest) const {
  ample::detail::copy_between(*this, dest);
}
template <class T, int N>
void array_view<T, N>::copy_to(const array_view<element_type, N>& dest) const {
  ample::detail::copy_between(*this, dest);
}

/// copy(src, dest) copies all elements of an array or view into an array or view of the same
/// extent; runtime_exception naming both extents if they differ.
template <class T, int N>
void copy(const array<T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array<T, N>& src, const array_view<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<const T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<const T, N>& src, const array_view<T, N>& dest) {
  src.copy_to(dest);
}
template <class T, int N>
void copy(const array_view<T, N>& src, const array_view<T, N>& dest) {
  src.copy_to(dest);
}

/// copy(first, last, dest) fills an array or view from a host range of exactly its size. It
/// accepts any iterator with `*` and `++`, so that an iterator type outside these overloads
/// never falls through to std::copy, which ADL finds for std::vector's iterators. A
/// contiguous range of the elements themselves (a std::vector's, a pointer pair) goes
/// straight to a destination whose home is a device's memory (an array on a GPU), past its
/// host mirror; so does copy(src, out) the other way, from such a home when the mirror is
/// stale.
template <ample::detail::host_iterator It, class T, int N>
void copy(It first, It last, array<T, N>& dest) {
  ample::detail::check_range_size(first, last, dest.extent);
  ample::detail::fill_container(first, dest,
                                [&](const auto& layout) { ample::detail::copy_from_range(first, last, layout); });
}
template <ample::detail::host_iterator It, class T, int N>
void copy(It first, It last, const array_view<T, N>& dest) {
  ample::detail::check_range_size(first, last, concurrency::extent<N>(dest.extent));
  ample::detail::fill_container(first, dest,
                                [&](const auto& layout) { ample::detail::copy_from_range(first, last, layout); });
}
/// copy(first, dest) fills an array or view from a host iterator, reading dest.extent.size()
/// elements.
template <ample::detail::host_iterator It, class T, int N>
void copy(It first, array<T, N>& dest) {
  ample::detail::fill_container(first, dest,
                                [&](const auto& layout) { ample::detail::copy_from_begin(first, layout); });
}
template <ample::detail::host_iterator It, class T, int N>
void copy(It first, const array_view<T, N>& dest) {
  ample::detail::fill_container(first, dest,
                                [&](const auto& layout) { ample::detail::copy_from_begin(first, layout); });
}

/// copy(src, out) writes all elements of an array or view to an output iterator.
template <class T, int N, class Out>
  requires ample::detail::host_output_iterator<Out, T>
void copy(const array<T, N>& src, Out out) {
  ample::detail::drain_container(src, out);
}
template <class T, int N, class Out>
  requires ample::detail::host_output_iterator<Out, std::remove_const_t<T>>
void copy(const array_view<T, N>& src, Out out) {
  ample::detail::drain_container(src, out);
}

/// copy_async() is copy(), queued on the accelerator_view that holds the destination (or,
/// if only the source is on a device with queues, the source's: REF) and run after the work
/// before it there; the future completes when the elements have moved, and carries the
/// exception of a copy that failed. Where neither side is on such a device (the CPU engine,
/// host memory) the copy is done when copy_async() returns, unless the source's data must
/// first come back from one (a view a queued kernel on REF or a GPU writes): then it is made
/// on a thread of its own once that data is home, and commands submitted after it do not
/// overwrite the data before it is read. There is one copy_async for each
/// copy above, taking the same arguments; like Microsoft's, it throws mismatched extents (and
/// random-access source ranges of the wrong size) at once. The program keeps host ranges and
/// containers alive, and untouched, until the future completes.
template <class T, int N>
completion_future copy_async(const array<T, N>& src, array<T, N>& dest) {
  return ample::detail::copy_async_between(src, dest);
}
template <class T, int N>
completion_future copy_async(const array<T, N>& src, const array_view<T, N>& dest) {
  return ample::detail::copy_async_between(src, dest);
}
template <class T, int N>
completion_future copy_async(const array_view<const T, N>& src, array<T, N>& dest) {
  return ample::detail::copy_async_between(src, dest);
}
template <class T, int N>
completion_future copy_async(const array_view<T, N>& src, array<T, N>& dest) {
  return ample::detail::copy_async_between(src, dest);
}
template <class T, int N>
completion_future copy_async(const array_view<const T, N>& src, const array_view<T, N>& dest) {
  return ample::detail::copy_async_between(src, dest);
}
template <class T, int N>
completion_future copy_async(const array_view<T, N>& src, const array_view<T, N>& dest) {
  return ample::detail::copy_async_between(src, dest);
}
template <ample::detail::host_iterator It, class T, int N>
completion_future copy_async(It first, It last, array<T, N>& dest) {
  ample::detail::check_range_size(first, last, dest.extent);
  return ample::detail::fill_container_async(
      first, dest, [first, last](const auto& layout) { ample::detail::copy_from_range(first, last, layout); });
}
template <ample::detail::host_iterator It, class T, int N>
completion_future copy_async(It first, It last, const array_view<T, N>& dest) {
  ample::detail::check_range_size(first, last, concurrency::extent<N>(dest.extent));
  return ample::detail::fill_container_async(
      first, dest, [first, last](const auto& layout) { ample::detail::copy_from_range(first, last, layout); });
}
template <ample::detail::host_iterator It, class T, int N>
completion_future copy_async(It first, array<T, N>& dest) {
  return ample::detail::fill_container_async(
      first, dest, [first](const auto& layout) { ample::detail::copy_from_begin(first, layout); });
}
template <ample::detail::host_iterator It, class T, int N>
completion_future copy_async(It first, const array_view<T, N>& dest) {
  return ample::detail::fill_container_async(
      first, dest, [first](const auto& layout) { ample::detail::copy_from_begin(first, layout); });
}
template <class T, int N, class Out>
  requires ample::detail::host_output_iterator<Out, T>
completion_future copy_async(const array<T, N>& src, Out out) {
  return ample::detail::drain_container_async(src, out);
}
template <class T, int N, class Out>
  requires ample::detail::host_output_iterator<Out, std::remove_const_t<T>>
completion_future copy_async(const array_view<T, N>& src, Out out) {
  return ample::detail::drain_container_async(src, out);
}

}  // namespace Concurrency
