// capture_recorder: finds the views a kernel object holds, while a launch copies it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "../config.hpp"
#include "buffer.hpp"
#include "byte_ranges.hpp"
#include "command_queue.hpp"
#include "device.hpp"
#include "held_regions.hpp"

namespace ample::detail {

/// capture_recorder finds every array_view a kernel holds, however deep in captured structs,
/// and makes each current where the kernel runs. A launch that needs it (launch.hpp) copies
/// the kernel object with a recorder active on its thread; each view's copy constructor (and
/// copy assignment) reports itself through record(). Views are found by what they are, never
/// by matching addresses: a capture cannot be mistaken for anything else.
///
/// After the copy, make_current() acquires every recorded region in the launch's memory space
/// (read, or read_write for views of non-const elements: a kernel's views are current only
/// there afterwards) and, for a device with memory of its own, points each copied view at the
/// device's copy of its buffer. The copies hold shares of their buffers, so the buffers live
/// until the launch has finished; on a device with memory of its own, shares of the buffers
/// alone, not of the views' data source, so that the program's last view over a container
/// still writes it back when the program destroys it (waiting for the launch), as in C++ AMP.
/// The regions the launch writes (and, for a queued launch, those it reads) are held in
/// their buffers until the recorder is destroyed, after the kernel has run.
///
/// Arrays are captured by reference, which copies nothing: an array's storage has one copy,
/// which every memory space uses (buffer.hpp), except on a GPU, where place_pointers() finds
/// them through the addresses the kernel's device code reads. find_arrays() finds the arrays
/// in REF's or a GPU's memory that a kernel object reaches, so that launches using one on
/// different queues, or on REF and the CPU engine, keep their order, and a CPU-engine kernel
/// finds a GPU's array current on the host.
class capture_recorder {
 public:
  /// capture is one recorded view: its buffer, the bytes it covers, and how to move its data
  /// pointer from one copy of the buffer to the same place in another.
  struct capture {
    buffer* storage;
    void* view;
    std::size_t view_bytes;  ///< sizeof the view

    byte_ranges (*region)(const void* view);
    void (*rebase)(void* view, buffer& storage, void* to_base);
    bool writes;
  };

  /// active is the recorder of the launch copying a kernel on this thread, if any.
  static inline thread_local capture_recorder* active = nullptr;

  explicit capture_recorder(const device* space) noexcept : space_(space) {}
  capture_recorder(const capture_recorder&) = delete;
  capture_recorder& operator=(const capture_recorder&) = delete;
  /// The recorder outlives the kernel's run in a launch: its end releases the regions the
  /// launch used (held_regions).
  ~capture_recorder() { stop(); }

  /// start() makes this the active recorder, until stop() or make_current(); a launch starts
  /// it in the expression that copies the kernel: `const Kernel copy = (rec.start(), kernel);`.
  void start() noexcept {
    previous_ = active;
    active = this;
    started_ = true;
  }
  void stop() noexcept {
    if (started_) active = previous_;
    started_ = false;
  }

  /// captures() are the views recorded so far.
  const std::vector<capture>& captures() const noexcept { return captures_; }

  /// record() adds a view. noexcept and out of line: array_view's copy constructor calls it,
  /// and kernels copy views, so it must add no unwinding path to them (a failed allocation of
  /// the list ends the program).
  void record(const capture& c) noexcept;

  /// make_current() acquires every recorded view in the launch's memory space and rebases
  /// the copies onto the device's copies of their buffers. `queue`: the launch runs later on
  /// this queue, so what it reads is held too (a later copy must not overwrite it), and
  /// where the data is current there already, it is held without waiting for other queues'
  /// kernels using it: the launch waits for them where it runs (wait_for_earlier_uses()).
  /// Commands prepare one at a time (command_queue::preparation()).
  void make_current(const command_queue* queue = nullptr);
  /// wait_for_earlier_uses() is where a queued launch, before its kernel, waits for the
  /// commands of other queues that make_current() left it to wait for.
  void wait_for_earlier_uses() const {
    held_.wait_for_earlier_uses();
    found_.wait_for_earlier_uses();
  }

  /// place_pointers() accounts for each of `offsets`, the pointers that a kernel's device
  /// code reads from `object`, `object_bytes` long (device_entry.hpp's device_code): one in a
  /// view recorded inside the object is the view's; one pointing into an array kept in the
  /// launch's memory space is recorded, for make_current() to make the array current there
  /// and point the kernel at the array's image (array_images.hpp); a texture's storage is
  /// enlisted as an array's is. It returns the first that is neither, or -1: a host address
  /// that make_current() cannot point at the device (an array or texture elsewhere, a raw
  /// pointer).
  long place_pointers(void* object, std::size_t object_bytes, const std::uint32_t* offsets, std::uint32_t count);
  /// find_arrays() records the arrays and textures kept in a device's memory that `object`,
  /// `bytes` long, reaches by reference (arrays_reached(), array_images.hpp): for a launch on
  /// the CPU engine, those in REF's memory and in a GPU's; for a launch on REF, those in REF's.
  /// make_current() holds them whole where the launch runs, as written: whether the kernel
  /// writes one is not known. It returns whether the object also reaches an array that a
  /// launch on REF cannot hold, in host memory or a GPU's (launch.cpp runs such a kernel over
  /// host memory instead).
  /// Found by address, one may be no reference of the kernel's: a failure of the launch goes
  /// to the buffers it records otherwise, and the queue, not to these.
  bool find_arrays(const void* object, std::size_t bytes);
  /// fail() hands a failed launch's exception to every buffer it used, for their next
  /// synchronize() or copy() to report (not to the arrays only find_arrays() found).
  void fail(const std::shared_ptr<command_failure>& failure) const { held_.fail(failure); }

 private:
  const device* space_;
  capture_recorder* previous_ = nullptr;
  bool started_ = false;
  /// array_capture is an array a kernel reaches by reference: where the kernel object holds
  /// its address, and what goes there.
  struct array_capture {
    void* pointer;
    std::shared_ptr<buffer> storage;
    void* image_address;
  };

  std::vector<capture> captures_;
  std::vector<array_capture> arrays_;
  /// arrays_in_place_: the storage of arrays reached by reference (find_arrays()).
  std::vector<std::shared_ptr<buffer>> arrays_in_place_;
  held_regions held_;
  /// found_ holds the arrays that only find_arrays() found (make_current()).
  held_regions found_;
};

}  // namespace ample::detail
