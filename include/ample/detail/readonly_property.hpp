// readonly_property<T, Owner>: a read-only property of class type T that Owner stores.
#pragma once

#include <type_traits>
#include <utility>

namespace ample::detail {

/// readonly_property stands in for a Microsoft property of class type whose value the owning
/// object keeps, such as `array::accelerator_view`: code reads it as a T (`a.accelerator_view.
/// queuing_mode`, passing it on, copying it out), but only Owner may replace it, when the owner
/// is assigned as a whole. `a.accelerator_view = other_view;` does not compile, as with MSVC,
/// where the property has no setter.
template <class T, class Owner>
  requires std::is_class_v<T>
class readonly_property : public T {
 public:
  explicit readonly_property(T value) noexcept(std::is_nothrow_move_constructible_v<T>) : T(std::move(value)) {}
  readonly_property(const readonly_property&) = default;
  readonly_property(readonly_property&&) noexcept(std::is_nothrow_move_constructible_v<T>) = default;

 private:
  friend Owner;

  readonly_property& operator=(const readonly_property&) = default;
  readonly_property& operator=(readonly_property&&) noexcept(std::is_nothrow_move_assignable_v<T>) = default;
};

}  // namespace ample::detail
