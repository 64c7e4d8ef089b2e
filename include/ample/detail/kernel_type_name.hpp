// kernel_type_name: a kernel's type in the compiler's own words, for messages and for the names
// of its device code.
#pragma once

namespace ample::detail {

/// kernel_type_name<Kernel>() is the text of its own __PRETTY_FUNCTION__, which names Kernel
/// after "Kernel = " (no RTTI needed); Clang writes a lambda's type as its source location,
/// "(lambda at f.cpp:12:30)". constexpr, so that a device entry's annotation can carry it to
/// the device-code pass (device_entry.hpp), which names the GPU kernel after it.
template <class Kernel>
constexpr const char* kernel_type_name() noexcept {
  return __PRETTY_FUNCTION__;
}

}  // namespace ample::detail
