// check_copy(): concurrency::copy, copy_async and copy_to between arrays, views of host
// vectors (const or not), views with storage of their own, sections of each, and host
// iterators. A copy between equal extents must move exactly the model's elements and touch
// nothing else; any other copy must throw runtime_exception and change nothing.
#pragma once

#include <amp.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "../fuzz_input.hpp"
#include "../reference_model.hpp"

namespace ample_fuzz {
namespace copy_detail {

inline constexpr int max_dim = 8;  ///< largest dimension of any block

/// endpoint is one side of a copy: the flat block of ints that holds it (a host vector, an
/// array's storage or a view's own storage), where its elements lie in that block, and the
/// C++ AMP object that copy() receives. It is filled in place by build(): `handle` may point
/// into `arr`.
template <int N, class Handle>
struct endpoint {
  std::vector<int> host;
  std::optional<concurrency::array<int, N>> arr;
  std::optional<concurrency::array_view<int, N>> own;
  std::int64_t block_size = 0;
  view_model<N> model{};
  Handle handle;
  std::string what;

  /// contents() reads the block through a new host access each time: on a device with memory
  /// of its own (a GPU), what an array's data() or a view's element reference points at is
  /// current when taken, not after later copies into the device's copy.
  std::vector<int> contents() const {
    const int* block = arr ? std::as_const(*arr).data()
                       : own ? &std::as_const(*own)[concurrency::index<N>()]
                             : host.data();
    return std::vector<int>(block, block + block_size);
  }
};

template <int N>
using source = endpoint<N, std::variant<const concurrency::array<int, N>*, concurrency::array_view<int, N>,
                                        concurrency::array_view<const int, N>>>;
template <int N>
using destination = endpoint<N, std::variant<concurrency::array<int, N>*, concurrency::array_view<int, N>>>;

/// build() decodes an endpoint: a block of shape `whole`, which it is whole or a section of.
/// With `match`, the endpoint's extent is *match; otherwise it is decoded too. Block element i
/// holds first + i, so that any misplaced element shows.
template <bool is_source, int N, class Handle>
void build(endpoint<N, Handle>& p, input& in, const std::type_identity_t<values<N>>* match, int first) {
  using concurrency::array, concurrency::array_view;
  const int kind = in.byte() % (is_source ? 5 : 3);
  const bool sectioned = in.flag();
  values<N> whole, origin{}, ext;
  for (int d = 0; d < N; ++d) {
    if (match) {
      ext[d] = (*match)[d];
      origin[d] = sectioned ? in.in_range(0, 3) : 0;
      whole[d] = origin[d] + ext[d] + (sectioned ? in.in_range(0, 3) : 0);
    } else {
      // At least one point per dimension: Microsoft's runtime refuses empty arrays and sections.
      whole[d] = in.in_range(1, max_dim);
      origin[d] = sectioned ? in.in_range(0, static_cast<int>(whole[d]) - 1) : 0;
      ext[d] = sectioned ? in.in_range(1, static_cast<int>(whole[d] - origin[d])) : whole[d];
    }
  }
  p.block_size = points<N>(whole);
  p.model = *section_of<N>(dense<N>(whole), origin, ext);
  const auto e = make<concurrency::extent<N>>(whole);
  std::vector<int> initial(p.block_size);
  for (std::int64_t i = 0; i < p.block_size; ++i) initial[i] = first + static_cast<int>(i);

  const auto set = [&](auto view) {
    if (sectioned) p.handle = view.section(make<concurrency::index<N>>(origin), make<concurrency::extent<N>>(ext));
    else p.handle = view;
  };
  const int host_kind = is_source ? 2 : 1;
  if (kind < host_kind) {  // an array, const for a source of kind 1
    // CPU access asked for: on a device without it by default (REF) data() would be null.
    p.arr.emplace(e, initial.begin(), initial.end(), concurrency::accelerator().default_view,
                  concurrency::access_type_read_write);
    p.what = std::string(kind == 1 ? "const " : "") + "array<int>" + text<N>(whole);
    if (!sectioned) {
      p.handle = &*p.arr;
    } else if constexpr (is_source) {
      if (kind == 1) set(array_view<const int, N>(*p.arr));
      else set(array_view<int, N>(*p.arr));
    } else {
      set(array_view<int, N>(*p.arr));
    }
  } else if (kind < host_kind + 2) {  // a host vector, seen through a const view for kind 3
    p.host = std::move(initial);
    const bool constant = is_source && kind == 3;
    p.what = std::string("array_view<") + (constant ? "const " : "") + "int>" + text<N>(whole) + " of a vector";
    const std::vector<int>& const_host = p.host;
    if constexpr (is_source) {
      if (constant) set(array_view<const int, N>(e, const_host));
      else set(array_view<int, N>(e, p.host));
    } else {
      set(array_view<int, N>(e, p.host));
    }
  } else {  // a view with storage of its own, which only its elements reveal
    p.own.emplace(e);
    p.what = "array_view<int>" + text<N>(whole) + " with its own storage";
    for_each_point<N>(whole, [&](const values<N>& at) {
      (*p.own)[make<concurrency::index<N>>(at)] = initial[dense<N>(whole).at(at)];
    });
    set(*p.own);
  }
  if (sectioned) p.what += ".section(" + text<N>(origin) + ", " + text<N>(ext) + ")";
}

/// deref() turns a handle alternative into what copy() takes: the array itself, or the view.
template <class H>
decltype(auto) deref(H& h) {
  if constexpr (std::is_pointer_v<H>) return *h;
  else return (h);
}

/// copy_between() copies src to dst by one of the container forms of copy.
template <int N>
void copy_between(source<N>& src, destination<N>& dst, int form) {
  std::visit(
      [&](auto& s, auto& d) {
        auto& from = deref(s);
        auto& to = deref(d);
        switch (form) {
          case 0: concurrency::copy(from, to); return;
          case 1: concurrency::copy_async(from, to).get(); return;
          default: from.copy_to(to); return;
        }
      },
      src.handle, dst.handle);
}

template <class P>
void expect_unchanged(const std::vector<int>& before, const P& p, const std::string& what) {
  if (p.contents() != before) fail(what + ": " + p.what + " was changed");
}

/// expect_contents() fails unless p's block is `expected`.
template <class P>
void expect_contents(const P& p, const std::vector<int>& expected, const std::string& what) {
  const std::vector<int> after = p.contents();
  for (std::size_t i = 0; i < after.size(); ++i)
    if (after[i] != expected[i])
      fail(what + ": block element " + std::to_string(i) + " of " + p.what + " is " + std::to_string(after[i]) +
           ", expected " + std::to_string(expected[i]));
}

/// check_container_copy() copies src to dst by copy, copy_async or copy_to.
template <int N>
void check_container_copy(source<N>& src, destination<N>& dst, int form) {
  const std::vector<int> src_before = src.contents(), dst_before = dst.contents();
  const std::string what = std::string(form == 0 ? "copy" : form == 1 ? "copy_async" : "copy_to") + " from " +
                           src.what + " to " + dst.what;
  if (src.model.extent != dst.model.extent) {
    expect_throw<concurrency::runtime_exception>("runtime_exception", what, [&] { copy_between(src, dst, form); });
    expect_unchanged(dst_before, dst, what);
  } else {
    copy_between(src, dst, form);
    std::vector<int> expected = dst_before;
    for_each_point<N>(src.model.extent, [&](const values<N>& p) {
      expected[dst.model.at(p)] = src_before[src.model.at(p)];
    });
    expect_contents(dst, expected, what);
  }
  expect_unchanged(src_before, src, what);
}

/// check_fill() fills dst from a host range, by copy(first, last, dst) with a range that may
/// be too short or too long (which must throw), or by copy(first, dst).
template <int N>
void check_fill(input& in, destination<N>& dst, bool bounded, bool async) {
  const std::int64_t needed = points<N>(dst.model.extent);
  const std::int64_t length = std::max<std::int64_t>(0, needed + in.in_range(bounded ? -2 : 0, 2));
  std::vector<int> host(length);
  for (std::int64_t i = 0; i < length; ++i) host[i] = 7000000 + static_cast<int>(i);
  const std::vector<int> dst_before = dst.contents();
  const std::string what = std::string(async ? "copy_async" : "copy") + (bounded ? "(first, last" : "(first") +
                           " of " + std::to_string(length) + " ints, " + dst.what + ")";
  const auto fill = [&] {
    std::visit(
        [&](auto& d) {
          auto& to = deref(d);
          if (bounded && async) concurrency::copy_async(host.begin(), host.end(), to).get();
          else if (bounded) concurrency::copy(host.begin(), host.end(), to);
          else if (async) concurrency::copy_async(host.begin(), to).get();
          else concurrency::copy(host.begin(), to);
        },
        dst.handle);
  };
  if (bounded && length != needed) {
    expect_throw<concurrency::runtime_exception>("runtime_exception", what, fill);
    return expect_unchanged(dst_before, dst, what);
  }
  fill();
  std::vector<int> expected = dst_before;
  std::int64_t next = 0;
  for_each_point<N>(dst.model.extent, [&](const values<N>& p) { expected[dst.model.at(p)] = host[next++]; });
  expect_contents(dst, expected, what);
}

/// check_read() copies src to an output iterator, which must see its elements in row-major order.
template <int N>
void check_read(source<N>& src, bool async) {
  const std::vector<int> src_before = src.contents();
  const std::string what = std::string(async ? "copy_async" : "copy") + "(" + src.what + ", back_inserter)";
  std::vector<int> out;
  std::visit(
      [&](auto& s) {
        if (async) concurrency::copy_async(deref(s), std::back_inserter(out)).get();
        else concurrency::copy(deref(s), std::back_inserter(out));
      },
      src.handle);
  std::vector<int> expected;
  for_each_point<N>(src.model.extent, [&](const values<N>& p) { expected.push_back(src_before[src.model.at(p)]); });
  if (out != expected) fail(what + ": wrote " + std::to_string(out.size()) + " ints, not the model's elements in order");
  expect_unchanged(src_before, src, what);
}

/// run() decodes a source and a destination, of the same extent most of the time, and checks
/// one copy between them or between one of them and the host.
template <int N>
void run(input& in) {
  source<N> src;
  destination<N> dst;
  build<true>(src, in, nullptr, 1000000);
  const bool same_shape = in.byte() % 4 != 0;
  build<false>(dst, in, same_shape ? &src.model.extent : nullptr, -1000000);
  const int form = in.byte() % 6;
  if (form < 3) return check_container_copy(src, dst, form);
  if (form < 5) return check_fill(in, dst, form == 3, in.flag());
  check_read(src, in.flag());
}

}  // namespace copy_detail

/// check_copy() decodes a rank and checks one copy with containers of that rank.
inline void check_copy(const std::uint8_t* data, std::size_t size) {
  input in(data, size);
  with_rank(in.byte() % 3 + 1, [&](auto rank) { copy_detail::run<decltype(rank)::value>(in); });
}

}  // namespace ample_fuzz
