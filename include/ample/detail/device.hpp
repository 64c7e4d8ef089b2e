// device and view_state: what accelerator and accelerator_view refer to.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "../config.hpp"
#include "memory_ops.hpp"

namespace Concurrency {

/// access_type says how the host intends to touch memory (SPEC §4.7); it behaves as bit flags.
enum access_type {
  access_type_none = 0,
  access_type_read = 1,
  access_type_write = 2,
  access_type_read_write = access_type_read | access_type_write,
  access_type_auto = 4,
};

/// queuing_mode says when commands submitted to an accelerator_view are sent to the device.
enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

}  // namespace Concurrency

namespace ample::detail {

/// backend_id names the engine that runs kernels on a device.
enum class backend_id {
  host,  ///< cpu_accelerator: host memory only; it runs no kernels, as in Microsoft's C++ AMP
  cpu,   ///< the multicore CPU engine (backend/cpu)
  cuda,  ///< an NVIDIA GPU, through the CUDA driver (src/backend/cuda)
};

namespace cuda {
struct gpu;
}  // namespace cuda

struct view_state;

/// cpu_access_setting is a device's default CPU access type, and whether it may still change.
/// Microsoft's accelerator::set_default_cpu_access_type() succeeds once per accelerator, and
/// only while the runtime's own choice has not yet been used for an allocation on it; after
/// either event the setting is fixed.
///
/// Devices are shared and const, yet the setting changes while other threads create arrays, so
/// it is a mutable atomic. The type and the "fixed" flag share one atomic word, so that "use the
/// default" and "override it if still free" cannot interleave: whichever comes first in the
/// word's modification order wins, and relaxed order suffices because no other memory is
/// published through the word. It copies by value, so that the registry can derive one device
/// description from another, and converts from access_type, so that designated initializers can
/// give it a starting value.
class cpu_access_setting {
 public:
  cpu_access_setting() noexcept : state_(concurrency::access_type_read_write) {}
  cpu_access_setting(concurrency::access_type t) noexcept : state_(t) {}  // NOLINT: implicit on purpose
  cpu_access_setting(const cpu_access_setting& other) noexcept : state_(other.state_.load(std::memory_order_relaxed)) {}
  cpu_access_setting& operator=(const cpu_access_setting& other) noexcept {
    state_.store(other.state_.load(std::memory_order_relaxed), std::memory_order_relaxed);
    return *this;
  }

  /// load() is the current default; reading it fixes nothing.
  concurrency::access_type load() const noexcept { return type_of(state_.load(std::memory_order_relaxed)); }
  /// use() is the default for an allocation that asked for access_type_auto; from now on the
  /// default can no longer be overridden.
  concurrency::access_type use() const noexcept {
    return type_of(state_.fetch_or(fixed_bit, std::memory_order_relaxed));
  }
  /// try_override() replaces the default and fixes it, unless it is fixed already (overridden
  /// before, or used); true if it replaced it.
  bool try_override(concurrency::access_type t) const noexcept {
    int expected = state_.load(std::memory_order_relaxed);
    while ((expected & fixed_bit) == 0)
      if (state_.compare_exchange_weak(expected, t | fixed_bit, std::memory_order_relaxed)) return true;
    return false;
  }

 private:
  static constexpr int fixed_bit = 0x100;  // above every access_type value
  static concurrency::access_type type_of(int state) noexcept {
    return static_cast<concurrency::access_type>(state & ~fixed_bit);
  }

  mutable std::atomic<int> state_;
};

/// transfer_counters count the copies between a device's own memory and other memory spaces
/// (buffer.hpp): how many copies, and how many bytes, in each direction; and the copies
/// between containers made within that memory (copy_on_device()). Devices are const and
/// shared, so the counters are mutable atomics; relaxed, as they order nothing. They copy by
/// value, so that the registry can derive one device description from another.
class transfer_counters {
 public:
  struct totals {
    std::uint64_t copies_in = 0, bytes_in = 0;    ///< into the device's memory
    std::uint64_t copies_out = 0, bytes_out = 0;  ///< out of it
    std::uint64_t copies_within = 0, bytes_within = 0;  ///< from one place in it to another
  };

  transfer_counters() noexcept = default;
  transfer_counters(const transfer_counters&) noexcept {}
  transfer_counters& operator=(const transfer_counters&) noexcept { return *this; }

  void count_in(std::size_t bytes) const noexcept { add(copies_in_, bytes_in_, bytes); }
  void count_out(std::size_t bytes) const noexcept { add(copies_out_, bytes_out_, bytes); }
  void count_within(std::size_t bytes) const noexcept { add(copies_within_, bytes_within_, bytes); }
  totals load() const noexcept {
    return {copies_in_.load(std::memory_order_relaxed),     bytes_in_.load(std::memory_order_relaxed),
            copies_out_.load(std::memory_order_relaxed),    bytes_out_.load(std::memory_order_relaxed),
            copies_within_.load(std::memory_order_relaxed), bytes_within_.load(std::memory_order_relaxed)};
  }

 private:
  static void add(std::atomic<std::uint64_t>& copies, std::atomic<std::uint64_t>& total, std::size_t bytes) noexcept {
    copies.fetch_add(1, std::memory_order_relaxed);
    total.fetch_add(bytes, std::memory_order_relaxed);
  }
  mutable std::atomic<std::uint64_t> copies_in_{0}, bytes_in_{0}, copies_out_{0}, bytes_out_{0}, copies_within_{0},
      bytes_within_{0};
};

/// pending_commands counts the commands queued on a device's accelerator_views and not yet
/// finished (command_queue.hpp). Host access to the device's arrays and textures waits until
/// none is left: kernels reach those by reference, and though launches find the references
/// in their kernel objects (array_images.hpp), a kernel may hold a pointer that no launch
/// finds, so any queued kernel may be using them. Mutable and copied as a zero count, as transfer_counters.
class pending_commands {
 public:
  pending_commands() noexcept = default;
  pending_commands(const pending_commands&) noexcept {}
  pending_commands& operator=(const pending_commands&) noexcept { return *this; }

  void add() const noexcept { count_.fetch_add(1, std::memory_order_relaxed); }
  void remove() const {
    {
      std::lock_guard lock(mutex_);
      count_.fetch_sub(1, std::memory_order_release);
    }
    none_left_.notify_all();
  }
  /// wait_none() returns once no command is pending; at once (one load) if none is.
  void wait_none() const {
    if (count_.load(std::memory_order_acquire) != 0) wait_for_the_last();
  }

 private:
  /// wait_for_the_last() polls, then sleeps, until the count is 0 (command_queue.cpp).
  void wait_for_the_last() const;

  mutable std::atomic<long> count_{0};
  mutable std::mutex mutex_;
  mutable std::condition_variable none_left_;
};

class command_queue;

/// device describes one accelerator. Devices are created once and live for the whole process,
/// so accelerator and accelerator_view hold plain pointers to them.
struct device {
  std::wstring path;
  std::wstring description;
  backend_id backend;
  unsigned int version;  ///< major << 16 | minor
  bool is_debug;
  bool is_emulated;
  bool has_display;
  bool supports_double_precision;
  bool supports_limited_double_precision;
  bool supports_cpu_shared_memory;
  std::size_t dedicated_memory_kb;
  /// default_cpu_access_type is what arrays created with access_type_auto on this device get;
  /// accelerator::set_default_cpu_access_type() may change it once, before it is first used.
  cpu_access_setting default_cpu_access_type;
  std::shared_ptr<view_state> default_view;
  /// auto_selection_view is accelerator::get_auto_selection_view() of this device when it is
  /// the default, and where parallel_for_each without a view launches: a launch on it runs on
  /// the view C++ AMP's automatic selection picks (launch.cpp's selected_view()).
  std::shared_ptr<view_state> auto_selection_view;
  bool runs_serially;  ///< one work-item chunk after another on one thread (REF: its view's queue)
  /// has_own_memory: kernels reach only the device's own copies of data, which every launch,
  /// synchronize() and copy() moves explicitly (REF, as Microsoft's was); otherwise they
  /// address host memory in place (the CPU engine, zero-copy).
  bool has_own_memory;
  /// memory: how the runtime allocates and copies in the device's own memory (null without).
  const memory_ops* memory;
  /// gpu: the GPU behind a backend_id::cuda device (null for the others).
  const cuda::gpu* gpu;
  transfer_counters transfers;
  pending_commands pending;
};

/// view_state is one accelerator_view: a queue of work on a device. On a device with memory
/// of its own, `commands` runs the view's launches and copies after they return
/// (command_queue.hpp); elsewhere (the CPU engine) each completes before its call returns and
/// `commands` is null.
struct view_state {
  const device* dev;
  concurrency::queuing_mode mode;
  bool is_auto_selection;
  std::shared_ptr<command_queue> commands;
};

/// make_view_state() is a new accelerator_view's state, with a queue where the device needs one.
std::shared_ptr<view_state> make_view_state(const device& d, concurrency::queuing_mode mode, bool is_auto_selection);

/// find_device() returns the device at `path` (L"default" resolves the default) or nullptr.
const device* find_device(const std::wstring& path);
/// default_device() returns the default accelerator, fixing the choice on first use.
const device& default_device();
/// set_default_device() chooses the default; false if it was already fixed or is unknown.
bool set_default_device(const std::wstring& path);
/// wait_for_queued_commands() returns when no device has a command queued. The engine's
/// settings wait for it, so that a launch runs with the settings it was submitted under.
void wait_for_queued_commands();
/// all_devices() lists every device in Microsoft's order: hardware first (the GPUs, then the
/// multicore engine), then WARP, REF and cpu.
std::vector<const device*> all_devices();

}  // namespace ample::detail
