// has_virtual_base_v<T>: whether a class has a virtual base, which no standard trait tells.
#pragma once

#include <type_traits>

namespace ample::detail {

/// dynamic_probe<T> adds a virtual function to T. It is only measured, never constructed, so
/// its function needs no definition (and its virtual table is never emitted).
template <class T>
struct dynamic_probe : T {
  virtual void dynamic_probe_function();
};

/// is_dynamic_class<T>() tells whether T holds a virtual table pointer: it has virtual functions
/// or virtual bases. In the Itanium C++ ABI, which GCC and Clang follow on Linux, a class with a
/// virtual function shares the pointer of a dynamic base (its primary base) and otherwise adds
/// one, so dynamic_probe<T> is exactly as big as T only when T is dynamic. A final class cannot
/// be measured this way and counts as not dynamic.
template <class T>
constexpr bool is_dynamic_class() {
  if constexpr (std::is_class_v<T> && !std::is_final_v<T>)
    return sizeof(dynamic_probe<T>) == sizeof(T);
  else
    return false;
}

/// has_virtual_base_v<T> holds when the class T has a virtual base (C++ AMP §2.4.1 refuses such
/// element types, as it refuses classes with virtual functions: both need a pointer that means
/// nothing on an accelerator). A dynamic class without virtual functions has one.
template <class T>
inline constexpr bool has_virtual_base_v = !std::is_polymorphic_v<T> && is_dynamic_class<T>();

}  // namespace ample::detail
