// Message helpers for the exception hierarchy.
#include "ample/exceptions.hpp"

namespace ample::detail {

std::string format_values(const int* values, int count) {
  std::string s = "(";
  for (int i = 0; i < count; ++i) {
    if (i > 0) s += ", ";
    s += std::to_string(values[i]);
  }
  return s + ")";
}

}  // namespace ample::detail

void ample_kernel_check_failed() noexcept {}
