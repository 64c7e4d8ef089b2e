// check_section(): array and array_view sections, projections and view_as reshapes. A valid
// one must address exactly the elements the reference model computes; an invalid one must
// throw runtime_exception rather than hand out a view of memory it does not own.
#pragma once

#include <amp.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

#include "../fuzz_input.hpp"
#include "../reference_model.hpp"

namespace ample_fuzz {
namespace section_detail {

inline constexpr int max_dim = 8;      ///< largest dimension of a well-formed source
inline constexpr int max_steps = 12;   ///< sections and projections per input
inline constexpr int max_points = 16;  ///< most elements a hostile (any int) shape may hold

/// verify() checks that container c has the model's extent and that each of its elements,
/// through every accessor, is the model's element of the flat block at `base`.
template <class C>
void verify(const C& c, const view_model<C::rank>& m, const int* base, const std::string& what) {
  constexpr int N = C::rank;
  if (values_of(c.extent) != m.extent || values_of(c.get_extent()) != m.extent)
    fail(what + ": extent " + text<N>(values_of(c.extent)) + ", expected " + text<N>(m.extent));
  if constexpr (N == 1)
    if (m.extent[0] > 0 && static_cast<const int*>(c.data()) != base + m.offset)
      fail(what + ": data() is not the model's first element");
  for_each_point<N>(m.extent, [&](const values<N>& p) {
    const auto idx = make<concurrency::index<N>>(p);
    const int* expected = base + m.at(p);
    bool same = &c[idx] == expected && &c(idx) == expected;
    if constexpr (requires { c.get_ref(idx); }) same = same && &c.get_ref(idx) == expected;
    if constexpr (N == 1) same = same && &c[idx[0]] == expected && &c(idx[0]) == expected;
    if constexpr (N > 1) {
      std::array<int, N> list;
      for (int d = 0; d < N; ++d) list[d] = idx[d];
      same = same && std::apply([&](auto... i) { return &c(i...); }, list) == expected;
    }
    if (!same) fail(what + ": element " + text<N>(p) + " is not at offset " + std::to_string(m.at(p)));
  });
}

/// has_list_section<C> holds when C has the dimension-list form section(i0, .., e0, ..):
/// array_view has it; Ample's array does not.
template <class C>
concept has_list_section = (C::rank == 1 && requires(C& c) { c.section(0, 0); }) ||
                           (C::rank == 2 && requires(C& c) { c.section(0, 0, 0, 0); }) ||
                           (C::rank == 3 && requires(C& c) { c.section(0, 0, 0, 0, 0, 0); });

template <class C>
auto list_section(C& c, const values<C::rank>& o, const values<C::rank>& e) {
  constexpr int N = C::rank;
  if constexpr (N == 1) return c.section(int(o[0]), int(e[0]));
  else if constexpr (N == 2) return c.section(int(o[0]), int(o[1]), int(e[0]), int(e[1]));
  else return c.section(int(o[0]), int(o[1]), int(o[2]), int(e[0]), int(e[1]), int(e[2]));
}

template <int N>
values<N> any_values(input& in) {
  values<N> v;
  for (auto& x : v) x = in.any_int();
  return v;
}

template <class C>
void walk(C& c, const view_model<C::rank>& m, const int* base, input& in, int steps, const std::string& what);

/// reshape<K>() checks c.view_as(e) for a decoded extent<K> e and walks on from the result.
/// Only dense containers have view_as (arrays, and rank-1 views): the result lies densely
/// from c's first element, and it must be rejected if e is negative or holds more points.
template <int K, class C>
void reshape(C& c, const view_model<C::rank>& m, const int* base, input& in, int steps, const std::string& what) {
  const values<K> e = any_values<K>(in);
  const std::string name = what + ".view_as(" + text<K>(e) + ")";
  const auto call = [&] { return c.view_as(make<concurrency::extent<K>>(e)); };
  const bool negative = std::any_of(e.begin(), e.end(), [](auto x) { return x < 0; });
  if (negative || points<K>(e) > points<C::rank>(m.extent)) {
    expect_throw<concurrency::runtime_exception>("runtime_exception", name, call);
    return walk(c, m, base, in, steps - 1, what);
  }
  auto view = call();
  view_model<K> r = dense<K>(e);
  r.offset = m.offset;
  walk(view, r, base, in, steps - 1, name);
}

/// walk() verifies c, then applies one decoded section, projection or view_as to it and walks
/// on from the result (from c itself if the operation was invalid).
template <class C>
void walk(C& c, const view_model<C::rank>& m, const int* base, input& in, int steps, const std::string& what) {
  constexpr int N = C::rank;
  using concurrency::index, concurrency::extent;
  verify(c, m, base, what);
  if (steps == 0 || in.empty()) return;
  const int op = in.byte() % 6;
  if (op == 5) {
    if constexpr (requires { c.view_as(extent<1>()); })
      return with_rank(in.byte() % 3 + 1, [&](auto k) { reshape<decltype(k)::value>(c, m, base, in, steps, what); });
    return walk(c, m, base, in, steps - 1, what);
  }
  values<N> origin{}, ext = m.extent;
  if (op == 0 || op == 1 || op == 3) origin = any_values<N>(in);
  if (op == 0 || op == 2 || op == 3) ext = any_values<N>(in);
  if (op == 1)
    for (int d = 0; d < N; ++d) ext[d] = m.extent[d] - origin[d];

  if (op == 4) {
    if constexpr (N > 1) {
      if (m.extent[0] == 0) return walk(c, m, base, in, steps - 1, what);
      // Projection is unchecked, as in C++ AMP, unless AMPLE_ENABLE_DEBUG_CHECKS is on: only
      // rows that exist are projected.
      const int i = in.in_range(0, static_cast<int>(std::min<std::int64_t>(m.extent[0] - 1, 65535)));
      auto row = c[i];
      return walk(row, projection_of<N>(m, i), base, in, steps - 1, what + "[" + std::to_string(i) + "]");
    }
    return walk(c, m, base, in, steps - 1, what);
  }
  const auto call = [&] {
    if constexpr (has_list_section<C>)
      if (op == 3) return list_section(c, origin, ext);
    if (op == 1) return c.section(make<index<N>>(origin));
    if (op == 2) return c.section(make<extent<N>>(ext));
    return c.section(make<index<N>>(origin), make<extent<N>>(ext));
  };
  const std::string name = what + ".section(" +
                           (op == 1 ? text<N>(origin) : op == 2 ? text<N>(ext) : text<N>(origin) + ", " + text<N>(ext)) +
                           (op == 3 && has_list_section<C> ? ") in the dimension-list form" : ")");
  if (const auto s = section_of<N>(m, origin, ext)) {
    auto view = call();
    return walk(view, *s, base, in, steps - 1, name);
  }
  expect_throw<concurrency::runtime_exception>("runtime_exception", name, call);
  walk(c, m, base, in, steps - 1, what);
}

/// needed_points() is how many elements a shape holds, or -1 if a dimension is negative.
template <int N>
std::int64_t needed_points(const values<N>& e) {
  return std::any_of(e.begin(), e.end(), [](auto x) { return x < 0; }) ? -1 : points<N>(e);
}

/// run() makes the source an input chose (a view of a host vector, const or not, or through a
/// pointer; an array, const or not) and walks from it. Most shapes are small; a hostile one
/// may hold any ints, and then the source must be rejected unless it fits its storage.
template <int N>
void run(input& in) {
  using concurrency::array, concurrency::array_view, concurrency::runtime_exception;
  const bool hostile = in.byte() >= 224;
  values<N> me;
  for (auto& v : me) v = hostile ? in.any_int() : in.in_range(0, max_dim);
  const std::int64_t needed = needed_points<N>(me);
  const std::size_t available = hostile ? in.in_range(0, max_points) : needed + in.in_range(0, 2);
  std::vector<int> data(available);
  for (std::size_t i = 0; i < available; ++i) data[i] = static_cast<int>(i);
  const std::vector<int>& const_data = data;
  const bool fits = needed >= 0 && static_cast<std::size_t>(needed) <= available;
  const auto e = make<concurrency::extent<N>>(me);
  const std::string shape = text<N>(me);
  const auto reject = [&](const std::string& what, auto make_source) {
    expect_throw<runtime_exception>("runtime_exception", what + " over " + std::to_string(available) + " elements",
                                    make_source);
  };

  const int kind = in.byte() % 6;
  switch (kind) {
    case 0: {
      const std::string what = "array_view<int>" + shape + " of a vector";
      if (!fits) return reject(what, [&] { array_view<int, N>(e, data); });
      array_view<int, N> v(e, data);
      return walk(v, dense<N>(me), data.data(), in, max_steps, what);
    }
    case 1: {
      const std::string what = "array_view<const int>" + shape + " of a const vector";
      if (!fits) return reject(what, [&] { array_view<const int, N>(e, const_data); });
      array_view<const int, N> v(e, const_data);
      return walk(v, dense<N>(me), data.data(), in, max_steps, what);
    }
    case 2: {
      // A pointer carries no size, so only a negative extent can be rejected.
      const std::string what = "array_view<int>" + shape + " of a pointer";
      if (needed < 0) return reject(what, [&] { array_view<int, N>(e, data.data()); });
      if (!fits) return;
      array_view<int, N> v(e, data.data());
      return walk(v, dense<N>(me), data.data(), in, max_steps, what);
    }
    case 3:
    case 4: {
      const std::string what = std::string(kind == 4 ? "const " : "") + "array<int>" + shape;
      // An array owns its storage: reject an extent with no points or a negative dimension
      // (as Microsoft's runtime does), or one of more points than size() can count; do not
      // allocate the large ones in between.
      if (needed <= 0 || needed > UINT_MAX) return reject(what, [&] { array<int, N> a(e); });
      if (!fits) return;
      // CPU access asked for: on a device without it by default (REF) data() would be null.
      array<int, N> a(e, data.begin(), data.begin() + needed, concurrency::accelerator().default_view,
                       concurrency::access_type_read_write);
      if (kind == 3) return walk(a, dense<N>(me), a.data(), in, max_steps, what);
      const array<int, N>& const_a = a;
      return walk(const_a, dense<N>(me), a.data(), in, max_steps, what);
    }
    default: {
      const std::string what = "array_view<const int>" + shape + " of an array_view<int>";
      if (!fits) return;
      array_view<const int, N> v = array_view<int, N>(e, data);
      return walk(v, dense<N>(me), data.data(), in, max_steps, what);
    }
  }
}

}  // namespace section_detail

/// check_section() decodes a rank, a source container and up to max_steps sections,
/// projections and view_as reshapes, verifying every view on the way.
inline void check_section(const std::uint8_t* data, std::size_t size) {
  input in(data, size);
  with_rank(in.byte() % 3 + 1, [&](auto rank) { section_detail::run<decltype(rank)::value>(in); });
}

}  // namespace ample_fuzz
