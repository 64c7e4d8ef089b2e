// direct3d_printf, direct3d_errorf and direct3d_abort: kernel debugging output.
#pragma once

#include <cstdarg>
#include <cstdio>
#include <string>

#include "../config.hpp"
#include "../exceptions.hpp"

namespace Concurrency::direct3d {

// Microsoft runs these only on the REF device with the debug runtime. On Ample they work on the
// CPU devices, where kernels are C++ on the host (a kernel that calls one has no device code and
// runs on the CPU engine when launched on a GPU, saying so): output goes to stdout (printf) or
// into the runtime_exception that stops the launch (errorf, abort), which parallel_for_each
// rethrows.

/// direct3d_printf() prints formatted output from a kernel, like std::printf.
AMPLE_AMP_ONLY inline void direct3d_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));
inline void direct3d_printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  std::vprintf(format, args);
  va_end(args);
}

/// direct3d_errorf() prints the formatted message to stderr and stops the launch with
/// runtime_exception carrying it.
AMPLE_AMP_ONLY inline void direct3d_errorf(const char* format, ...) __attribute__((format(printf, 1, 2)));
inline void direct3d_errorf(const char* format, ...) {
  char message[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof message, format, args);
  va_end(args);
  std::fprintf(stderr, "%s", message);
  AMPLE_THROW(runtime_exception, std::string("direct3d_errorf: ") + message, error_code::e_fail);
}

/// direct3d_abort() stops the launch with runtime_exception.
AMPLE_AMP_ONLY [[noreturn]] inline void direct3d_abort() {
  AMPLE_THROW(runtime_exception, "direct3d_abort called in a kernel", error_code::e_fail);
}

}  // namespace Concurrency::direct3d
