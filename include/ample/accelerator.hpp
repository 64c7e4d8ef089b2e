// accelerator and accelerator_view (SPEC §3.2, §3.3).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "config.hpp"
#include "completion_future.hpp"
#include "detail/command_queue.hpp"
#include "detail/device.hpp"
#include "detail/view_property.hpp"
#include "exceptions.hpp"

namespace Concurrency {

class accelerator;
class accelerator_view;

}  // namespace Concurrency

namespace ample::detail {

/// accelerator_properties is what an accelerator object says about its device: the properties
/// (values read when the object is made), their get_* forms, create_view() and
/// set_default_cpu_access_type(). It is everything of `accelerator` except the `default_view`
/// property, so that accelerator_view can hold it by value as its `accelerator` property:
/// accelerator holds an accelerator_view (default_view), and two classes cannot hold each other
/// by value, so `av.accelerator.default_view` is computed when read instead (view_property.hpp).
class accelerator_properties {
 public:
  /// create_view() returns a new queue on this accelerator.
  concurrency::accelerator_view create_view(
      concurrency::queuing_mode mode = concurrency::queuing_mode_automatic) const;
  std::wstring get_device_path() const { return device_path; }
  std::wstring get_description() const { return description; }
  unsigned int get_version() const noexcept { return version; }
  bool get_is_debug() const noexcept { return is_debug; }
  bool get_is_emulated() const noexcept { return is_emulated; }
  bool get_has_display() const noexcept { return has_display; }
  bool get_supports_double_precision() const noexcept { return supports_double_precision; }
  bool get_supports_limited_double_precision() const noexcept { return supports_limited_double_precision; }
  bool get_supports_cpu_shared_memory() const noexcept { return supports_cpu_shared_memory; }
  std::size_t get_dedicated_memory() const noexcept { return dedicated_memory; }
  /// get_default_cpu_access_type() is the accelerator's current default CPU access type: what
  /// arrays created on its views with access_type_auto get. Unlike the data member
  /// default_cpu_access_type, it sees changes made through any accelerator object for the device.
  concurrency::access_type get_default_cpu_access_type() const noexcept {
    return dev_->default_cpu_access_type.load();
  }
  /// set_default_cpu_access_type() sets the default CPU access type of this accelerator's device
  /// (shared by every accelerator object for it) for arrays created afterwards with
  /// access_type_auto; access_type_auto hands the choice back to the runtime
  /// (access_type_read_write). As in Microsoft's runtime it succeeds only once per device, and
  /// only while the runtime's default has not been used for an array or for the implicit storage
  /// of an array_view (`array_view<T, N> v(extent)`) on it; otherwise it changes nothing and
  /// returns false. Array_views over host memory allocate nothing on the CPU engine, so
  /// accessing them in kernels does not use the default.
  ///
  ///     accelerator acc;
  ///     acc.set_default_cpu_access_type(access_type_read);     // true, before any array
  ///     array<int, 1> a(16, acc.default_view);                 // a.cpu_access_type == read
  ///     acc.set_default_cpu_access_type(access_type_write);    // false: already overridden
  bool set_default_cpu_access_type(concurrency::access_type type) {
    if (!dev_->default_cpu_access_type.try_override(type)) return false;
    default_cpu_access_type = type;
    return true;
  }

  /// Two accelerator objects are equal when they stand for the same device.
  friend bool operator==(const accelerator_properties& a, const accelerator_properties& b) noexcept {
    return a.dev_ == b.dev_;
  }

  // Microsoft exposes these as properties; here they are values read when the object is made.
  std::wstring device_path;
  std::wstring description;
  unsigned int version;
  bool is_debug;
  bool is_emulated;
  bool has_display;
  bool supports_double_precision;
  bool supports_limited_double_precision;
  bool supports_cpu_shared_memory;
  std::size_t dedicated_memory;  ///< in KB
  /// default_cpu_access_type is a snapshot taken when this object was made (and updated by its
  /// own set_default_cpu_access_type()); a change made through another accelerator object for
  /// the same device does not reach it. get_default_cpu_access_type() reads the current value.
  concurrency::access_type default_cpu_access_type;

 protected:
  explicit accelerator_properties(const ample::detail::device& d)
      : device_path(d.path),
        description(d.description),
        version(d.version),
        is_debug(d.is_debug),
        is_emulated(d.is_emulated),
        has_display(d.has_display),
        supports_double_precision(d.supports_double_precision),
        supports_limited_double_precision(d.supports_limited_double_precision),
        supports_cpu_shared_memory(d.supports_cpu_shared_memory),
        dedicated_memory(d.dedicated_memory_kb),
        default_cpu_access_type(d.default_cpu_access_type.load()),
        dev_(&d) {}

  const ample::detail::device* dev_;
};

/// accelerator_of_view is the type of the `accelerator` property of accelerator_view: the
/// properties of the view's accelerator, read when the view was made, and a conversion to
/// `accelerator` for code that needs the accelerator itself (`accelerator a = av.accelerator;`,
/// passing it to a function that takes an accelerator). Like Microsoft's property it cannot be
/// assigned; `auto a = av.accelerator;` copies it.
class accelerator_of_view : public accelerator_properties {
 public:
  accelerator_of_view(const accelerator_of_view&) = default;
  accelerator_of_view(accelerator_of_view&&) noexcept = default;

  operator concurrency::accelerator() const;  // NOLINT: implicit, as the property's value is an accelerator
  concurrency::accelerator_view get_default_view() const;

  /// default_view is get_default_view(), called each time the property is read; it takes no
  /// space.
  [[no_unique_address]] view_property<accelerator_of_view, &accelerator_of_view::get_default_view> default_view;

 private:
  friend class concurrency::accelerator_view;

  explicit accelerator_of_view(const ample::detail::device& d) : accelerator_properties(d) {}
  accelerator_of_view& operator=(const accelerator_of_view&) = default;
  accelerator_of_view& operator=(accelerator_of_view&&) noexcept = default;
};

}  // namespace ample::detail

namespace Concurrency {

/// accelerator_view is a queue of work on one accelerator. Copies refer to the same queue.
/// Its properties are values read when the view is made; `accelerator` holds the accelerator's
/// properties (`av.accelerator.description`) and converts to an accelerator.
class accelerator_view {
 public:
  accelerator_view(const accelerator_view&) = default;
  accelerator_view(accelerator_view&&) noexcept = default;
  accelerator_view& operator=(const accelerator_view&) = default;
  accelerator_view& operator=(accelerator_view&&) noexcept = default;

  concurrency::accelerator get_accelerator() const;
  bool get_is_debug() const noexcept { return state_->dev->is_debug; }
  unsigned int get_version() const noexcept { return state_->dev->version; }
  concurrency::queuing_mode get_queuing_mode() const noexcept { return state_->mode; }
  bool get_is_auto_selection() const noexcept { return state_->is_auto_selection; }

  /// wait() returns when all work submitted to this view has completed, and throws the
  /// exception of a command among it that failed, if nothing has reported it yet.
  void wait() const;
  /// flush() sends queued work to the device. Ample sends each command when it is submitted
  /// (detail/command_queue.hpp), so nothing is left to send.
  void flush() const noexcept {}
  /// create_marker() returns a future that completes when all work submitted so far has.
  completion_future create_marker() const;

  friend bool operator==(const accelerator_view& a, const accelerator_view& b) noexcept {
    return a.state_ == b.state_;
  }

  ample::detail::accelerator_of_view accelerator;
  bool is_debug;
  unsigned int version;
  concurrency::queuing_mode queuing_mode;
  bool is_auto_selection;

  /// Internal: the view's state, for the runtime.
  const std::shared_ptr<ample::detail::view_state>& state() const noexcept { return state_; }
  explicit accelerator_view(std::shared_ptr<ample::detail::view_state> s)
      : accelerator(*s->dev),
        is_debug(s->dev->is_debug),
        version(s->dev->version),
        queuing_mode(s->mode),
        is_auto_selection(s->is_auto_selection),
        state_(std::move(s)) {}

 private:
  std::shared_ptr<ample::detail::view_state> state_;
};

/// accelerator is a compute device. Ample has each NVIDIA GPU the CUDA driver finds, the
/// multicore CPU engine, the software devices direct3d_warp and direct3d_ref, and
/// cpu_accelerator, which holds host memory and cannot run parallel_for_each. The CPU devices
/// report is_emulated, the part WARP played for Microsoft; GPUs do not. The default is the GPU
/// with the most memory where the program has device code, otherwise the engine
/// (src/accelerator.cpp). Its properties and their get_* forms are those of
/// ample::detail::accelerator_properties, plus default_view.
///
///     accelerator acc;                       // the default: a GPU, or Ample's CPU engine
///     std::wcout << acc.description << L"\n";
///     array<float, 1> a(1024, acc.default_view);
class accelerator : public ample::detail::accelerator_properties {
 public:
  static constexpr wchar_t default_accelerator[] = L"default";
  static constexpr wchar_t cpu_accelerator[] = L"cpu";
  static constexpr wchar_t direct3d_warp[] = L"direct3d\\warp";
  static constexpr wchar_t direct3d_ref[] = L"direct3d\\ref";

  /// accelerator() is the default accelerator (see set_default and CPPAMP_DEFAULT_ACCELERATOR).
  accelerator() : accelerator(ample::detail::default_device()) {}
  /// accelerator(path) opens the device at `path`; runtime_exception if there is none.
  explicit accelerator(const std::wstring& path) : accelerator(lookup(path)) {}

  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all;
    for (const ample::detail::device* d : ample::detail::all_devices()) all.push_back(accelerator(*d));
    return all;
  }
  /// set_default() picks the default accelerator; false once the default has been used or set.
  static bool set_default(const std::wstring& path) { return ample::detail::set_default_device(path); }
  /// get_auto_selection_view() returns the view that lets the runtime choose where a launch
  /// runs: on the view of the data its kernel captures, else on the default view (the same
  /// choice as parallel_for_each without a view). Its accelerator is the default.
  static accelerator_view get_auto_selection_view() {
    return accelerator_view(ample::detail::default_device().auto_selection_view);
  }

  accelerator_view get_default_view() const { return default_view; }

  accelerator_view default_view;

  /// Internal: the accelerator for a device, for the runtime.
  explicit accelerator(const ample::detail::device& d)
      : accelerator_properties(d), default_view(d.default_view) {}

 private:
  static const ample::detail::device& lookup(const std::wstring& path);
};

inline accelerator accelerator_view::get_accelerator() const { return concurrency::accelerator(*state_->dev); }

inline void accelerator_view::wait() const {
  if (state_->commands != nullptr) state_->commands->wait();
}

inline completion_future accelerator_view::create_marker() const {
  return state_->commands != nullptr ? state_->commands->marker() : ample::detail::ready_future();
}

}  // namespace Concurrency

namespace ample::detail {

inline concurrency::accelerator_view accelerator_properties::create_view(concurrency::queuing_mode mode) const {
  return concurrency::accelerator_view(make_view_state(*dev_, mode, false));
}

inline accelerator_of_view::operator concurrency::accelerator() const { return concurrency::accelerator(*dev_); }

inline concurrency::accelerator_view accelerator_of_view::get_default_view() const {
  return concurrency::accelerator_view(dev_->default_view);
}

}  // namespace ample::detail
