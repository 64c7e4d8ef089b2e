// array<T,N>: N-dimensional data owned by an accelerator_view (SPEC §5.1).
#pragma once

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "accelerator.hpp"
#include "array_view.hpp"
#include "detail/buffer.hpp"
#include "detail/readonly_extent.hpp"
#include "detail/strided_layout.hpp"
#include "extent.hpp"
#include "index.hpp"

namespace concurrency {

/// array<T,N> owns dense N-dimensional storage on an accelerator_view. Unlike array_view it
/// has value semantics: copying an array copies its elements. Kernels capture arrays by
/// reference ([=, &arr]); capturing one by value would hand the kernel a private copy.
///
///     array<float, 2> a(64, 64, v.begin(), v.end());
///     parallel_for_each(a.extent, [&a](index<2> i) restrict(amp) { a[i] *= 2; });
///     std::vector<float> out = a;
template <class T, int N = 1>
class array {
  static_assert(N >= 1, "array needs rank N >= 1");
  static_assert(!std::is_const_v<T> && !std::is_reference_v<T> && !std::is_volatile_v<T>,
                "array element must be a non-const object type");
  static_assert(std::is_trivially_copyable_v<T>, "array elements must be trivially copyable (SPEC §5.1)");

 public:
  static constexpr int rank = N;
  using value_type = T;

  /// extent is the shape of the array.
  ample::detail::readonly_extent<N> extent;

  explicit array(const concurrency::extent<N>& e) : array(e, accelerator().default_view) {}
  array(const concurrency::extent<N>& e, accelerator_view av, access_type cpu_access = access_type_auto)
      : extent(checked(e)), cpu_access_type(resolve(cpu_access)), av_(std::move(av)), storage_(allocate(e, av_)) {}

  explicit array(int e0)
    requires(N == 1)
      : array(concurrency::extent<1>(e0)) {}
  array(int e0, int e1)
    requires(N == 2)
      : array(concurrency::extent<2>(e0, e1)) {}
  array(int e0, int e1, int e2)
    requires(N == 3)
      : array(concurrency::extent<3>(e0, e1, e2)) {}
  array(int e0, accelerator_view av, access_type cpu_access = access_type_auto)
    requires(N == 1)
      : array(concurrency::extent<1>(e0), std::move(av), cpu_access) {}
  array(int e0, int e1, accelerator_view av, access_type cpu_access = access_type_auto)
    requires(N == 2)
      : array(concurrency::extent<2>(e0, e1), std::move(av), cpu_access) {}
  array(int e0, int e1, int e2, accelerator_view av, access_type cpu_access = access_type_auto)
    requires(N == 3)
      : array(concurrency::extent<3>(e0, e1, e2), std::move(av), cpu_access) {}

  /// array(e, first[, last]) copies e.size() elements from an input range.
  template <std::input_iterator It>
  array(const concurrency::extent<N>& e, It first, It last) : array(e) {
    fill(first, last);
  }
  template <std::input_iterator It>
  array(const concurrency::extent<N>& e, It first) : array(e) {
    std::copy_n(first, extent.size(), data());
  }
  template <std::input_iterator It>
  array(const concurrency::extent<N>& e, It first, It last, accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(e, std::move(av), cpu_access) {
    fill(first, last);
  }
  template <std::input_iterator It>
    requires(N == 1)
  array(int e0, It first, It last) : array(concurrency::extent<1>(e0), first, last) {}
  template <std::input_iterator It>
    requires(N == 2)
  array(int e0, int e1, It first, It last) : array(concurrency::extent<2>(e0, e1), first, last) {}
  template <std::input_iterator It>
    requires(N == 3)
  array(int e0, int e1, int e2, It first, It last) : array(concurrency::extent<3>(e0, e1, e2), first, last) {}

  /// array(view) copies the elements of a view.
  explicit array(const array_view<const T, N>& src) : array(src.extent) {
    ample::detail::copy_layout(ample::detail::container_access::layout(src), layout());
  }
  array(const array_view<const T, N>& src, accelerator_view av, access_type cpu_access = access_type_auto)
      : array(src.extent, std::move(av), cpu_access) {
    ample::detail::copy_layout(ample::detail::container_access::layout(src), layout());
  }

  /// Copies are deep and live on the same accelerator_view.
  array(const array& other) : array(other.extent, other.av_, other.cpu_access_type) {
    std::copy_n(other.data(), extent.size(), data());
  }
  array(array&& other) noexcept = default;
  array& operator=(const array& other) {
    if (this != &other) *this = array(other);
    return *this;
  }
  array& operator=(array&& other) noexcept = default;
  array& operator=(const array_view<const T, N>& src) {
    src.copy_to(*this);
    return *this;
  }

  concurrency::extent<N> get_extent() const noexcept { return extent; }
  accelerator_view get_accelerator_view() const { return av_; }
  access_type get_cpu_access_type() const noexcept { return cpu_access_type; }

  T& operator[](const index<N>& idx) noexcept { return data()[offset(idx)]; }
  const T& operator[](const index<N>& idx) const noexcept { return data()[offset(idx)]; }
  T& operator()(const index<N>& idx) noexcept { return data()[offset(idx)]; }
  const T& operator()(const index<N>& idx) const noexcept { return data()[offset(idx)]; }

  template <class... Ints>
    requires(N > 1 && sizeof...(Ints) == N && (std::is_convertible_v<Ints, int> && ...))
  T& operator()(Ints... coords) noexcept {
    return data()[offset(index<N>(static_cast<int>(coords)...))];
  }
  template <class... Ints>
    requires(N > 1 && sizeof...(Ints) == N && (std::is_convertible_v<Ints, int> && ...))
  const T& operator()(Ints... coords) const noexcept {
    return data()[offset(index<N>(static_cast<int>(coords)...))];
  }

  /// operator[](i) on rank 1 is element i; on rank N > 1 it projects to a rank N-1 view.
  decltype(auto) operator[](int i) noexcept {
    if constexpr (N == 1) return static_cast<T&>(data()[i]);
    else return array_view<T, N>(*this)[i];
  }
  decltype(auto) operator[](int i) const noexcept {
    if constexpr (N == 1) return static_cast<const T&>(data()[i]);
    else return array_view<const T, N>(*this)[i];
  }
  decltype(auto) operator()(int i) noexcept { return (*this)[i]; }
  decltype(auto) operator()(int i) const noexcept { return (*this)[i]; }

  array_view<T, N> section(const index<N>& origin, const concurrency::extent<N>& ext) {
    return array_view<T, N>(*this).section(origin, ext);
  }
  array_view<const T, N> section(const index<N>& origin, const concurrency::extent<N>& ext) const {
    return array_view<const T, N>(*this).section(origin, ext);
  }
  array_view<T, N> section(const index<N>& origin) { return array_view<T, N>(*this).section(origin); }
  array_view<const T, N> section(const index<N>& origin) const { return array_view<const T, N>(*this).section(origin); }
  array_view<T, N> section(const concurrency::extent<N>& ext) { return array_view<T, N>(*this).section(ext); }
  array_view<const T, N> section(const concurrency::extent<N>& ext) const {
    return array_view<const T, N>(*this).section(ext);
  }

  /// data() points at the first element; arrays are dense and row-major.
  T* data() noexcept { return static_cast<T*>(storage_->data()); }
  const T* data() const noexcept { return static_cast<const T*>(storage_->data()); }

  /// copy_to() copies all elements into a destination of the same extent.
  void copy_to(array& dest) const { array_view<const T, N>(*this).copy_to(dest); }
  void copy_to(const array_view<T, N>& dest) const { array_view<const T, N>(*this).copy_to(dest); }

  /// Converting to std::vector copies the elements out in row-major order.
  operator std::vector<T>() const { return std::vector<T>(data(), data() + extent.size()); }

  access_type cpu_access_type;

 private:
  template <class, int>
  friend class array_view;
  friend struct ample::detail::container_access;

  static const concurrency::extent<N>& checked(const concurrency::extent<N>& e) {
    for (int d = 0; d < N; ++d)
      if (e[d] < 0)
        AMPLE_THROW(runtime_exception, "array extent " + ample::detail::format_extent(e) + " has a negative dimension",
                    error_code::e_invalidarg);
    return e;
  }
  static access_type resolve(access_type requested) noexcept {
    return requested == access_type_auto ? access_type_read_write : requested;
  }
  static std::shared_ptr<ample::detail::buffer> allocate(const concurrency::extent<N>& e, const accelerator_view& av) {
    return ample::detail::buffer::allocate(av.state(), static_cast<std::size_t>(e.size()) * sizeof(T));
  }

  template <class It>
  void fill(It first, It last) {
    const std::size_t n = extent.size();
    std::size_t copied = 0;
    T* out = data();
    for (; first != last && copied < n; ++first, ++copied) out[copied] = *first;
    if (copied < n)
      AMPLE_THROW(runtime_exception,
                  "source range holds " + std::to_string(copied) + " elements, but array extent " +
                      ample::detail::format_extent<N>(extent) + " needs " + std::to_string(n),
                  error_code::e_invalidarg);
  }

  ample::detail::strided_layout<T, N> layout() noexcept { return ample::detail::contiguous_layout(data(), extent); }
  ample::detail::strided_layout<const T, N> layout() const noexcept {
    return ample::detail::contiguous_layout(data(), concurrency::extent<N>(extent));
  }

  std::ptrdiff_t offset(const index<N>& idx) const noexcept {
    std::ptrdiff_t off = 0;
    for (int d = 0; d < N; ++d) off = off * extent[d] + idx[d];
    return off;
  }

  accelerator_view av_;
  std::shared_ptr<ample::detail::buffer> storage_;
};

}  // namespace concurrency
