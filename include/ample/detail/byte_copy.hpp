// copy_bytes, move_bytes, zero_bytes: memcpy, memmove and memset without <cstring>.
#pragma once

#include <cstddef>

namespace ample::detail {

// Why not std::memcpy: <cstring> brings glibc's global `index(const char*, int)` along, and
// C++ AMP programs write `using namespace concurrency;` and then `index<2>`, which the global
// function makes ambiguous. Ample's headers must not be the ones that declare it, so they call
// the compiler's builtins, which GCC and Clang expand exactly as they do the C functions.

/// copy_bytes() copies n bytes between non-overlapping blocks, as memcpy does.
inline void copy_bytes(void* dst, const void* src, std::size_t n) noexcept { __builtin_memcpy(dst, src, n); }
/// move_bytes() copies n bytes between blocks that may overlap, as memmove does.
inline void move_bytes(void* dst, const void* src, std::size_t n) noexcept { __builtin_memmove(dst, src, n); }
/// zero_bytes() sets n bytes to 0, as memset does.
inline void zero_bytes(void* dst, std::size_t n) noexcept { __builtin_memset(dst, 0, n); }

}  // namespace ample::detail
