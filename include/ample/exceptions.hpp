// The C++ AMP exception hierarchy (SPEC §12.2) and the one macro every Ample throw goes through.
#pragma once

#include <exception>
#include <string>

#include "config.hpp"

namespace Concurrency {

/// HRESULT-style error code carried by runtime_exception, as on Windows.
using HRESULT = long;

namespace error_code {
inline constexpr HRESULT e_fail = static_cast<HRESULT>(0x80004005L);
inline constexpr HRESULT e_invalidarg = static_cast<HRESULT>(0x80070057L);
inline constexpr HRESULT e_outofmemory = static_cast<HRESULT>(0x8007000EL);
inline constexpr HRESULT e_notimpl = static_cast<HRESULT>(0x80004001L);
inline constexpr HRESULT e_device_removed = static_cast<HRESULT>(0x887A0005L);
}  // namespace error_code

/// runtime_exception is the base of every error the C++ AMP runtime reports.
class runtime_exception : public std::exception {
 public:
  runtime_exception(const char* message, HRESULT code) : message_(message), code_(code) {}
  runtime_exception(std::string message, HRESULT code) : message_(std::move(message)), code_(code) {}
  explicit runtime_exception(HRESULT code) : message_("C++ AMP runtime error"), code_(code) {}

  const char* what() const noexcept override { return message_.c_str(); }
  /// get_error_code() returns the HRESULT that describes the failure.
  HRESULT get_error_code() const noexcept { return code_; }

 private:
  std::string message_;
  HRESULT code_;
};

/// out_of_memory reports a failed allocation of accelerator or host storage.
class out_of_memory : public runtime_exception {
 public:
  explicit out_of_memory(std::string message)
      : runtime_exception(std::move(message), error_code::e_outofmemory) {}
  out_of_memory() : out_of_memory("out of memory") {}
};

/// invalid_compute_domain reports an extent or tiling that parallel_for_each cannot run.
class invalid_compute_domain : public runtime_exception {
 public:
  explicit invalid_compute_domain(std::string message)
      : runtime_exception(std::move(message), error_code::e_invalidarg) {}
  invalid_compute_domain() : invalid_compute_domain("invalid compute domain") {}
};

/// unsupported_feature reports a request this implementation or accelerator cannot serve.
class unsupported_feature : public runtime_exception {
 public:
  explicit unsupported_feature(std::string message)
      : runtime_exception(std::move(message), error_code::e_notimpl) {}
  unsupported_feature() : unsupported_feature("unsupported feature") {}
};

/// accelerator_view_removed reports that the device behind an accelerator_view is gone.
class accelerator_view_removed : public runtime_exception {
 public:
  accelerator_view_removed(std::string message, HRESULT reason)
      : runtime_exception(std::move(message), error_code::e_device_removed), reason_(reason) {}
  explicit accelerator_view_removed(HRESULT reason)
      : accelerator_view_removed("accelerator_view removed", reason) {}

  /// get_view_removed_reason() returns the cause the device reported.
  HRESULT get_view_removed_reason() const noexcept { return reason_; }

 private:
  HRESULT reason_;
};

/// uninitialized_object reports use of an object that was declared but never initialised
/// (Microsoft's runtime; Ample's types are initialised by their constructors, so it is not
/// raised by Ample itself).
class uninitialized_object : public runtime_exception {
 public:
  explicit uninitialized_object(std::string message)
      : runtime_exception(std::move(message), error_code::e_invalidarg) {}
  uninitialized_object() : uninitialized_object("uninitialized object") {}
};

}  // namespace Concurrency

namespace ample::detail {

/// format_values() joins integers as "(a, b, c)", the way Ample messages print extents.
std::string format_values(const int* values, int count);

}  // namespace ample::detail

/// AMPLE_THROW is the single point every Ample error leaves through.
#define AMPLE_THROW(exception_type, ...) throw exception_type(__VA_ARGS__)

extern "C" {
/// ample_kernel_check_failed() marks the failure of a check that valid kernels reach (a
/// section's bounds, say): it does nothing, and the exception thrown after it is what the CPU
/// engine reports. A GPU cannot throw, so device code traps at the call instead, and the
/// driver reports the kernel's fault (compiler/src/ExtractDeviceCode.cpp, trapFailedChecks()):
/// without the mark, the throw would keep such a kernel off the GPU altogether.
void ample_kernel_check_failed() noexcept;
}

/// AMPLE_THROW_IN_KERNEL is AMPLE_THROW for those checks.
#define AMPLE_THROW_IN_KERNEL(exception_type, ...) \
  (ample_kernel_check_failed(), AMPLE_THROW(exception_type, __VA_ARGS__))
