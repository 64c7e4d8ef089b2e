// Direct3D interop of concurrency::direct3d (Microsoft's <amp.h>): present so that code written
// for Windows compiles, and throwing unsupported_feature when called, because Linux has no
// Direct3D device, buffer or device lock to hand over.
//
// Example: code that probes for interop at run time keeps working.
//
//     try {
//       IUnknown* device = concurrency::direct3d::get_device(view);
//       ...
//     } catch (const concurrency::unsupported_feature& e) {
//       // e.what(): "concurrency::direct3d::get_device: Direct3D interop is not available ..."
//     }
#pragma once

#include <string>

#include "../config.hpp"
#include "../accelerator.hpp"
#include "../array.hpp"
#include "../exceptions.hpp"
#include "../extent.hpp"

namespace Concurrency::direct3d {

/// IUnknown stands for the COM interface through which Windows passes Direct3D objects.
/// It is declared, never defined, and only inside concurrency::direct3d: a global ::IUnknown
/// could collide with a COM emulation header (Wine, DXVK) that a program also includes. Callers
/// can only pass a null pointer or one they obtained elsewhere; Ample never dereferences it.
struct IUnknown;

/// adopt_d3d_access_lock_t tags the scoped_d3d_access_lock constructor that adopts a lock
/// already taken with d3d_access_lock().
struct adopt_d3d_access_lock_t {};

}  // namespace Concurrency::direct3d

namespace ample::detail {

/// throw_no_direct3d() reports that the interop function `function` cannot work on Ample; the
/// message names it in `space`, the namespace Microsoft declares it in.
[[noreturn]] inline void throw_no_direct3d(const char* function, const char* space = "concurrency::direct3d::") {
  AMPLE_THROW(concurrency::unsupported_feature,
              std::string(space) + function + ": Direct3D interop is not available on Ample (Linux has no Direct3D)");
}

}  // namespace ample::detail

namespace Concurrency::direct3d {

/// get_device() would return the Direct3D device behind `view`; always throws
/// unsupported_feature.
[[noreturn]] inline IUnknown* get_device(const accelerator_view& view) {
  static_cast<void>(view);
  ample::detail::throw_no_direct3d("get_device");
}

/// create_accelerator_view() would wrap a Direct3D device in an accelerator_view; always throws
/// unsupported_feature.
[[noreturn]] inline accelerator_view create_accelerator_view(
    IUnknown* d3d_device, queuing_mode mode = queuing_mode_automatic) {
  static_cast<void>(d3d_device);
  static_cast<void>(mode);
  ample::detail::throw_no_direct3d("create_accelerator_view");
}

/// create_accelerator_view() would create a view whose Direct3D device has the GPU timeout
/// (TDR) disabled; always throws unsupported_feature, like every overload that names Direct3D
/// behaviour. Use accelerator::create_view() for a view of the CPU engine.
[[noreturn]] inline accelerator_view create_accelerator_view(
    accelerator& acc, bool disable_timeout, queuing_mode mode = queuing_mode_automatic) {
  static_cast<void>(acc);
  static_cast<void>(disable_timeout);
  static_cast<void>(mode);
  ample::detail::throw_no_direct3d("create_accelerator_view");
}

/// is_timeout_disabled() would tell whether the Direct3D timeout of `view` is off; always throws
/// unsupported_feature.
[[noreturn]] inline bool is_timeout_disabled(const accelerator_view& view) {
  static_cast<void>(view);
  ample::detail::throw_no_direct3d("is_timeout_disabled");
}

/// d3d_access_lock() would take the Direct3D device lock of `view`; always throws
/// unsupported_feature.
[[noreturn]] inline void d3d_access_lock(accelerator_view& view) {
  static_cast<void>(view);
  ample::detail::throw_no_direct3d("d3d_access_lock");
}

/// d3d_access_try_lock() would try to take the Direct3D device lock of `view`; always throws
/// unsupported_feature.
[[noreturn]] inline bool d3d_access_try_lock(accelerator_view& view) {
  static_cast<void>(view);
  ample::detail::throw_no_direct3d("d3d_access_try_lock");
}

/// d3d_access_unlock() would release the Direct3D device lock of `view`; always throws
/// unsupported_feature.
[[noreturn]] inline void d3d_access_unlock(accelerator_view& view) {
  static_cast<void>(view);
  ample::detail::throw_no_direct3d("d3d_access_unlock");
}

/// scoped_d3d_access_lock would hold the Direct3D device lock of a view for its lifetime. Both
/// constructors throw unsupported_feature, so no object ever exists; the move operations and
/// the destructor are there only for Microsoft's class shape (movable, not copyable).
class scoped_d3d_access_lock {
 public:
  explicit scoped_d3d_access_lock(accelerator_view& view) : view_(&view) {
    ample::detail::throw_no_direct3d("scoped_d3d_access_lock");
  }
  scoped_d3d_access_lock(accelerator_view& view, adopt_d3d_access_lock_t) : view_(&view) {
    ample::detail::throw_no_direct3d("scoped_d3d_access_lock");
  }
  scoped_d3d_access_lock(scoped_d3d_access_lock&& other) noexcept : view_(other.view_) {
    other.view_ = nullptr;
  }
  scoped_d3d_access_lock& operator=(scoped_d3d_access_lock&& other) noexcept {
    view_ = other.view_;
    other.view_ = nullptr;
    return *this;
  }
  scoped_d3d_access_lock(const scoped_d3d_access_lock&) = delete;
  scoped_d3d_access_lock& operator=(const scoped_d3d_access_lock&) = delete;
  ~scoped_d3d_access_lock() = default;

 private:
  accelerator_view* view_;  // the locked view; never non-null outside a constructor
};

/// get_buffer() would return the Direct3D buffer behind `arr`; always throws
/// unsupported_feature.
template <class T, int N>
[[noreturn]] IUnknown* get_buffer(const array<T, N>& arr) {
  static_cast<void>(arr);
  ample::detail::throw_no_direct3d("get_buffer");
}

/// make_array() would wrap a Direct3D buffer of `view` in an array of shape `ext`; always throws
/// unsupported_feature. Call it as make_array<T, N>(...), as on Windows.
template <class T, int N>
[[noreturn]] array<T, N> make_array(const extent<N>& ext, const accelerator_view& view,
                                    IUnknown* d3d_buffer) {
  static_cast<void>(ext);
  static_cast<void>(view);
  static_cast<void>(d3d_buffer);
  ample::detail::throw_no_direct3d("make_array");
}

}  // namespace Concurrency::direct3d
