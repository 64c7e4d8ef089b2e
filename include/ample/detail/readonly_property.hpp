// readonly_property<T, Owner>: a read-only property of type T that Owner stores.
#pragma once

#include <type_traits>
#include <utility>

namespace ample::detail {

/// readonly_property stands in for a Microsoft property whose value the owning object keeps,
/// such as `array::accelerator_view` or `array::cpu_access_type`: code reads it as a T, but only
/// Owner may replace it, when the owner is assigned as a whole. `a.accelerator_view =
/// other_view;` and `a.cpu_access_type = access_type_read;` do not compile, as with MSVC, where
/// the property has no setter. One form for class types, one for the others (enums, scalars).
template <class T, class Owner>
class readonly_property;

/// A property of class type is a T (`a.accelerator_view.queuing_mode`, passing it on, copying
/// it out) whose assignment only Owner reaches.
template <class T, class Owner>
  requires std::is_class_v<T>
class AMPLE_AMP_CPU readonly_property<T, Owner> : public T {
 public:
  explicit readonly_property(T value) noexcept(std::is_nothrow_move_constructible_v<T>) : T(std::move(value)) {}
  readonly_property(const readonly_property&) = default;
  readonly_property(readonly_property&&) noexcept(std::is_nothrow_move_constructible_v<T>) = default;

 private:
  friend Owner;

  readonly_property& operator=(const readonly_property&) = default;
  readonly_property& operator=(readonly_property&&) noexcept(std::is_nothrow_move_assignable_v<T>) = default;
};

/// A property of an enum or scalar type cannot be a base class, so it holds the value and
/// converts to it: `a.cpu_access_type == access_type_read`, `switch (a.cpu_access_type)`,
/// passing it to a function that takes an access_type, `access_type t = a.cpu_access_type;`.
/// It yields no reference to the value (`access_type& r = a.cpu_access_type;` does not compile),
/// so it can be neither assigned nor modified. It occupies what a T occupies.
///
/// Difference from MSVC's property: `auto t = a.cpu_access_type;` copies the property, which
/// reads like the value but cannot be assigned; name the type to get a variable.
template <class T, class Owner>
  requires(!std::is_class_v<T>)
class AMPLE_AMP_CPU readonly_property<T, Owner> {
 public:
  constexpr explicit readonly_property(T value) noexcept : value_(value) {}
  constexpr readonly_property(const readonly_property&) noexcept = default;

  constexpr operator T() const noexcept { return value_; }  // NOLINT: implicit, as a property

 private:
  friend Owner;

  constexpr readonly_property& operator=(const readonly_property&) noexcept = default;

  T value_;
};

}  // namespace ample::detail
