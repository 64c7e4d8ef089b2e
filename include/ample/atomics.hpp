// Atomic functions on global and tile_static memory (SPEC §6).
//
// Example: count the positive elements of `data` in one counter.
//
//     int count = 0;
//     array_view<int, 1> c(1, &count);
//     parallel_for_each(data.extent, [=](index<1> i) restrict(amp) {
//       if (data[i] > 0) atomic_fetch_add(&c[0], 1);
//     });
//     c.synchronize();
#pragma once

#include <atomic>
#include <concepts>

#include "config.hpp"

namespace ample::detail {

/// amp_atomic_integer holds for the two types every C++ AMP atomic function accepts.
template <class T>
concept amp_atomic_integer = std::same_as<T, int> || std::same_as<T, unsigned int>;

/// amp_atomic_exchangeable holds for the types atomic_exchange accepts: the integers and float.
template <class T>
concept amp_atomic_exchangeable = amp_atomic_integer<T> || std::same_as<T, float>;

// Every operation uses std::memory_order_relaxed. C++ AMP atomics guarantee atomicity of the
// one read-modify-write and nothing else: SPEC §6 and Microsoft's documentation give them no
// ordering of other memory accesses, and a kernel that needs ordering must say so with a
// barrier or a *_memory_fence (tile_barrier.hpp). Those already order memory in Ample:
//   - within a tile, work-items are fibers on one thread, so program order plus the compiler
//     fence of a barrier switch orders their accesses;
//   - across tiles, global_memory_fence() and all_memory_fence() are seq_cst thread fences,
//     which order relaxed atomics around them ([atomics.fences]);
//   - the end of parallel_for_each joins the workers, so the host sees every final value.
// Hence a stronger order here would add fences that C++ AMP code may not rely on anyway.
inline constexpr std::memory_order amp_atomic_order = std::memory_order_relaxed;

// atomic_ref<T> requires alignment to required_alignment; the kernels hand over plain int,
// unsigned int and float objects, which are aligned only to alignof(T).
static_assert(std::atomic_ref<int>::required_alignment == alignof(int));
static_assert(std::atomic_ref<unsigned int>::required_alignment == alignof(unsigned int));
static_assert(std::atomic_ref<float>::required_alignment == alignof(float));

/// atomic_fetch_max() stores max(*dest, value) and returns the old *dest.
template <amp_atomic_integer T>
T atomic_fetch_max(T* dest, T value) noexcept {
  std::atomic_ref<T> ref(*dest);
  T old = ref.load(amp_atomic_order);
  // A failed compare_exchange reloads `old`; stop once the stored value is already >= value.
  while (old < value && !ref.compare_exchange_weak(old, value, amp_atomic_order, amp_atomic_order)) {
  }
  return old;
}

/// atomic_fetch_min() stores min(*dest, value) and returns the old *dest.
template <amp_atomic_integer T>
T atomic_fetch_min(T* dest, T value) noexcept {
  std::atomic_ref<T> ref(*dest);
  T old = ref.load(amp_atomic_order);
  while (value < old && !ref.compare_exchange_weak(old, value, amp_atomic_order, amp_atomic_order)) {
  }
  return old;
}

/// unsupported_atomic_type is a dependent false: the static_asserts below fire only when a
/// catch-all overload at the end of this file is instantiated for a type C++ AMP does not allow.
template <class T>
constexpr bool unsupported_atomic_type = false;

/// reject_atomic_integer() turns a call with a pointer to another type into one readable error
/// instead of a list of overloads that failed to match.
template <class T>
void reject_atomic_integer() noexcept {
  static_assert(unsupported_atomic_type<T>,
                "C++ AMP atomic_fetch_* and atomic_compare_exchange accept only int* and unsigned int*");
}

/// reject_atomic_exchange() is reject_atomic_integer() for atomic_exchange.
template <class T>
void reject_atomic_exchange() noexcept {
  static_assert(unsupported_atomic_type<T>, "C++ AMP atomic_exchange accepts only int*, unsigned int* and float*");
}

}  // namespace ample::detail

namespace Concurrency {

// The functions are plain overloads, as Microsoft declares them, so that mixed arguments
// convert: atomic_fetch_add(&unsigned_counter, 1) picks the unsigned int overload. For any
// other pointer type the constrained templates at the end of the file are a better match
// and fail with a readable message.

/// atomic_exchange() stores `value` in *dest and returns the previous value of *dest.
AMPLE_AMP_ONLY inline int atomic_exchange(int* dest, int value) noexcept {
  return std::atomic_ref<int>(*dest).exchange(value, ample::detail::amp_atomic_order);
}
/// atomic_exchange() stores `value` in *dest and returns the previous value of *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_exchange(unsigned int* dest, unsigned int value) noexcept {
  return std::atomic_ref<unsigned int>(*dest).exchange(value, ample::detail::amp_atomic_order);
}
/// atomic_exchange() stores `value` in *dest and returns the previous value of *dest; the
/// float bits are moved unchanged (no arithmetic, so NaN payloads and -0.0f survive).
AMPLE_AMP_ONLY inline float atomic_exchange(float* dest, float value) noexcept {
  return std::atomic_ref<float>(*dest).exchange(value, ample::detail::amp_atomic_order);
}

/// atomic_compare_exchange() stores `value` in *dest if *dest equals *expected_value and then
/// returns true; otherwise it writes the current *dest to *expected_value and returns false.
/// It never fails spuriously, so a loop around it is needed only when *dest really changed.
AMPLE_AMP_ONLY inline bool atomic_compare_exchange(int* dest, int* expected_value, int value) noexcept {
  return std::atomic_ref<int>(*dest).compare_exchange_strong(
      *expected_value, value, ample::detail::amp_atomic_order, ample::detail::amp_atomic_order);
}
/// atomic_compare_exchange() is the unsigned int overload of the function above.
AMPLE_AMP_ONLY inline bool atomic_compare_exchange(unsigned int* dest, unsigned int* expected_value,
                                    unsigned int value) noexcept {
  return std::atomic_ref<unsigned int>(*dest).compare_exchange_strong(
      *expected_value, value, ample::detail::amp_atomic_order, ample::detail::amp_atomic_order);
}

/// atomic_fetch_add() adds `value` to *dest (wrapping on overflow) and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_add(int* dest, int value) noexcept {
  return std::atomic_ref<int>(*dest).fetch_add(value, ample::detail::amp_atomic_order);
}
/// atomic_fetch_add() adds `value` to *dest (wrapping on overflow) and returns the old *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_add(unsigned int* dest, unsigned int value) noexcept {
  return std::atomic_ref<unsigned int>(*dest).fetch_add(value, ample::detail::amp_atomic_order);
}

/// atomic_fetch_sub() subtracts `value` from *dest (wrapping) and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_sub(int* dest, int value) noexcept {
  return std::atomic_ref<int>(*dest).fetch_sub(value, ample::detail::amp_atomic_order);
}
/// atomic_fetch_sub() subtracts `value` from *dest (wrapping) and returns the old *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_sub(unsigned int* dest, unsigned int value) noexcept {
  return std::atomic_ref<unsigned int>(*dest).fetch_sub(value, ample::detail::amp_atomic_order);
}

/// atomic_fetch_inc() adds one to *dest and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_inc(int* dest) noexcept { return atomic_fetch_add(dest, 1); }
/// atomic_fetch_inc() adds one to *dest and returns the old *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_inc(unsigned int* dest) noexcept { return atomic_fetch_add(dest, 1u); }

/// atomic_fetch_dec() subtracts one from *dest and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_dec(int* dest) noexcept { return atomic_fetch_sub(dest, 1); }
/// atomic_fetch_dec() subtracts one from *dest and returns the old *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_dec(unsigned int* dest) noexcept { return atomic_fetch_sub(dest, 1u); }

/// atomic_fetch_max() stores the larger of *dest and `value` in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_max(int* dest, int value) noexcept { return ample::detail::atomic_fetch_max(dest, value); }
/// atomic_fetch_max() compares as unsigned: 0xFFFFFFFFu is the largest value.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_max(unsigned int* dest, unsigned int value) noexcept {
  return ample::detail::atomic_fetch_max(dest, value);
}

/// atomic_fetch_min() stores the smaller of *dest and `value` in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_min(int* dest, int value) noexcept { return ample::detail::atomic_fetch_min(dest, value); }
/// atomic_fetch_min() compares as unsigned: 0u is the smallest value.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_min(unsigned int* dest, unsigned int value) noexcept {
  return ample::detail::atomic_fetch_min(dest, value);
}

/// atomic_fetch_and() stores *dest & value in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_and(int* dest, int value) noexcept {
  return std::atomic_ref<int>(*dest).fetch_and(value, ample::detail::amp_atomic_order);
}
/// atomic_fetch_and() stores *dest & value in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_and(unsigned int* dest, unsigned int value) noexcept {
  return std::atomic_ref<unsigned int>(*dest).fetch_and(value, ample::detail::amp_atomic_order);
}

/// atomic_fetch_or() stores *dest | value in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_or(int* dest, int value) noexcept {
  return std::atomic_ref<int>(*dest).fetch_or(value, ample::detail::amp_atomic_order);
}
/// atomic_fetch_or() stores *dest | value in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_or(unsigned int* dest, unsigned int value) noexcept {
  return std::atomic_ref<unsigned int>(*dest).fetch_or(value, ample::detail::amp_atomic_order);
}

/// atomic_fetch_xor() stores *dest ^ value in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline int atomic_fetch_xor(int* dest, int value) noexcept {
  return std::atomic_ref<int>(*dest).fetch_xor(value, ample::detail::amp_atomic_order);
}
/// atomic_fetch_xor() stores *dest ^ value in *dest and returns the old *dest.
AMPLE_AMP_ONLY inline unsigned int atomic_fetch_xor(unsigned int* dest, unsigned int value) noexcept {
  return std::atomic_ref<unsigned int>(*dest).fetch_xor(value, ample::detail::amp_atomic_order);
}

// Catch-all overloads for the pointer types C++ AMP does not allow (long*, double*,
// const int*, ...). Their constraints exclude the allowed types, so they never compete with the
// overloads above; where one is chosen, its body stops compilation with a readable message.

/// atomic_exchange() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_exchangeable<T>)
T atomic_exchange(T* dest, U) noexcept {
  ample::detail::reject_atomic_exchange<T>();
  return *dest;
}

/// atomic_compare_exchange() on any other type is a compile-time error.
template <class T, class E, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
bool atomic_compare_exchange(T*, E*, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return false;
}

/// atomic_fetch_add() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_add(T* dest, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_sub() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_sub(T* dest, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_max() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_max(T* dest, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_min() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_min(T* dest, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_and() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_and(T* dest, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_or() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_or(T* dest, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_xor() on any other type is a compile-time error.
template <class T, class U>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_xor(T* dest, U) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_inc() on any other type is a compile-time error.
template <class T>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_inc(T* dest) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}
/// atomic_fetch_dec() on any other type is a compile-time error.
template <class T>
  requires(!ample::detail::amp_atomic_integer<T>)
T atomic_fetch_dec(T* dest) noexcept {
  ample::detail::reject_atomic_integer<T>();
  return *dest;
}

}  // namespace Concurrency
