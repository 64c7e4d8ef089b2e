// check_coordinate(): index<N> and extent<N> arithmetic, increments, comparisons, contains()
// and size(), each compared with the same operation on 64-bit integers.
#pragma once

#include <amp.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <tuple>
#include <type_traits>

#include "../fuzz_input.hpp"
#include "../reference_model.hpp"

namespace ample_fuzz {
namespace coordinate_detail {

/// C++ AMP coordinate arithmetic is int arithmetic, and int overflow is undefined behaviour of
/// the program rather than something Ample checks. Operands stay within ±operand_limit and
/// running values within ±value_limit, so no sum or product of the two leaves int.
inline constexpr int operand_limit = 1 << 10;
inline constexpr std::int64_t value_limit = 1 << 20;
inline constexpr int max_steps = 64;

enum op { add, sub, mul, div, mod, op_count };
inline constexpr const char* op_symbol[] = {"+", "-", "*", "/", "%"};

inline std::int64_t apply(op o, std::int64_t a, std::int64_t b) {
  switch (o) {
    case add: return a + b;
    case sub: return a - b;
    case mul: return a * b;
    case div: return a / b;
    default: return a % b;
  }
}

/// has_all_ops<C, Y> holds when C takes all five operators with a Y operand: an int always,
/// another extent for an extent; index and extent take only + and - with an index.
template <class C, class Y>
inline constexpr bool has_all_ops =
    (std::is_same_v<C, Y> && ample::detail::elementwise_products<C>) || std::is_same_v<Y, int>;

/// The three spellings of `x op y`: compound assignment, binary operator, operand first.
template <class C, class Y>
C compound(op o, C x, const Y& y) {
  if (o == add) return x += y;
  if (o == sub) return x -= y;
  if constexpr (has_all_ops<C, Y>) {
    if (o == mul) return x *= y;
    if (o == div) return x /= y;
    return x %= y;
  }
  fail("no operator" + std::string(op_symbol[o]) + "= for these operands");
}
template <class C, class Y>
C binary(op o, const C& x, const Y& y) {
  if (o == add) return x + y;
  if (o == sub) return x - y;
  if constexpr (has_all_ops<C, Y>) {
    if (o == mul) return x * y;
    if (o == div) return x / y;
    return x % y;
  }
  fail("no operator" + std::string(op_symbol[o]) + " for these operands");
}
template <class C>
C scalar_first(op o, int s, const C& x) {
  switch (o) {
    case add: return s + x;
    case sub: return s - x;
    case mul: return s * x;
    case div: return s / x;
    default: return s % x;
  }
}

/// operand() is a value for the right of an operator: often tiny, to reach zero and sign
/// changes, otherwise anywhere in ±operand_limit; never 0 when it will divide.
inline int operand(input& in, bool divides) {
  int v = in.flag() ? in.in_range(-4, 4) : in.in_range(-operand_limit, operand_limit);
  return divides && v == 0 ? 1 : v;
}

/// fresh<C>() decodes a coordinate, built alternately from a list of ints and from an array.
template <class C>
C fresh(input& in, values<C::rank>& model, bool divides = false) {
  int raw[C::rank];
  for (int d = 0; d < C::rank; ++d) model[d] = raw[d] = operand(in, divides);
  if (!in.flag()) return C(raw);
  std::array<int, C::rank> list;
  std::copy(raw, raw + C::rank, list.begin());
  return std::apply([](auto... v) { return C(v...); }, list);
}

template <class C>
void expect_values(const C& x, const values<C::rank>& expected, const std::string& what) {
  if (values_of(x) != expected)
    fail(what + " gave " + text<C::rank>(values_of(x)) + ", expected " + text<C::rank>(expected));
}

/// arithmetic() applies one decoded operator to x, with an operand of type Y (index or
/// extent) or int, and compares the result with the model.
template <class C, class Y>
void arithmetic(input& in, const char* name, C& x, values<C::rank>& model) {
  constexpr int N = C::rank;
  const op o = static_cast<op>(in.byte() % (has_all_ops<C, Y> ? op_count : sub + 1));
  const bool divides = o == div || o == mod;
  const int form = in.byte() % (has_all_ops<C, Y> ? 5 : 2);  // extent +- index has no scalar forms
  values<N> expected;
  std::string what = std::string(name) + " " + text<N>(model);
  C result;
  if (form < 2) {
    values<N> y;
    const Y operand_y = fresh<Y>(in, y, divides);
    for (int d = 0; d < N; ++d) expected[d] = apply(o, model[d], y[d]);
    what += std::string(form == 0 ? " " : " (binary) ") + op_symbol[o] + " " + text<N>(y);
    result = form == 0 ? compound(o, x, operand_y) : binary(o, x, operand_y);
  } else if (form < 4) {
    const int s = operand(in, divides);
    for (int d = 0; d < N; ++d) expected[d] = apply(o, model[d], s);
    what += std::string(form == 2 ? " " : " (binary) ") + op_symbol[o] + " " + std::to_string(s);
    result = form == 2 ? compound(o, x, s) : binary(o, x, s);
  } else {
    const int s = operand(in, false);
    for (int d = 0; d < N; ++d)
      if (divides && model[d] == 0) return;  // s / x needs every x[d] non-zero
    for (int d = 0; d < N; ++d) expected[d] = apply(o, s, model[d]);
    what = std::to_string(s) + " " + op_symbol[o] + " " + what;
    result = scalar_first(o, s, x);
  }
  expect_values(result, expected, what);
  x = result;
  model = expected;
}

/// increment() checks ++x, x++, --x and x--, their results and their effect.
template <class C>
void increment(input& in, const char* name, C& x, values<C::rank>& model) {
  const int form = in.byte() % 4;
  const int delta = form < 2 ? 1 : -1;
  values<C::rank> after = model;
  for (auto& v : after) v += delta;
  const std::string what = std::string(form % 2 ? "post" : "pre") + (delta > 0 ? "increment" : "decrement") +
                           " of " + name + " " + text<C::rank>(model);
  const C returned = form == 0 ? ++x : form == 1 ? x++ : form == 2 ? --x : x--;
  expect_values(returned, form % 2 ? model : after, what + " (returned)");
  expect_values(x, after, what);
  model = after;
}

/// compare() checks == and != against a copy of x that may differ in one dimension.
template <class C>
void compare(input& in, const char* name, const C& x, const values<C::rank>& model) {
  C y = x;
  values<C::rank> my = model;
  if (in.flag()) {
    const int d = in.byte() % C::rank;
    const int delta = in.in_range(-2, 2);
    y[d] += delta;
    my[d] += delta;
  }
  const bool equal = model == my;
  if ((x == y) != equal || (x != y) == equal)
    fail(std::string(name) + " " + text<C::rank>(model) + " compared with " + text<C::rank>(my) +
         ": == and != disagree with the model");
}

/// contains_and_size() checks e.contains(idx) for every idx around a small extent e, and
/// size(): of e, and of an extent of any ints whose point count fits size()'s unsigned int.
template <int N>
void contains_and_size(input& in) {
  values<N> me, box;
  for (int d = 0; d < N; ++d) {
    me[d] = in.in_range(-1, 6);
    box[d] = me[d] + 4;  // indices from -2 to me[d] + 1
  }
  const auto e = make<concurrency::extent<N>>(me);
  for_each_point<N>(box, [&](const values<N>& p) {
    values<N> idx;
    bool inside = true;
    for (int d = 0; d < N; ++d) {
      idx[d] = p[d] - 2;
      inside = inside && idx[d] >= 0 && idx[d] < me[d];
    }
    if (e.contains(make<concurrency::index<N>>(idx)) != inside)
      fail("extent " + text<N>(me) + ".contains" + text<N>(idx) + " returned " + (inside ? "false" : "true"));
  });
  const bool non_negative = std::all_of(me.begin(), me.end(), [](auto v) { return v >= 0; });
  if (non_negative && e.size() != static_cast<unsigned>(points<N>(me)))
    fail("extent " + text<N>(me) + ".size() returned " + std::to_string(e.size()));

  values<N> mb;
  for (auto& v : mb) v = in.any_int();
  const auto big = make<concurrency::extent<N>>(mb);
  std::uint64_t n = 1;
  for (int d = 0; d < N && n <= UINT_MAX; ++d) n = mb[d] < 0 ? UINT64_MAX : n * static_cast<std::uint64_t>(mb[d]);
  if (n <= UINT_MAX && big.size() != n)
    fail("extent " + text<N>(mb) + ".size() returned " + std::to_string(big.size()));
}

template <int N>
void run(input& in) {
  values<N> ma, me;
  auto a = fresh<concurrency::index<N>>(in, ma);
  auto e = fresh<concurrency::extent<N>>(in, me);
  for (int step = 0; step < max_steps && !in.empty(); ++step) {
    switch (in.byte() % 9) {
      case 0: arithmetic<concurrency::index<N>, concurrency::index<N>>(in, "index", a, ma); break;
      case 1: arithmetic<concurrency::extent<N>, concurrency::extent<N>>(in, "extent", e, me); break;
      case 2: arithmetic<concurrency::extent<N>, concurrency::index<N>>(in, "extent", e, me); break;
      case 3: increment(in, "index", a, ma); break;
      case 4: increment(in, "extent", e, me); break;
      case 5: compare(in, "index", a, ma); break;
      case 6: compare(in, "extent", e, me); break;
      case 7: contains_and_size<N>(in); break;
      default: {
        const int d = in.byte() % N, v = operand(in, false);
        a[d] = v;
        ma[d] = v;
        expect_values(a, ma, "index after a[" + std::to_string(d) + "] = " + std::to_string(v));
      }
    }
    if (!std::all_of(ma.begin(), ma.end(), [](auto v) { return std::abs(v) <= value_limit; }))
      a = fresh<concurrency::index<N>>(in, ma);
    if (!std::all_of(me.begin(), me.end(), [](auto v) { return std::abs(v) <= value_limit; }))
      e = fresh<concurrency::extent<N>>(in, me);
  }
}

}  // namespace coordinate_detail

/// check_coordinate() decodes a rank and a sequence of operations on one index and one extent
/// of that rank, and fails on the first result that differs from the model.
inline void check_coordinate(const std::uint8_t* data, std::size_t size) {
  input in(data, size);
  with_rank(in.byte() % 3 + 1, [&](auto rank) { coordinate_detail::run<decltype(rank)::value>(in); });
}

}  // namespace ample_fuzz
