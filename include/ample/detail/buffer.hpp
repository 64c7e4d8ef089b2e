// buffer: one data source, with a copy in each memory space that uses it.
#pragma once

#include <sys/sysinfo.h>

#include <climits>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <atomic>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"
#include "bitwise_copyable.hpp"
#include "byte_ranges.hpp"
#include "command_queue.hpp"
#include "device.hpp"

namespace ample::detail {

/// buffer is one data source: the storage of an array, of an array_view made from an extent
/// alone, or the host memory an array_view was made over (a container, a pointer). Arrays
/// and views share it by shared_ptr, so views keep it alive.
///
/// Copies and coherence (docs/design/data-model.md). The buffer's bytes can have a copy in
/// each memory space: the host's (shared by the CPU engine's devices and the cpu_accelerator)
/// and each device with memory of its own (REF). copies_[0] is the home, where the data
/// source lives: the host for a view over host memory, the array's device for an array.
/// Every buffer also has a host copy, at a fixed address for its whole life (the home, or a
/// mirror of it), because host-side views point into it. Each copy knows which bytes it holds
/// current (`valid`); bytes current nowhere were discarded.
///
/// An array's storage has one copy, its home, which every memory space uses (one_copy()).
/// Kernels reach an array through a reference, which no capture records (capture_recorder.hpp),
/// so no launch could tell which arrays to move; REF's memory is host memory, so its arrays
/// serve the host and the CPU engine in place, and launches find them in their kernel
/// objects only to keep their order (array_images.hpp). A GPU cannot read host memory: an
/// array there is kept like a view's storage, at home in the GPU's memory with a host mirror,
/// and its launches find it through the device-code pass's list of the pointers a kernel
/// reads (array_images.hpp).
///   - acquire(space, region, access) makes `region` current in `space` before reading it
///     there (copying only what is stale) and, for writes, makes every other copy of it stale;
///   - views are current where the C++ AMP rules say so: at host access, synchronize(),
///     refresh(), discard_data(), copy() and kernel launches (capture_recorder.hpp);
///   - a buffer over memory it does not own writes stale bytes back home when the last view
///     over it goes away.
/// host_only() says that the home is host memory and no other copy exists or was discarded:
/// then host access needs nothing and a launch on a CPU-engine device needs nothing, the
/// zero-copy case that every buffer stays in on a machine whose kernels all run on the CPU
/// engine. An array on REF is never host_only(): host access to it waits for REF's queues.
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
class buffer : public std::enable_shared_from_this<buffer> {
 public:
  static constexpr std::size_t alignment = 64;

  /// allocate() returns `bytes` bytes owned by `owner`, in its device's memory; out_of_memory
  /// naming the size if the machine has too little memory (RAM plus swap) or the allocator
  /// none to give. `by_reference`: an array's storage, kept in one copy (see above); otherwise
  /// a view's, with a host mirror where the device has memory of its own.
  static std::shared_ptr<buffer> allocate(std::shared_ptr<view_state> owner, std::size_t bytes,
                                          bool by_reference = true);

  /// allocate() returns storage for every element of extent `e`, each `element_size` bytes.
  /// Unlike `e.size() * element_size`, it sees an element count that does not fit in
  /// extent::size()'s unsigned int, or a byte count that does not fit in size_t, and raises
  /// out_of_memory naming the extent instead of allocating a wrapped, too small, size.
  template <int N>
  static std::shared_ptr<buffer> allocate(std::shared_ptr<view_state> owner, const concurrency::extent<N>& e,
                                          std::size_t element_size, bool by_reference = true) {
    std::uint64_t elements = 1;
    bool too_many = false;
    int dims[N];
    for (int d = 0; d < N; ++d) {
      dims[d] = e[d];
      // Negative dimensions are the caller's error to report; here they count as empty.
      const std::uint64_t n = e[d] > 0 ? static_cast<std::uint64_t>(e[d]) : 0;
      if (!too_many && __builtin_mul_overflow(elements, n, &elements)) too_many = true;
    }
    if (!too_many && elements == 0) return allocate(std::move(owner), 0, by_reference);
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
    return allocate(std::move(owner), bytes, by_reference);
  }

  /// wrap() is the buffer of host memory that the caller owns (an array_view's container),
  /// shared by every view made over the same memory, so that they see each other's writes
  /// wherever those are current. It returns the share of one construction's views: when the
  /// last of them goes, what is current only elsewhere is written home (src/data/buffer.cpp).
  static std::shared_ptr<buffer> wrap(void* host, std::size_t bytes);

  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;
  ~buffer();

  /// construct_elements<T>() gives the buffer's T elements a lifetime where a T is not a plain
  /// bundle of bytes (a user-written copy constructor or destructor, as in ray tracers' sphere
  /// structs, which Microsoft's array accepts): each is value-initialised now and destroyed
  /// before the memory is freed, and containers copy them element by element. Other elements
  /// stay uninitialised, as C++ AMP allows, and are copied as bytes. Between memory spaces
  /// every element moves as bytes, as a GPU's copies would move it. The elements are made,
  /// and destroyed, in the host copy, the only one the host's constructors can reach (a view's
  /// home on a GPU is the GPU's memory), which becomes the current copy.
  template <class T>
  void construct_elements() {
    if constexpr (!is_bitwise_copyable_v<T>) {
      if (host_ != home_) acquire(nullptr, byte_ranges(0, bytes_), concurrency::access_type_read_write);
      std::uninitialized_value_construct_n(static_cast<T*>(host_data()), bytes_ / sizeof(T));
      destroy_elements_ = [](void* data, std::size_t bytes) {
        std::destroy_n(static_cast<T*>(data), bytes / sizeof(T));
      };
    }
  }

  /// data() is the home copy: where an array's elements live, and what kernels on the home
  /// device reach through an array captured by reference.
  void* data() const noexcept { return home_; }
  /// one_copy() is whether this is an array's storage kept in one copy that every memory
  /// space uses (see above).
  bool one_copy() const noexcept { return by_reference_; }
  /// host_access() makes an array's host copy current for `access` by the host: for one copy,
  /// once the kernels queued on its device, any of which may reach it, have run.
  void host_access(concurrency::access_type access) {
    if (by_reference_) wait_for_device();
    else acquire(nullptr, byte_ranges(0, bytes_), access);
  }
  /// host_data() is the host copy, where host-side views point: the home, or its mirror.
  void* host_data() const noexcept { return host_; }
  std::size_t bytes() const noexcept { return bytes_; }
  const std::shared_ptr<view_state>& owner() const noexcept { return owner_; }
  /// has_data_source() is false for the storage of an array_view made from an extent alone:
  /// such a view has no data source, and no source_accelerator_view (SPEC §5.2).
  bool has_data_source() const noexcept { return has_data_source_; }
  void drop_data_source() noexcept { has_data_source_ = false; }

  /// host_only() is true while no copy but the host's holds data and nothing is discarded:
  /// host access and CPU-engine launches then have nothing to do. Acquire, paired with the
  /// release in update_host_only(): the thread whose acquire() made the buffer host_only may
  /// have copied home bytes of a section another thread views (views over disjoint sections
  /// of one vector share a buffer), and that thread, skipping acquire() on the flag alone,
  /// must still see those bytes. On x86 both are plain moves.
  bool host_only() const noexcept { return host_only_.load(std::memory_order_acquire); }

  /// acquire() makes `region` current in `space` for `access` (see the class comment):
  /// access_type_read copies in what is stale there; access_type_write makes the other copies
  /// stale without copying in (the caller overwrites all of `region`); read_write does both.
  ///
  /// It first waits for the commands using the same bytes (the `use`s held below) that it
  /// must not overtake: those writing bytes it copies out, those using bytes it copies over,
  /// and, in the same memory, those writing what it touches or using what it writes — except
  /// commands of `queue`, the acquirer's own queue, which runs them in order anyway. Host
  /// access to an array on a device with queues (`queue` null) also waits for those queues
  /// to empty (wait_for_device()).
  ///
  /// `hold`: a launch or copy is about to use `region` in `space` (writing it if `access`
  /// writes); the use is held from this acquire, under the same lock so that nothing slips in
  /// between, until release(). Every holder is a command that, once its data is current,
  /// runs to its end without waiting for anything but commands prepared before it
  /// (command_queue.hpp), so waiting for it ends. The number returned names the use for
  /// release() (0 where nothing is held).
  std::uint64_t acquire(const device* space, const byte_ranges& region, concurrency::access_type access,
                        bool hold = false, const command_queue* queue = nullptr);
  /// hold_queued() is acquire(space, region, access, true, queue) for a command of `queue` that
  /// waits, where it runs, for the commands of other queues using the same bytes
  /// (wait_for_earlier_uses()), so that its submitter need not: a copy_async() from data that
  /// another queue's kernel writes (copy.hpp). It holds the use at once and returns its
  /// number, and whether any use held before it is one to wait for; a number of 0, with
  /// nothing done, where acquire() would copy bytes into `space` (a copy that would itself
  /// have to wait) or wait for a use of no queue (a host thread's, which may wait for this
  /// use in turn).
  struct queued_hold {
    std::uint64_t id;
    bool waits;
  };
  queued_hold hold_queued(const device* space, const byte_ranges& region, concurrency::access_type access,
                          const command_queue* queue);
  /// wait_for_earlier_uses() returns once no use held before use `id` of hold_queued() (the
  /// same arguments) is one that acquire() would have waited for. Uses held after it that
  /// contend with it waited for it, or wait for it here: none of them can hold it up.
  void wait_for_earlier_uses(const device* space, const byte_ranges& region, concurrency::access_type access,
                             const command_queue* queue, std::uint64_t id);
  /// hold_for_host_read() is for a host read of `region` made later, on another thread
  /// (copy_async() out of a view, copy.hpp). Where the bytes of `region` that the host copy
  /// lacks are all current in one device's copy (queued commands may still be writing them
  /// there), it holds them there for reading, as acquire()'s `hold` would, but copies nothing
  /// and waits for nothing; it returns the use's number and them, for release() once read.
  /// Commands submitted later that would overwrite them there wait for that release, so the
  /// read, whose acquire() waits for the writers before it, finds the bytes as they were when
  /// submitted. Nothing is held, and an empty region returned, where the host copy lacks
  /// nothing or the bytes it lacks are spread over several devices (the read can be made at
  /// once), and for an array's one copy.
  std::pair<std::uint64_t, byte_ranges> hold_for_host_read(const byte_ranges& region);
  /// device_holding() is a device whose own memory holds every byte of `region` current (for
  /// an array kept in one copy, the device whose memory that copy is in), nullptr where none
  /// does. current_in() is whether `space` does. Both describe the moment of the call: an
  /// acquire() after them copies in whatever went stale meanwhile.
  const device* device_holding(const byte_ranges& region);
  bool current_in(const device* space, const byte_ranges& region);
  /// release() ends use `id`, held by acquire(), hold_queued() or hold_for_host_read().
  void release(std::uint64_t id);
  /// discard() says that `region` need not be kept: the next acquire anywhere copies none of it.
  void discard(const byte_ranges& region);
  /// wait_for_device() returns when no command is queued on the home device (at once for
  /// host memory, and on a queue's own thread). Host access to an array or texture calls it:
  /// kernels reach those by reference, so no launch records which ones a kernel uses.
  void wait_for_device() const {
    if (home_space_ != nullptr && !command_queue::on_queue_thread()) home_space_->pending.wait_none();
  }

  /// fail() records the failure of a command that used `region` of this buffer;
  /// report_failure() rethrows it, once, at the next synchronize() or copy() of a view over
  /// any of that region (views over other parts of the buffer have nothing to report).
  void fail(const std::shared_ptr<command_failure>& failure, const byte_ranges& region);
  void report_failure(const byte_ranges& region);
  /// base_in() is the address of this buffer's copy in `space` (allocated on first use).
  void* base_in(const device* space);
  /// home_space() is the memory space of the home copy (nullptr: host memory).
  const device* home_space() const noexcept { return home_space_; }

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
  struct copy {
    const device* space;  ///< nullptr: host memory
    void* base;
    bool owned;           ///< freed with the buffer (not a caller's container)
    byte_ranges valid;    ///< the bytes this copy holds current
  };

  buffer(std::shared_ptr<view_state> owner, std::size_t bytes, bool by_reference);
  /// find_copy() is the copy in `space`, null if there is none yet.
  copy* find_copy(const device* space);
  /// copy_in() is the copy in `space`, allocated if there is none yet: zeroed, unless `filled`
  /// says that every byte of it is about to be copied in.
  copy& copy_in(const device* space, bool filled = false);
  /// fills_a_new_copy() is whether acquire(region, access) copies every byte of a copy made
  /// for it: a read of the whole buffer, none of it discarded.
  bool fills_a_new_copy(const byte_ranges& region, concurrency::access_type access) const;
  /// use is a region held by a command (acquire()'s `hold`).
  struct use {
    const device* space;  ///< where the command uses it (the home, for an array's one copy)
    byte_ranges region;
    bool writes;
    const command_queue* queue;  ///< nullptr: a launch that runs before its call returns
    std::uint64_t id;            ///< in the order held, which uses_ keeps
  };

  void update_host_only();
  void move_bytes(copy& to, const copy& from, const byte_ranges& region);
  /// must_wait() is whether acquire(space, region, access) by `queue` must wait for a use
  /// (see acquire()); called with mutex_ held.
  bool must_wait(const device* space, const byte_ranges& region, concurrency::access_type access,
                 const command_queue* queue);
  /// contends() is whether use `u` and a use of `region` in `memory` by `queue` (writing it
  /// if `writes`) may not run at once: one of them writes bytes the other uses there, and
  /// they are on different queues (or one is on none).
  static bool contends(const use& u, const device* memory, const byte_ranges& region, bool writes,
                       const command_queue* queue);
  /// copied_in() is what acquire(space, region, access) would copy into `space`; under mutex_.
  byte_ranges copied_in(const device* space, const byte_ranges& region, concurrency::access_type access);
  /// take() is acquire() once nothing holds it up, under mutex_.
  std::uint64_t take(const device* space, const byte_ranges& region, concurrency::access_type access, bool hold,
                     const command_queue* queue);
  /// wait_for_release() returns, with `lock` (on mutex_) held again, after a use has ended.
  void wait_for_release(std::unique_lock<std::mutex>& lock);
  /// same_memory() is `space` as the buffer's copies see it: an array's one copy serves all.
  const device* same_memory(const device* space) const noexcept { return by_reference_ ? home_space_ : space; }

  std::shared_ptr<view_state> owner_;
  void* home_ = nullptr;
  void* host_ = nullptr;
  /// copies_[0].space, kept apart: copies_ grows under the lock, home_space() reads without.
  const device* home_space_ = nullptr;
  std::size_t bytes_;
  bool has_data_source_ = true;
  bool by_reference_;
  std::atomic<bool> host_only_{true};
  bool counted_ = false;  ///< counted in buffers_beyond_host
  void (*destroy_elements_)(void* data, std::size_t bytes) = nullptr;  ///< set by construct_elements()
  std::mutex mutex_;       ///< guards copies_, discarded_, uses_ and failures_
  std::condition_variable released_;  ///< notified when a use ends
  /// releases_ counts the uses ended, changed under mutex_: a waiter polls it without.
  std::atomic<std::uint64_t> releases_{0};
  std::vector<copy> copies_;
  byte_ranges discarded_;
  std::vector<use> uses_;
  std::uint64_t last_use_id_ = 0;
  std::vector<std::pair<std::shared_ptr<command_failure>, byte_ranges>> failures_;  ///< not reported yet
};

/// buffers_beyond_host counts the buffers that are not host_only(). While it is 0, a launch on
/// a CPU-engine device needs no coherence work at all (launch.hpp). Acquire and release for
/// the reason given at host_only().
inline std::atomic<long> buffers_beyond_host{0};

/// memory_space() is where a device's kernels find their data: nullptr for host memory.
inline const device* memory_space(const device& d) noexcept { return d.has_own_memory ? &d : nullptr; }

/// array_space() is where storage kept in one copy on device `d` lives: the device's memory
/// where its kernels reach arrays there by reference (REF's, which is host memory); host
/// memory on a GPU, for the arrays and textures of a program without device code (with
/// device code they are kept in the GPU's memory instead: array_images.hpp).
inline const device* array_space(const device& d) noexcept {
  return d.backend == backend_id::cuda ? nullptr : memory_space(d);
}

/// view_shape is a view's layout in a buffer, copied out of the view for host_view_access():
/// a kernel's temporary views (projections, sections) stay registers only if nothing takes
/// their address, and the compiler counts a call that is never made as taking it.
struct view_shape {
  static constexpr int max_rank = 8;
  const void* data;
  std::size_t element_size;
  int rank;
  int extent[max_rank];
  std::ptrdiff_t stride[max_rank];  ///< in elements; the innermost is 1

  /// region() is what the view covers of a buffer whose bytes start at `base`.
  byte_ranges region(const void* base) const;
};

/// host_view_access() makes the host copy of a view current for host access and returns
/// `data`, at once for a host_only() buffer. `writes`: the host may write it.
///
/// Declared pure, which it is not: it copies into the host copy and updates the buffer's
/// state. It is called only where a view's element is reached on the host
/// (array_view::host_ready()), and the attribute is what lets kernels vectorise: their loops
/// hold the same call behind `!in_kernel`, and a call that may write memory would keep the
/// compiler from hoisting anything out of them. What the compiler may assume from it is
/// true for every valid program: it writes only bytes that were stale in the host copy, which
/// no host code could have read since they became stale without synchronizing (a direct
/// read of a view's container without synchronize() is undefined in C++ AMP), and the state
/// it updates is read only by calls the compiler cannot see into.
[[gnu::pure]] void* host_view_access(buffer& b, const view_shape& shape, bool writes, void* data) noexcept;
/// host_view_access() for a view of more than view_shape::max_rank dimensions: `region(view)`
/// is what the view covers.
[[gnu::pure]] void* host_view_access(buffer& b, const void* view, byte_ranges (*region)(const void*), bool writes,
                                     void* data) noexcept;

}  // namespace ample::detail
