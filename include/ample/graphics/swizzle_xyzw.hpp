// The xyzw swizzles of the short vectors as properties and getter/setter pairs (SPEC §10.9;
// MSREF float_4 class).
//
// Microsoft exposes every swizzle both as a property (`v.xy`) and as a get_/set_ pair, e.g.
// get_wzyx() and set_xy(float_2), plus ref_x() ... ref_w(), which return a reference to one
// component. Ample has all three. Properties are an MSVC extension; here each one is an empty
// [[no_unique_address]] member (swizzle_property.hpp), and x, y, z, w are the data members.
// The list is every ordered choice of distinct components, 1 to N of them, as Microsoft lists
// them; each pair and each property uses short_vector_impl::get<I...>() / set<I...>()
// (short_vector_impl.hpp), which also accept any index list directly. The rgba names are in
// swizzle_rgba.hpp.
// swizzle_xyzw_K holds the swizzles whose components are among the first K with the K-th used
// (K = 2: x and y; K = 3: those with z; K = 4: those with w), so a vector of size N
// inherits levels 2..N and gets no swizzle that names a component it lacks.
// This file was written out once, not generated at build time.
#pragma once

#include "../config.hpp"
#include "swizzle_property.hpp"

namespace ample::detail {

template <class T, int N>
class short_vector_impl;

/// swizzle_xyzw_2<D, T> adds to D = short_vector_impl<T, N ≥ 2> the swizzles that use y.
template <class D, class T>
struct swizzle_xyzw_2 {
 protected:
  using v2 = short_vector_impl<T, 2>;
  using v3 = short_vector_impl<T, 3>;
  using v4 = short_vector_impl<T, 4>;
  constexpr const D& self_() const { return static_cast<const D&>(*this); }
  constexpr D& self_() { return static_cast<D&>(*this); }
  template <class, class, int...>
  friend class swizzle_property;
  // property_<I...> is the type of the property of swizzle I..., distinct per base.
  template <int... I>
  using property_ = swizzle_property<swizzle_xyzw_2, swizzle_value_t<T, sizeof...(I)>, I...>;

 public:
  constexpr T get_x() const restrict(amp, cpu) { return self_().template get<0>(); }
  constexpr void set_x(T v) restrict(amp, cpu) { self_().template set<0>(v); }
  constexpr T& ref_x() restrict(amp, cpu) { return self_().x; }
  constexpr T get_y() const restrict(amp, cpu) { return self_().template get<1>(); }
  constexpr void set_y(T v) restrict(amp, cpu) { self_().template set<1>(v); }
  constexpr T& ref_y() restrict(amp, cpu) { return self_().y; }
  constexpr v2 get_xy() const restrict(amp, cpu) { return self_().template get<0, 1>(); }
  constexpr void set_xy(const v2& v) restrict(amp, cpu) { self_().template set<0, 1>(v); }
  constexpr v2 get_yx() const restrict(amp, cpu) { return self_().template get<1, 0>(); }
  constexpr void set_yx(const v2& v) restrict(amp, cpu) { self_().template set<1, 0>(v); }

  // The properties of the swizzles above; x, y, z and w are the vector's data members.
  [[no_unique_address]] property_<0, 1> xy;
  [[no_unique_address]] property_<1, 0> yx;
};

/// swizzle_xyzw_3<D, T> adds to D = short_vector_impl<T, N ≥ 3> the swizzles that use z.
template <class D, class T>
struct swizzle_xyzw_3 {
 protected:
  using v2 = short_vector_impl<T, 2>;
  using v3 = short_vector_impl<T, 3>;
  using v4 = short_vector_impl<T, 4>;
  constexpr const D& self_() const { return static_cast<const D&>(*this); }
  constexpr D& self_() { return static_cast<D&>(*this); }
  template <class, class, int...>
  friend class swizzle_property;
  // property_<I...> is the type of the property of swizzle I..., distinct per base.
  template <int... I>
  using property_ = swizzle_property<swizzle_xyzw_3, swizzle_value_t<T, sizeof...(I)>, I...>;

 public:
  constexpr T get_z() const restrict(amp, cpu) { return self_().template get<2>(); }
  constexpr void set_z(T v) restrict(amp, cpu) { self_().template set<2>(v); }
  constexpr T& ref_z() restrict(amp, cpu) { return self_().z; }
  constexpr v2 get_xz() const restrict(amp, cpu) { return self_().template get<0, 2>(); }
  constexpr void set_xz(const v2& v) restrict(amp, cpu) { self_().template set<0, 2>(v); }
  constexpr v2 get_yz() const restrict(amp, cpu) { return self_().template get<1, 2>(); }
  constexpr void set_yz(const v2& v) restrict(amp, cpu) { self_().template set<1, 2>(v); }
  constexpr v2 get_zx() const restrict(amp, cpu) { return self_().template get<2, 0>(); }
  constexpr void set_zx(const v2& v) restrict(amp, cpu) { self_().template set<2, 0>(v); }
  constexpr v2 get_zy() const restrict(amp, cpu) { return self_().template get<2, 1>(); }
  constexpr void set_zy(const v2& v) restrict(amp, cpu) { self_().template set<2, 1>(v); }
  constexpr v3 get_xyz() const restrict(amp, cpu) { return self_().template get<0, 1, 2>(); }
  constexpr void set_xyz(const v3& v) restrict(amp, cpu) { self_().template set<0, 1, 2>(v); }
  constexpr v3 get_xzy() const restrict(amp, cpu) { return self_().template get<0, 2, 1>(); }
  constexpr void set_xzy(const v3& v) restrict(amp, cpu) { self_().template set<0, 2, 1>(v); }
  constexpr v3 get_yxz() const restrict(amp, cpu) { return self_().template get<1, 0, 2>(); }
  constexpr void set_yxz(const v3& v) restrict(amp, cpu) { self_().template set<1, 0, 2>(v); }
  constexpr v3 get_yzx() const restrict(amp, cpu) { return self_().template get<1, 2, 0>(); }
  constexpr void set_yzx(const v3& v) restrict(amp, cpu) { self_().template set<1, 2, 0>(v); }
  constexpr v3 get_zxy() const restrict(amp, cpu) { return self_().template get<2, 0, 1>(); }
  constexpr void set_zxy(const v3& v) restrict(amp, cpu) { self_().template set<2, 0, 1>(v); }
  constexpr v3 get_zyx() const restrict(amp, cpu) { return self_().template get<2, 1, 0>(); }
  constexpr void set_zyx(const v3& v) restrict(amp, cpu) { self_().template set<2, 1, 0>(v); }

  // The properties of the swizzles above; x, y, z and w are the vector's data members.
  [[no_unique_address]] property_<0, 2> xz;
  [[no_unique_address]] property_<1, 2> yz;
  [[no_unique_address]] property_<2, 0> zx;
  [[no_unique_address]] property_<2, 1> zy;
  [[no_unique_address]] property_<0, 1, 2> xyz;
  [[no_unique_address]] property_<0, 2, 1> xzy;
  [[no_unique_address]] property_<1, 0, 2> yxz;
  [[no_unique_address]] property_<1, 2, 0> yzx;
  [[no_unique_address]] property_<2, 0, 1> zxy;
  [[no_unique_address]] property_<2, 1, 0> zyx;
};

/// swizzle_xyzw_4<D, T> adds to D = short_vector_impl<T, N ≥ 4> the swizzles that use w.
template <class D, class T>
struct swizzle_xyzw_4 {
 protected:
  using v2 = short_vector_impl<T, 2>;
  using v3 = short_vector_impl<T, 3>;
  using v4 = short_vector_impl<T, 4>;
  constexpr const D& self_() const { return static_cast<const D&>(*this); }
  constexpr D& self_() { return static_cast<D&>(*this); }
  template <class, class, int...>
  friend class swizzle_property;
  // property_<I...> is the type of the property of swizzle I..., distinct per base.
  template <int... I>
  using property_ = swizzle_property<swizzle_xyzw_4, swizzle_value_t<T, sizeof...(I)>, I...>;

 public:
  constexpr T get_w() const restrict(amp, cpu) { return self_().template get<3>(); }
  constexpr void set_w(T v) restrict(amp, cpu) { self_().template set<3>(v); }
  constexpr T& ref_w() restrict(amp, cpu) { return self_().w; }
  constexpr v2 get_xw() const restrict(amp, cpu) { return self_().template get<0, 3>(); }
  constexpr void set_xw(const v2& v) restrict(amp, cpu) { self_().template set<0, 3>(v); }
  constexpr v2 get_yw() const restrict(amp, cpu) { return self_().template get<1, 3>(); }
  constexpr void set_yw(const v2& v) restrict(amp, cpu) { self_().template set<1, 3>(v); }
  constexpr v2 get_zw() const restrict(amp, cpu) { return self_().template get<2, 3>(); }
  constexpr void set_zw(const v2& v) restrict(amp, cpu) { self_().template set<2, 3>(v); }
  constexpr v2 get_wx() const restrict(amp, cpu) { return self_().template get<3, 0>(); }
  constexpr void set_wx(const v2& v) restrict(amp, cpu) { self_().template set<3, 0>(v); }
  constexpr v2 get_wy() const restrict(amp, cpu) { return self_().template get<3, 1>(); }
  constexpr void set_wy(const v2& v) restrict(amp, cpu) { self_().template set<3, 1>(v); }
  constexpr v2 get_wz() const restrict(amp, cpu) { return self_().template get<3, 2>(); }
  constexpr void set_wz(const v2& v) restrict(amp, cpu) { self_().template set<3, 2>(v); }
  constexpr v3 get_xyw() const restrict(amp, cpu) { return self_().template get<0, 1, 3>(); }
  constexpr void set_xyw(const v3& v) restrict(amp, cpu) { self_().template set<0, 1, 3>(v); }
  constexpr v3 get_xzw() const restrict(amp, cpu) { return self_().template get<0, 2, 3>(); }
  constexpr void set_xzw(const v3& v) restrict(amp, cpu) { self_().template set<0, 2, 3>(v); }
  constexpr v3 get_xwy() const restrict(amp, cpu) { return self_().template get<0, 3, 1>(); }
  constexpr void set_xwy(const v3& v) restrict(amp, cpu) { self_().template set<0, 3, 1>(v); }
  constexpr v3 get_xwz() const restrict(amp, cpu) { return self_().template get<0, 3, 2>(); }
  constexpr void set_xwz(const v3& v) restrict(amp, cpu) { self_().template set<0, 3, 2>(v); }
  constexpr v3 get_yxw() const restrict(amp, cpu) { return self_().template get<1, 0, 3>(); }
  constexpr void set_yxw(const v3& v) restrict(amp, cpu) { self_().template set<1, 0, 3>(v); }
  constexpr v3 get_yzw() const restrict(amp, cpu) { return self_().template get<1, 2, 3>(); }
  constexpr void set_yzw(const v3& v) restrict(amp, cpu) { self_().template set<1, 2, 3>(v); }
  constexpr v3 get_ywx() const restrict(amp, cpu) { return self_().template get<1, 3, 0>(); }
  constexpr void set_ywx(const v3& v) restrict(amp, cpu) { self_().template set<1, 3, 0>(v); }
  constexpr v3 get_ywz() const restrict(amp, cpu) { return self_().template get<1, 3, 2>(); }
  constexpr void set_ywz(const v3& v) restrict(amp, cpu) { self_().template set<1, 3, 2>(v); }
  constexpr v3 get_zxw() const restrict(amp, cpu) { return self_().template get<2, 0, 3>(); }
  constexpr void set_zxw(const v3& v) restrict(amp, cpu) { self_().template set<2, 0, 3>(v); }
  constexpr v3 get_zyw() const restrict(amp, cpu) { return self_().template get<2, 1, 3>(); }
  constexpr void set_zyw(const v3& v) restrict(amp, cpu) { self_().template set<2, 1, 3>(v); }
  constexpr v3 get_zwx() const restrict(amp, cpu) { return self_().template get<2, 3, 0>(); }
  constexpr void set_zwx(const v3& v) restrict(amp, cpu) { self_().template set<2, 3, 0>(v); }
  constexpr v3 get_zwy() const restrict(amp, cpu) { return self_().template get<2, 3, 1>(); }
  constexpr void set_zwy(const v3& v) restrict(amp, cpu) { self_().template set<2, 3, 1>(v); }
  constexpr v3 get_wxy() const restrict(amp, cpu) { return self_().template get<3, 0, 1>(); }
  constexpr void set_wxy(const v3& v) restrict(amp, cpu) { self_().template set<3, 0, 1>(v); }
  constexpr v3 get_wxz() const restrict(amp, cpu) { return self_().template get<3, 0, 2>(); }
  constexpr void set_wxz(const v3& v) restrict(amp, cpu) { self_().template set<3, 0, 2>(v); }
  constexpr v3 get_wyx() const restrict(amp, cpu) { return self_().template get<3, 1, 0>(); }
  constexpr void set_wyx(const v3& v) restrict(amp, cpu) { self_().template set<3, 1, 0>(v); }
  constexpr v3 get_wyz() const restrict(amp, cpu) { return self_().template get<3, 1, 2>(); }
  constexpr void set_wyz(const v3& v) restrict(amp, cpu) { self_().template set<3, 1, 2>(v); }
  constexpr v3 get_wzx() const restrict(amp, cpu) { return self_().template get<3, 2, 0>(); }
  constexpr void set_wzx(const v3& v) restrict(amp, cpu) { self_().template set<3, 2, 0>(v); }
  constexpr v3 get_wzy() const restrict(amp, cpu) { return self_().template get<3, 2, 1>(); }
  constexpr void set_wzy(const v3& v) restrict(amp, cpu) { self_().template set<3, 2, 1>(v); }
  constexpr v4 get_xyzw() const restrict(amp, cpu) { return self_().template get<0, 1, 2, 3>(); }
  constexpr void set_xyzw(const v4& v) restrict(amp, cpu) { self_().template set<0, 1, 2, 3>(v); }
  constexpr v4 get_xywz() const restrict(amp, cpu) { return self_().template get<0, 1, 3, 2>(); }
  constexpr void set_xywz(const v4& v) restrict(amp, cpu) { self_().template set<0, 1, 3, 2>(v); }
  constexpr v4 get_xzyw() const restrict(amp, cpu) { return self_().template get<0, 2, 1, 3>(); }
  constexpr void set_xzyw(const v4& v) restrict(amp, cpu) { self_().template set<0, 2, 1, 3>(v); }
  constexpr v4 get_xzwy() const restrict(amp, cpu) { return self_().template get<0, 2, 3, 1>(); }
  constexpr void set_xzwy(const v4& v) restrict(amp, cpu) { self_().template set<0, 2, 3, 1>(v); }
  constexpr v4 get_xwyz() const restrict(amp, cpu) { return self_().template get<0, 3, 1, 2>(); }
  constexpr void set_xwyz(const v4& v) restrict(amp, cpu) { self_().template set<0, 3, 1, 2>(v); }
  constexpr v4 get_xwzy() const restrict(amp, cpu) { return self_().template get<0, 3, 2, 1>(); }
  constexpr void set_xwzy(const v4& v) restrict(amp, cpu) { self_().template set<0, 3, 2, 1>(v); }
  constexpr v4 get_yxzw() const restrict(amp, cpu) { return self_().template get<1, 0, 2, 3>(); }
  constexpr void set_yxzw(const v4& v) restrict(amp, cpu) { self_().template set<1, 0, 2, 3>(v); }
  constexpr v4 get_yxwz() const restrict(amp, cpu) { return self_().template get<1, 0, 3, 2>(); }
  constexpr void set_yxwz(const v4& v) restrict(amp, cpu) { self_().template set<1, 0, 3, 2>(v); }
  constexpr v4 get_yzxw() const restrict(amp, cpu) { return self_().template get<1, 2, 0, 3>(); }
  constexpr void set_yzxw(const v4& v) restrict(amp, cpu) { self_().template set<1, 2, 0, 3>(v); }
  constexpr v4 get_yzwx() const restrict(amp, cpu) { return self_().template get<1, 2, 3, 0>(); }
  constexpr void set_yzwx(const v4& v) restrict(amp, cpu) { self_().template set<1, 2, 3, 0>(v); }
  constexpr v4 get_ywxz() const restrict(amp, cpu) { return self_().template get<1, 3, 0, 2>(); }
  constexpr void set_ywxz(const v4& v) restrict(amp, cpu) { self_().template set<1, 3, 0, 2>(v); }
  constexpr v4 get_ywzx() const restrict(amp, cpu) { return self_().template get<1, 3, 2, 0>(); }
  constexpr void set_ywzx(const v4& v) restrict(amp, cpu) { self_().template set<1, 3, 2, 0>(v); }
  constexpr v4 get_zxyw() const restrict(amp, cpu) { return self_().template get<2, 0, 1, 3>(); }
  constexpr void set_zxyw(const v4& v) restrict(amp, cpu) { self_().template set<2, 0, 1, 3>(v); }
  constexpr v4 get_zxwy() const restrict(amp, cpu) { return self_().template get<2, 0, 3, 1>(); }
  constexpr void set_zxwy(const v4& v) restrict(amp, cpu) { self_().template set<2, 0, 3, 1>(v); }
  constexpr v4 get_zyxw() const restrict(amp, cpu) { return self_().template get<2, 1, 0, 3>(); }
  constexpr void set_zyxw(const v4& v) restrict(amp, cpu) { self_().template set<2, 1, 0, 3>(v); }
  constexpr v4 get_zywx() const restrict(amp, cpu) { return self_().template get<2, 1, 3, 0>(); }
  constexpr void set_zywx(const v4& v) restrict(amp, cpu) { self_().template set<2, 1, 3, 0>(v); }
  constexpr v4 get_zwxy() const restrict(amp, cpu) { return self_().template get<2, 3, 0, 1>(); }
  constexpr void set_zwxy(const v4& v) restrict(amp, cpu) { self_().template set<2, 3, 0, 1>(v); }
  constexpr v4 get_zwyx() const restrict(amp, cpu) { return self_().template get<2, 3, 1, 0>(); }
  constexpr void set_zwyx(const v4& v) restrict(amp, cpu) { self_().template set<2, 3, 1, 0>(v); }
  constexpr v4 get_wxyz() const restrict(amp, cpu) { return self_().template get<3, 0, 1, 2>(); }
  constexpr void set_wxyz(const v4& v) restrict(amp, cpu) { self_().template set<3, 0, 1, 2>(v); }
  constexpr v4 get_wxzy() const restrict(amp, cpu) { return self_().template get<3, 0, 2, 1>(); }
  constexpr void set_wxzy(const v4& v) restrict(amp, cpu) { self_().template set<3, 0, 2, 1>(v); }
  constexpr v4 get_wyxz() const restrict(amp, cpu) { return self_().template get<3, 1, 0, 2>(); }
  constexpr void set_wyxz(const v4& v) restrict(amp, cpu) { self_().template set<3, 1, 0, 2>(v); }
  constexpr v4 get_wyzx() const restrict(amp, cpu) { return self_().template get<3, 1, 2, 0>(); }
  constexpr void set_wyzx(const v4& v) restrict(amp, cpu) { self_().template set<3, 1, 2, 0>(v); }
  constexpr v4 get_wzxy() const restrict(amp, cpu) { return self_().template get<3, 2, 0, 1>(); }
  constexpr void set_wzxy(const v4& v) restrict(amp, cpu) { self_().template set<3, 2, 0, 1>(v); }
  constexpr v4 get_wzyx() const restrict(amp, cpu) { return self_().template get<3, 2, 1, 0>(); }
  constexpr void set_wzyx(const v4& v) restrict(amp, cpu) { self_().template set<3, 2, 1, 0>(v); }

  // The properties of the swizzles above; x, y, z and w are the vector's data members.
  [[no_unique_address]] property_<0, 3> xw;
  [[no_unique_address]] property_<1, 3> yw;
  [[no_unique_address]] property_<2, 3> zw;
  [[no_unique_address]] property_<3, 0> wx;
  [[no_unique_address]] property_<3, 1> wy;
  [[no_unique_address]] property_<3, 2> wz;
  [[no_unique_address]] property_<0, 1, 3> xyw;
  [[no_unique_address]] property_<0, 2, 3> xzw;
  [[no_unique_address]] property_<0, 3, 1> xwy;
  [[no_unique_address]] property_<0, 3, 2> xwz;
  [[no_unique_address]] property_<1, 0, 3> yxw;
  [[no_unique_address]] property_<1, 2, 3> yzw;
  [[no_unique_address]] property_<1, 3, 0> ywx;
  [[no_unique_address]] property_<1, 3, 2> ywz;
  [[no_unique_address]] property_<2, 0, 3> zxw;
  [[no_unique_address]] property_<2, 1, 3> zyw;
  [[no_unique_address]] property_<2, 3, 0> zwx;
  [[no_unique_address]] property_<2, 3, 1> zwy;
  [[no_unique_address]] property_<3, 0, 1> wxy;
  [[no_unique_address]] property_<3, 0, 2> wxz;
  [[no_unique_address]] property_<3, 1, 0> wyx;
  [[no_unique_address]] property_<3, 1, 2> wyz;
  [[no_unique_address]] property_<3, 2, 0> wzx;
  [[no_unique_address]] property_<3, 2, 1> wzy;
  [[no_unique_address]] property_<0, 1, 2, 3> xyzw;
  [[no_unique_address]] property_<0, 1, 3, 2> xywz;
  [[no_unique_address]] property_<0, 2, 1, 3> xzyw;
  [[no_unique_address]] property_<0, 2, 3, 1> xzwy;
  [[no_unique_address]] property_<0, 3, 1, 2> xwyz;
  [[no_unique_address]] property_<0, 3, 2, 1> xwzy;
  [[no_unique_address]] property_<1, 0, 2, 3> yxzw;
  [[no_unique_address]] property_<1, 0, 3, 2> yxwz;
  [[no_unique_address]] property_<1, 2, 0, 3> yzxw;
  [[no_unique_address]] property_<1, 2, 3, 0> yzwx;
  [[no_unique_address]] property_<1, 3, 0, 2> ywxz;
  [[no_unique_address]] property_<1, 3, 2, 0> ywzx;
  [[no_unique_address]] property_<2, 0, 1, 3> zxyw;
  [[no_unique_address]] property_<2, 0, 3, 1> zxwy;
  [[no_unique_address]] property_<2, 1, 0, 3> zyxw;
  [[no_unique_address]] property_<2, 1, 3, 0> zywx;
  [[no_unique_address]] property_<2, 3, 0, 1> zwxy;
  [[no_unique_address]] property_<2, 3, 1, 0> zwyx;
  [[no_unique_address]] property_<3, 0, 1, 2> wxyz;
  [[no_unique_address]] property_<3, 0, 2, 1> wxzy;
  [[no_unique_address]] property_<3, 1, 0, 2> wyxz;
  [[no_unique_address]] property_<3, 1, 2, 0> wyzx;
  [[no_unique_address]] property_<3, 2, 0, 1> wzxy;
  [[no_unique_address]] property_<3, 2, 1, 0> wzyx;
};

}  // namespace ample::detail
