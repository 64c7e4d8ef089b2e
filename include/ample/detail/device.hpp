// device and view_state: what accelerator and accelerator_view refer to.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace concurrency {

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

}  // namespace concurrency

namespace ample::detail {

/// backend_id names the engine that runs kernels on a device.
enum class backend_id {
  host,  ///< cpu_accelerator: host memory only; it runs no kernels, as in Microsoft's C++ AMP
  cpu,   ///< the multicore CPU engine (backend/cpu)
};

struct view_state;

/// cpu_access_setting is a device's default CPU access type. Devices are shared and const, yet
/// accelerator::set_default_cpu_access_type() may change this one setting at any time while
/// other threads create arrays, so it is a mutable atomic. It copies by value, so that the
/// registry can derive one device description from another, and converts from access_type, so
/// that designated initializers can give it a starting value.
class cpu_access_setting {
 public:
  cpu_access_setting() noexcept : value_(concurrency::access_type_read_write) {}
  cpu_access_setting(concurrency::access_type t) noexcept : value_(t) {}  // NOLINT: implicit on purpose
  cpu_access_setting(const cpu_access_setting& other) noexcept : value_(other.load()) {}
  cpu_access_setting& operator=(const cpu_access_setting& other) noexcept {
    store(other.load());
    return *this;
  }

  concurrency::access_type load() const noexcept {
    return static_cast<concurrency::access_type>(value_.load(std::memory_order_relaxed));
  }
  void store(concurrency::access_type t) const noexcept { value_.store(t, std::memory_order_relaxed); }

 private:
  mutable std::atomic<int> value_;
};

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
  /// accelerator::set_default_cpu_access_type() changes it.
  cpu_access_setting default_cpu_access_type;
  std::shared_ptr<view_state> default_view;
  bool runs_serially;  ///< one work-item chunk after another on the launching thread (REF)
};

/// view_state is one accelerator_view: a queue of work on a device. Work on the CPU engine
/// completes before parallel_for_each returns, so the queue itself holds nothing yet.
struct view_state {
  const device* dev;
  concurrency::queuing_mode mode;
  bool is_auto_selection;
};

/// find_device() returns the device at `path` (L"default" resolves the default) or nullptr.
const device* find_device(const std::wstring& path);
/// default_device() returns the default accelerator, fixing the choice on first use.
const device& default_device();
/// set_default_device() chooses the default; false if it was already fixed or is unknown.
bool set_default_device(const std::wstring& path);
/// all_devices() lists every device, default engine first.
std::vector<const device*> all_devices();

}  // namespace ample::detail
