// The rgba swizzles of the short vectors as properties and getter/setter pairs (SPEC §10.9;
// MSREF float_4 class).
//
// Microsoft exposes every swizzle both as a property (`v.rg`) and as a get_/set_ pair, e.g.
// get_abgr() and set_rg(float_2), plus ref_r() ... ref_a(), which return a reference to one
// component. Ample has all three; each property, r ... a included, is an empty
// [[no_unique_address]] member (swizzle_property.hpp).
// The list is every ordered choice of distinct components, 1 to N of them, as Microsoft lists
// them; each pair and each property uses short_vector_impl::get<I...>() / set<I...>()
// (short_vector_impl.hpp), which also accept any index list directly. The same swizzles under
// the xyzw names are in swizzle_xyzw.hpp; r is x, g is y, b is z, a is w.
// swizzle_rgba_K holds the swizzles whose components are among the first K with the K-th used
// (K = 2: r and g; K = 3: those with b; K = 4: those with a), so a vector of size N
// inherits levels 2..N and gets no swizzle that names a component it lacks.
// This file was written out once, not generated at build time.
#pragma once

#include "../config.hpp"
#include "swizzle_property.hpp"

namespace ample::detail {

template <class T, int N>
class short_vector_impl;

/// swizzle_rgba_2<D, T> adds to D = short_vector_impl<T, N ≥ 2> the swizzles that use g.
template <class D, class T>
struct swizzle_rgba_2 {
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
  using property_ = swizzle_property<swizzle_rgba_2, swizzle_value_t<T, sizeof...(I)>, I...>;

 public:
  constexpr T get_r() const restrict(amp, cpu) { return self_().template get<0>(); }
  constexpr void set_r(T v) restrict(amp, cpu) { self_().template set<0>(v); }
  constexpr T& ref_r() restrict(amp, cpu) { return self_().x; }
  constexpr T get_g() const restrict(amp, cpu) { return self_().template get<1>(); }
  constexpr void set_g(T v) restrict(amp, cpu) { self_().template set<1>(v); }
  constexpr T& ref_g() restrict(amp, cpu) { return self_().y; }
  constexpr v2 get_rg() const restrict(amp, cpu) { return self_().template get<0, 1>(); }
  constexpr void set_rg(const v2& v) restrict(amp, cpu) { self_().template set<0, 1>(v); }
  constexpr v2 get_gr() const restrict(amp, cpu) { return self_().template get<1, 0>(); }
  constexpr void set_gr(const v2& v) restrict(amp, cpu) { self_().template set<1, 0>(v); }

  // The properties of the swizzles above.
  [[no_unique_address]] property_<0> r;
  [[no_unique_address]] property_<1> g;
  [[no_unique_address]] property_<0, 1> rg;
  [[no_unique_address]] property_<1, 0> gr;
};

/// swizzle_rgba_3<D, T> adds to D = short_vector_impl<T, N ≥ 3> the swizzles that use b.
template <class D, class T>
struct swizzle_rgba_3 {
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
  using property_ = swizzle_property<swizzle_rgba_3, swizzle_value_t<T, sizeof...(I)>, I...>;

 public:
  constexpr T get_b() const restrict(amp, cpu) { return self_().template get<2>(); }
  constexpr void set_b(T v) restrict(amp, cpu) { self_().template set<2>(v); }
  constexpr T& ref_b() restrict(amp, cpu) { return self_().z; }
  constexpr v2 get_rb() const restrict(amp, cpu) { return self_().template get<0, 2>(); }
  constexpr void set_rb(const v2& v) restrict(amp, cpu) { self_().template set<0, 2>(v); }
  constexpr v2 get_gb() const restrict(amp, cpu) { return self_().template get<1, 2>(); }
  constexpr void set_gb(const v2& v) restrict(amp, cpu) { self_().template set<1, 2>(v); }
  constexpr v2 get_br() const restrict(amp, cpu) { return self_().template get<2, 0>(); }
  constexpr void set_br(const v2& v) restrict(amp, cpu) { self_().template set<2, 0>(v); }
  constexpr v2 get_bg() const restrict(amp, cpu) { return self_().template get<2, 1>(); }
  constexpr void set_bg(const v2& v) restrict(amp, cpu) { self_().template set<2, 1>(v); }
  constexpr v3 get_rgb() const restrict(amp, cpu) { return self_().template get<0, 1, 2>(); }
  constexpr void set_rgb(const v3& v) restrict(amp, cpu) { self_().template set<0, 1, 2>(v); }
  constexpr v3 get_rbg() const restrict(amp, cpu) { return self_().template get<0, 2, 1>(); }
  constexpr void set_rbg(const v3& v) restrict(amp, cpu) { self_().template set<0, 2, 1>(v); }
  constexpr v3 get_grb() const restrict(amp, cpu) { return self_().template get<1, 0, 2>(); }
  constexpr void set_grb(const v3& v) restrict(amp, cpu) { self_().template set<1, 0, 2>(v); }
  constexpr v3 get_gbr() const restrict(amp, cpu) { return self_().template get<1, 2, 0>(); }
  constexpr void set_gbr(const v3& v) restrict(amp, cpu) { self_().template set<1, 2, 0>(v); }
  constexpr v3 get_brg() const restrict(amp, cpu) { return self_().template get<2, 0, 1>(); }
  constexpr void set_brg(const v3& v) restrict(amp, cpu) { self_().template set<2, 0, 1>(v); }
  constexpr v3 get_bgr() const restrict(amp, cpu) { return self_().template get<2, 1, 0>(); }
  constexpr void set_bgr(const v3& v) restrict(amp, cpu) { self_().template set<2, 1, 0>(v); }

  // The properties of the swizzles above.
  [[no_unique_address]] property_<2> b;
  [[no_unique_address]] property_<0, 2> rb;
  [[no_unique_address]] property_<1, 2> gb;
  [[no_unique_address]] property_<2, 0> br;
  [[no_unique_address]] property_<2, 1> bg;
  [[no_unique_address]] property_<0, 1, 2> rgb;
  [[no_unique_address]] property_<0, 2, 1> rbg;
  [[no_unique_address]] property_<1, 0, 2> grb;
  [[no_unique_address]] property_<1, 2, 0> gbr;
  [[no_unique_address]] property_<2, 0, 1> brg;
  [[no_unique_address]] property_<2, 1, 0> bgr;
};

/// swizzle_rgba_4<D, T> adds to D = short_vector_impl<T, N ≥ 4> the swizzles that use a.
template <class D, class T>
struct swizzle_rgba_4 {
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
  using property_ = swizzle_property<swizzle_rgba_4, swizzle_value_t<T, sizeof...(I)>, I...>;

 public:
  constexpr T get_a() const restrict(amp, cpu) { return self_().template get<3>(); }
  constexpr void set_a(T v) restrict(amp, cpu) { self_().template set<3>(v); }
  constexpr T& ref_a() restrict(amp, cpu) { return self_().w; }
  constexpr v2 get_ra() const restrict(amp, cpu) { return self_().template get<0, 3>(); }
  constexpr void set_ra(const v2& v) restrict(amp, cpu) { self_().template set<0, 3>(v); }
  constexpr v2 get_ga() const restrict(amp, cpu) { return self_().template get<1, 3>(); }
  constexpr void set_ga(const v2& v) restrict(amp, cpu) { self_().template set<1, 3>(v); }
  constexpr v2 get_ba() const restrict(amp, cpu) { return self_().template get<2, 3>(); }
  constexpr void set_ba(const v2& v) restrict(amp, cpu) { self_().template set<2, 3>(v); }
  constexpr v2 get_ar() const restrict(amp, cpu) { return self_().template get<3, 0>(); }
  constexpr void set_ar(const v2& v) restrict(amp, cpu) { self_().template set<3, 0>(v); }
  constexpr v2 get_ag() const restrict(amp, cpu) { return self_().template get<3, 1>(); }
  constexpr void set_ag(const v2& v) restrict(amp, cpu) { self_().template set<3, 1>(v); }
  constexpr v2 get_ab() const restrict(amp, cpu) { return self_().template get<3, 2>(); }
  constexpr void set_ab(const v2& v) restrict(amp, cpu) { self_().template set<3, 2>(v); }
  constexpr v3 get_rga() const restrict(amp, cpu) { return self_().template get<0, 1, 3>(); }
  constexpr void set_rga(const v3& v) restrict(amp, cpu) { self_().template set<0, 1, 3>(v); }
  constexpr v3 get_rba() const restrict(amp, cpu) { return self_().template get<0, 2, 3>(); }
  constexpr void set_rba(const v3& v) restrict(amp, cpu) { self_().template set<0, 2, 3>(v); }
  constexpr v3 get_rag() const restrict(amp, cpu) { return self_().template get<0, 3, 1>(); }
  constexpr void set_rag(const v3& v) restrict(amp, cpu) { self_().template set<0, 3, 1>(v); }
  constexpr v3 get_rab() const restrict(amp, cpu) { return self_().template get<0, 3, 2>(); }
  constexpr void set_rab(const v3& v) restrict(amp, cpu) { self_().template set<0, 3, 2>(v); }
  constexpr v3 get_gra() const restrict(amp, cpu) { return self_().template get<1, 0, 3>(); }
  constexpr void set_gra(const v3& v) restrict(amp, cpu) { self_().template set<1, 0, 3>(v); }
  constexpr v3 get_gba() const restrict(amp, cpu) { return self_().template get<1, 2, 3>(); }
  constexpr void set_gba(const v3& v) restrict(amp, cpu) { self_().template set<1, 2, 3>(v); }
  constexpr v3 get_gar() const restrict(amp, cpu) { return self_().template get<1, 3, 0>(); }
  constexpr void set_gar(const v3& v) restrict(amp, cpu) { self_().template set<1, 3, 0>(v); }
  constexpr v3 get_gab() const restrict(amp, cpu) { return self_().template get<1, 3, 2>(); }
  constexpr void set_gab(const v3& v) restrict(amp, cpu) { self_().template set<1, 3, 2>(v); }
  constexpr v3 get_bra() const restrict(amp, cpu) { return self_().template get<2, 0, 3>(); }
  constexpr void set_bra(const v3& v) restrict(amp, cpu) { self_().template set<2, 0, 3>(v); }
  constexpr v3 get_bga() const restrict(amp, cpu) { return self_().template get<2, 1, 3>(); }
  constexpr void set_bga(const v3& v) restrict(amp, cpu) { self_().template set<2, 1, 3>(v); }
  constexpr v3 get_bar() const restrict(amp, cpu) { return self_().template get<2, 3, 0>(); }
  constexpr void set_bar(const v3& v) restrict(amp, cpu) { self_().template set<2, 3, 0>(v); }
  constexpr v3 get_bag() const restrict(amp, cpu) { return self_().template get<2, 3, 1>(); }
  constexpr void set_bag(const v3& v) restrict(amp, cpu) { self_().template set<2, 3, 1>(v); }
  constexpr v3 get_arg() const restrict(amp, cpu) { return self_().template get<3, 0, 1>(); }
  constexpr void set_arg(const v3& v) restrict(amp, cpu) { self_().template set<3, 0, 1>(v); }
  constexpr v3 get_arb() const restrict(amp, cpu) { return self_().template get<3, 0, 2>(); }
  constexpr void set_arb(const v3& v) restrict(amp, cpu) { self_().template set<3, 0, 2>(v); }
  constexpr v3 get_agr() const restrict(amp, cpu) { return self_().template get<3, 1, 0>(); }
  constexpr void set_agr(const v3& v) restrict(amp, cpu) { self_().template set<3, 1, 0>(v); }
  constexpr v3 get_agb() const restrict(amp, cpu) { return self_().template get<3, 1, 2>(); }
  constexpr void set_agb(const v3& v) restrict(amp, cpu) { self_().template set<3, 1, 2>(v); }
  constexpr v3 get_abr() const restrict(amp, cpu) { return self_().template get<3, 2, 0>(); }
  constexpr void set_abr(const v3& v) restrict(amp, cpu) { self_().template set<3, 2, 0>(v); }
  constexpr v3 get_abg() const restrict(amp, cpu) { return self_().template get<3, 2, 1>(); }
  constexpr void set_abg(const v3& v) restrict(amp, cpu) { self_().template set<3, 2, 1>(v); }
  constexpr v4 get_rgba() const restrict(amp, cpu) { return self_().template get<0, 1, 2, 3>(); }
  constexpr void set_rgba(const v4& v) restrict(amp, cpu) { self_().template set<0, 1, 2, 3>(v); }
  constexpr v4 get_rgab() const restrict(amp, cpu) { return self_().template get<0, 1, 3, 2>(); }
  constexpr void set_rgab(const v4& v) restrict(amp, cpu) { self_().template set<0, 1, 3, 2>(v); }
  constexpr v4 get_rbga() const restrict(amp, cpu) { return self_().template get<0, 2, 1, 3>(); }
  constexpr void set_rbga(const v4& v) restrict(amp, cpu) { self_().template set<0, 2, 1, 3>(v); }
  constexpr v4 get_rbag() const restrict(amp, cpu) { return self_().template get<0, 2, 3, 1>(); }
  constexpr void set_rbag(const v4& v) restrict(amp, cpu) { self_().template set<0, 2, 3, 1>(v); }
  constexpr v4 get_ragb() const restrict(amp, cpu) { return self_().template get<0, 3, 1, 2>(); }
  constexpr void set_ragb(const v4& v) restrict(amp, cpu) { self_().template set<0, 3, 1, 2>(v); }
  constexpr v4 get_rabg() const restrict(amp, cpu) { return self_().template get<0, 3, 2, 1>(); }
  constexpr void set_rabg(const v4& v) restrict(amp, cpu) { self_().template set<0, 3, 2, 1>(v); }
  constexpr v4 get_grba() const restrict(amp, cpu) { return self_().template get<1, 0, 2, 3>(); }
  constexpr void set_grba(const v4& v) restrict(amp, cpu) { self_().template set<1, 0, 2, 3>(v); }
  constexpr v4 get_grab() const restrict(amp, cpu) { return self_().template get<1, 0, 3, 2>(); }
  constexpr void set_grab(const v4& v) restrict(amp, cpu) { self_().template set<1, 0, 3, 2>(v); }
  constexpr v4 get_gbra() const restrict(amp, cpu) { return self_().template get<1, 2, 0, 3>(); }
  constexpr void set_gbra(const v4& v) restrict(amp, cpu) { self_().template set<1, 2, 0, 3>(v); }
  constexpr v4 get_gbar() const restrict(amp, cpu) { return self_().template get<1, 2, 3, 0>(); }
  constexpr void set_gbar(const v4& v) restrict(amp, cpu) { self_().template set<1, 2, 3, 0>(v); }
  constexpr v4 get_garb() const restrict(amp, cpu) { return self_().template get<1, 3, 0, 2>(); }
  constexpr void set_garb(const v4& v) restrict(amp, cpu) { self_().template set<1, 3, 0, 2>(v); }
  constexpr v4 get_gabr() const restrict(amp, cpu) { return self_().template get<1, 3, 2, 0>(); }
  constexpr void set_gabr(const v4& v) restrict(amp, cpu) { self_().template set<1, 3, 2, 0>(v); }
  constexpr v4 get_brga() const restrict(amp, cpu) { return self_().template get<2, 0, 1, 3>(); }
  constexpr void set_brga(const v4& v) restrict(amp, cpu) { self_().template set<2, 0, 1, 3>(v); }
  constexpr v4 get_brag() const restrict(amp, cpu) { return self_().template get<2, 0, 3, 1>(); }
  constexpr void set_brag(const v4& v) restrict(amp, cpu) { self_().template set<2, 0, 3, 1>(v); }
  constexpr v4 get_bgra() const restrict(amp, cpu) { return self_().template get<2, 1, 0, 3>(); }
  constexpr void set_bgra(const v4& v) restrict(amp, cpu) { self_().template set<2, 1, 0, 3>(v); }
  constexpr v4 get_bgar() const restrict(amp, cpu) { return self_().template get<2, 1, 3, 0>(); }
  constexpr void set_bgar(const v4& v) restrict(amp, cpu) { self_().template set<2, 1, 3, 0>(v); }
  constexpr v4 get_barg() const restrict(amp, cpu) { return self_().template get<2, 3, 0, 1>(); }
  constexpr void set_barg(const v4& v) restrict(amp, cpu) { self_().template set<2, 3, 0, 1>(v); }
  constexpr v4 get_bagr() const restrict(amp, cpu) { return self_().template get<2, 3, 1, 0>(); }
  constexpr void set_bagr(const v4& v) restrict(amp, cpu) { self_().template set<2, 3, 1, 0>(v); }
  constexpr v4 get_argb() const restrict(amp, cpu) { return self_().template get<3, 0, 1, 2>(); }
  constexpr void set_argb(const v4& v) restrict(amp, cpu) { self_().template set<3, 0, 1, 2>(v); }
  constexpr v4 get_arbg() const restrict(amp, cpu) { return self_().template get<3, 0, 2, 1>(); }
  constexpr void set_arbg(const v4& v) restrict(amp, cpu) { self_().template set<3, 0, 2, 1>(v); }
  constexpr v4 get_agrb() const restrict(amp, cpu) { return self_().template get<3, 1, 0, 2>(); }
  constexpr void set_agrb(const v4& v) restrict(amp, cpu) { self_().template set<3, 1, 0, 2>(v); }
  constexpr v4 get_agbr() const restrict(amp, cpu) { return self_().template get<3, 1, 2, 0>(); }
  constexpr void set_agbr(const v4& v) restrict(amp, cpu) { self_().template set<3, 1, 2, 0>(v); }
  constexpr v4 get_abrg() const restrict(amp, cpu) { return self_().template get<3, 2, 0, 1>(); }
  constexpr void set_abrg(const v4& v) restrict(amp, cpu) { self_().template set<3, 2, 0, 1>(v); }
  constexpr v4 get_abgr() const restrict(amp, cpu) { return self_().template get<3, 2, 1, 0>(); }
  constexpr void set_abgr(const v4& v) restrict(amp, cpu) { self_().template set<3, 2, 1, 0>(v); }

  // The properties of the swizzles above.
  [[no_unique_address]] property_<3> a;
  [[no_unique_address]] property_<0, 3> ra;
  [[no_unique_address]] property_<1, 3> ga;
  [[no_unique_address]] property_<2, 3> ba;
  [[no_unique_address]] property_<3, 0> ar;
  [[no_unique_address]] property_<3, 1> ag;
  [[no_unique_address]] property_<3, 2> ab;
  [[no_unique_address]] property_<0, 1, 3> rga;
  [[no_unique_address]] property_<0, 2, 3> rba;
  [[no_unique_address]] property_<0, 3, 1> rag;
  [[no_unique_address]] property_<0, 3, 2> rab;
  [[no_unique_address]] property_<1, 0, 3> gra;
  [[no_unique_address]] property_<1, 2, 3> gba;
  [[no_unique_address]] property_<1, 3, 0> gar;
  [[no_unique_address]] property_<1, 3, 2> gab;
  [[no_unique_address]] property_<2, 0, 3> bra;
  [[no_unique_address]] property_<2, 1, 3> bga;
  [[no_unique_address]] property_<2, 3, 0> bar;
  [[no_unique_address]] property_<2, 3, 1> bag;
  [[no_unique_address]] property_<3, 0, 1> arg;
  [[no_unique_address]] property_<3, 0, 2> arb;
  [[no_unique_address]] property_<3, 1, 0> agr;
  [[no_unique_address]] property_<3, 1, 2> agb;
  [[no_unique_address]] property_<3, 2, 0> abr;
  [[no_unique_address]] property_<3, 2, 1> abg;
  [[no_unique_address]] property_<0, 1, 2, 3> rgba;
  [[no_unique_address]] property_<0, 1, 3, 2> rgab;
  [[no_unique_address]] property_<0, 2, 1, 3> rbga;
  [[no_unique_address]] property_<0, 2, 3, 1> rbag;
  [[no_unique_address]] property_<0, 3, 1, 2> ragb;
  [[no_unique_address]] property_<0, 3, 2, 1> rabg;
  [[no_unique_address]] property_<1, 0, 2, 3> grba;
  [[no_unique_address]] property_<1, 0, 3, 2> grab;
  [[no_unique_address]] property_<1, 2, 0, 3> gbra;
  [[no_unique_address]] property_<1, 2, 3, 0> gbar;
  [[no_unique_address]] property_<1, 3, 0, 2> garb;
  [[no_unique_address]] property_<1, 3, 2, 0> gabr;
  [[no_unique_address]] property_<2, 0, 1, 3> brga;
  [[no_unique_address]] property_<2, 0, 3, 1> brag;
  [[no_unique_address]] property_<2, 1, 0, 3> bgra;
  [[no_unique_address]] property_<2, 1, 3, 0> bgar;
  [[no_unique_address]] property_<2, 3, 0, 1> barg;
  [[no_unique_address]] property_<2, 3, 1, 0> bagr;
  [[no_unique_address]] property_<3, 0, 1, 2> argb;
  [[no_unique_address]] property_<3, 0, 2, 1> arbg;
  [[no_unique_address]] property_<3, 1, 0, 2> agrb;
  [[no_unique_address]] property_<3, 1, 2, 0> agbr;
  [[no_unique_address]] property_<3, 2, 0, 1> abrg;
  [[no_unique_address]] property_<3, 2, 1, 0> abgr;
};

}  // namespace ample::detail
