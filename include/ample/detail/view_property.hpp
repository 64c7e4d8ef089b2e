// view_property<Owner, Get>: a property whose value is an accelerator_view computed when read:
// array_view::source_accelerator_view and `av.accelerator.default_view`.
#pragma once

#include "../config.hpp"
#include "device.hpp"

namespace Concurrency {
class accelerator_view;
}  // namespace Concurrency

namespace ample::detail {

/// view_property is a Microsoft property of type accelerator_view that an object computes on
/// each read rather than keeps: `v.source_accelerator_view` calls the array_view's
/// get_source_accelerator_view() (which throws for a view with no data source), and
/// `av.accelerator.default_view` calls get_default_view(). Storing the value would make every
/// array_view copy, including the projections `v[i]` made inside kernels, copy a view, and an
/// accelerator_view cannot hold an accelerator that holds a view. So the property is an empty
/// member that calls Get on its owner when read:
///
///     accelerator_view src = v.source_accelerator_view;
///     if (v.source_accelerator_view == av) ...
///     queuing_mode m = v.source_accelerator_view.queuing_mode;
///     v.source_accelerator_view.wait();
///
/// Layout. The property is an empty [[no_unique_address]] member of Owner, and each of its
/// field members (is_debug, ...) an empty [[no_unique_address]] member of it, all of distinct
/// types; under the Itanium C++ ABI that GCC and Clang use on Linux they all lie at offset 0 of
/// the owner, as the swizzle properties do (graphics/swizzle_property.hpp), so each finds its
/// owner by casting its own address. tests/runtime/property_spelling_test.cpp checks the
/// addresses and that the owners keep their sizes.
///
/// Differences from MSVC's property: the view's `accelerator` member is not offered through it
/// (`v.source_accelerator_view.get_accelerator()` is), and the property cannot be copied out of
/// its owner (`auto s = v.source_accelerator_view;` does not compile; name the type:
/// `accelerator_view s = v.source_accelerator_view;`), because a copy would have no owner.
template <class Owner, auto Get>
class view_property;

/// member_result<F> is the result type of the const member function pointer type F.
template <class F>
struct member_result;
template <class R, class C>
struct member_result<R (C::*)() const> {
  using type = R;
};

// The data members of accelerator_view that a view_property offers; read() is a template so
// that accelerator_view need not be complete where view_property is used as a member type.
struct view_is_debug_field {
  using type = bool;
  template <class V>
  static type read(const V& v) noexcept { return v.is_debug; }
};
struct view_version_field {
  using type = unsigned int;
  template <class V>
  static type read(const V& v) noexcept { return v.version; }
};
struct view_queuing_mode_field {
  using type = concurrency::queuing_mode;
  template <class V>
  static type read(const V& v) noexcept { return v.queuing_mode; }
};
struct view_is_auto_selection_field {
  using type = bool;
  template <class V>
  static type read(const V& v) noexcept { return v.is_auto_selection; }
};

/// view_field is one data member of the view a view_property computes: reading it computes the
/// view and reads Field of it.
template <class Owner, auto Get, class Field>
class view_field {
 public:
  using value_type = typename Field::type;
  operator value_type() const { return Field::read((owner_().*Get)()); }  // NOLINT: implicit, as a property

 private:
  friend class view_property<Owner, Get>;

  view_field() = default;
  view_field(const view_field&) = default;
  view_field& operator=(const view_field&) = default;

  const Owner& owner_() const noexcept { return *reinterpret_cast<const Owner*>(this); }
};

template <class Owner, auto Get>
class view_property {
 public:
  using value_type = typename member_result<decltype(Get)>::type;  // accelerator_view

  operator value_type() const { return value_(); }  // NOLINT: implicit, as a property

  [[no_unique_address]] view_field<Owner, Get, view_is_debug_field> is_debug;
  [[no_unique_address]] view_field<Owner, Get, view_version_field> version;
  [[no_unique_address]] view_field<Owner, Get, view_queuing_mode_field> queuing_mode;
  [[no_unique_address]] view_field<Owner, Get, view_is_auto_selection_field> is_auto_selection;

  auto get_accelerator() const { return value_().get_accelerator(); }
  bool get_is_debug() const { return value_().get_is_debug(); }
  unsigned int get_version() const { return value_().get_version(); }
  concurrency::queuing_mode get_queuing_mode() const { return value_().get_queuing_mode(); }
  bool get_is_auto_selection() const { return value_().get_is_auto_selection(); }
  void wait() const { value_().wait(); }
  void flush() const { value_().flush(); }
  auto create_marker() const { return value_().create_marker(); }

  /// Compares the computed view with `view`; operator== below compares two properties.
  friend bool operator==(const view_property& p, const value_type& view) { return p.value_() == view; }

 private:
  friend Owner;

  view_property() = default;
  view_property(const view_property&) = default;
  view_property& operator=(const view_property&) = default;

  const Owner& owner_() const noexcept { return *reinterpret_cast<const Owner*>(this); }
  value_type value_() const { return (owner_().*Get)(); }
};

/// Compares the views of two properties, of any owners: `v.source_accelerator_view ==
/// w.source_accelerator_view` for views of different element types. One template for every
/// pair, since friends of each property class would be two equally good candidates.
template <class O1, auto G1, class O2, auto G2>
bool operator==(const view_property<O1, G1>& p, const view_property<O2, G2>& q) {
  using view = typename view_property<O1, G1>::value_type;
  return static_cast<view>(p) == static_cast<view>(q);
}

}  // namespace ample::detail
