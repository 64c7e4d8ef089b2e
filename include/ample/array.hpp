// array<T,N>: N-dimensional data owned by an accelerator_view (SPEC §5.1).
#pragma once

#include <algorithm>
#include <concepts>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "config.hpp"
#include "accelerator.hpp"
#include "array_view.hpp"
#include "detail/array_images.hpp"
#include "detail/bitwise_copyable.hpp"
#include "detail/buffer.hpp"
#include "detail/debug_checks.hpp"
#include "detail/device_copy.hpp"
#include "detail/direct3d_out_of_bounds.hpp"
#include "detail/host_range_copy.hpp"
#include "detail/kernel_context.hpp"
#include "detail/readonly_extent.hpp"
#include "detail/readonly_property.hpp"
#include "detail/strided_layout.hpp"
#include "detail/virtual_base.hpp"
#include "extent.hpp"
#include "index.hpp"

namespace ample::detail {

/// host_iterator<I> holds for the iterators that array constructors and copy() read from. Like
/// Microsoft's unconstrained templates it asks only for what they use, `*i` and `++i`, so that
/// legacy iterators that model no C++20 iterator concept (derived from std::iterator, prefix
/// ++ returning a const reference, non-const operator*) are accepted.
template <class I>
concept host_iterator = std::copy_constructible<I> && requires(I i) {
  *i;
  ++i;
};

/// array_placement<A...> holds for the arguments that may end an array constructor and say
/// where the array lives: none, (av), (av, access_type) or (av, associated_av).
template <class... A>
inline constexpr bool array_placement = false;
template <>
inline constexpr bool array_placement<> = true;
template <class V>
inline constexpr bool array_placement<V> = std::derived_from<std::decay_t<V>, concurrency::accelerator_view>;
template <class V, class W>
inline constexpr bool array_placement<V, W> =
    array_placement<V> && (array_placement<W> || std::same_as<std::decay_t<W>, concurrency::access_type>);

/// array_tail<A...> holds for the arguments that may follow the extent of an array constructor:
/// a placement, optionally after a source iterator or a source iterator pair. The dimension-list
/// constructors (e0[, e1[, e2]], tail...) accept exactly these.
template <class... A>
inline constexpr bool array_tail = array_placement<A...>;
template <class I, class... A>
  requires host_iterator<std::decay_t<I>>
inline constexpr bool array_tail<I, A...> = array_placement<A...>;
template <class I, class J, class... A>
  requires(host_iterator<std::decay_t<I>> && std::same_as<std::decay_t<I>, std::decay_t<J>>)
inline constexpr bool array_tail<I, J, A...> = array_placement<A...>;

}  // namespace ample::detail

namespace Concurrency {

/// array<T,N> owns dense N-dimensional storage on an accelerator_view. Unlike array_view it
/// has value semantics: copying an array copies its elements. Kernels capture arrays by
/// reference ([=, &arr]); capturing one by value would hand the kernel a private copy.
///
///     array<float, 2> a(64, 64, v.begin(), v.end());
///     parallel_for_each(a.extent, [&a](index<2> i) restrict(amp) { a[i] *= 2; });
///     std::vector<float> out = a;
///
/// Every constructor takes, last, an optional placement: (av[, access_type]) puts the array
/// on `av`; (av, associated_av) makes a staging array on `av` (normally the cpu_accelerator's
/// view) meant for transfers to `associated_av`. Without one the array lives on the default
/// accelerator. Every CPU-engine device addresses host memory, so staging arrays are plain
/// host arrays that remember their associated view.
template <class T, int N = 1>
class AMPLE_AMP_CPU array {
  static_assert(N >= 1, "array needs rank N >= 1");
  // Elements must be amp-compatible (C++ AMP §2.4.1, Visual C++'s C3581): pointers and classes
  // with virtual functions or virtual bases are not, on any accelerator.
  static_assert(!std::is_pointer_v<T> && !std::is_member_pointer_v<T>,
                "array element cannot be a pointer (C3581: unsupported type in amp-restricted code)");
  static_assert(!std::is_polymorphic_v<T>,
                "array element cannot have virtual functions (C3581: unsupported type in amp-restricted code)");
  static_assert(!ample::detail::has_virtual_base_v<T>,
                "array element cannot have virtual bases (C3581: unsupported type in amp-restricted code)");
  static_assert(!std::is_const_v<T> && !std::is_reference_v<T> && !std::is_volatile_v<T>,
                "array element must be a non-const object type");
  // Elements that are not plain bytes are constructed and copied one by one (detail/buffer.hpp).
  static_assert(ample::detail::is_bitwise_copyable_v<T> ||
                    (std::is_default_constructible_v<T> && std::is_copy_assignable_v<T>),
                "array elements must be trivially copyable, or default-constructible and copy-assignable "
                "(SPEC §5.1)");
  static_assert(sizeof(T) % 4 == 0,
                "array element size must be a multiple of 4 bytes (SPEC §5.1); use int for char or short data");

 public:
  static constexpr int rank = N;
  using value_type = T;

  /// extent is the shape of the array.
  ample::detail::readonly_extent<N> extent;
  /// accelerator_view is where the array lives.
  ample::detail::readonly_property<concurrency::accelerator_view, array> accelerator_view;
  /// associated_accelerator_view is the view a staging array is meant for; for any other
  /// array it equals accelerator_view.
  ample::detail::readonly_property<concurrency::accelerator_view, array> associated_accelerator_view;

  AMPLE_CPU_ONLY explicit array(const concurrency::extent<N>& e)
      : array(e, concurrency::accelerator_view(ample::detail::default_device().default_view)) {}
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, concurrency::accelerator_view av, access_type cpu_access = access_type_auto)
      : array(e, placement{av, av, cpu_access}) {}
  /// array(e, av, associated_av) is a staging array on `av` for transfers to `associated_av`.
  /// Only a view of the cpu_accelerator stages for another accelerator's view; for any other
  /// pair the array is an ordinary one on `av`, associated with `av`, as in Microsoft's runtime.
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, concurrency::accelerator_view av, concurrency::accelerator_view associated_av)
      : array(e, staging(std::move(av), std::move(associated_av))) {}

  /// array(e, first[, last][, placement]) copies e.size() elements from an input range.
  template <ample::detail::host_iterator It>
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, It first, It last) : array(e) {
    fill(first, last);
  }
  template <ample::detail::host_iterator It>
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, It first) : array(e) {
    fill_from(first);
  }
  template <ample::detail::host_iterator It>
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, It first, It last, concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(e, std::move(av), cpu_access) {
    fill(first, last);
  }
  template <ample::detail::host_iterator It>
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, It first, concurrency::accelerator_view av,
        access_type cpu_access = access_type_auto)
      : array(e, std::move(av), cpu_access) {
    fill_from(first);
  }
  template <ample::detail::host_iterator It>
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, It first, It last, concurrency::accelerator_view av,
        concurrency::accelerator_view associated_av)
      : array(e, std::move(av), std::move(associated_av)) {
    fill(first, last);
  }
  template <ample::detail::host_iterator It>
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, It first, concurrency::accelerator_view av,
        concurrency::accelerator_view associated_av)
      : array(e, std::move(av), std::move(associated_av)) {
    fill_from(first);
  }

  /// Dimension-list forms, ranks 1 to 3: (e0[, e1[, e2]]) followed by anything that may follow
  /// an extent above, e.g. array<int, 2>(4, 8, v.begin(), v.end(), cpu_view, gpu_view).
  template <class... A>
    requires(N == 1 && ample::detail::array_tail<A...>)
  AMPLE_CPU_ONLY explicit(sizeof...(A) == 0) array(int e0, A&&... tail)
      : array(concurrency::extent<1>(e0), std::forward<A>(tail)...) {}
  template <class... A>
    requires(N == 2 && ample::detail::array_tail<A...>)
  AMPLE_CPU_ONLY array(int e0, int e1, A&&... tail) : array(concurrency::extent<2>(e0, e1), std::forward<A>(tail)...) {}
  template <class... A>
    requires(N == 3 && ample::detail::array_tail<A...>)
  AMPLE_CPU_ONLY array(int e0, int e1, int e2, A&&... tail)
      : array(concurrency::extent<3>(e0, e1, e2), std::forward<A>(tail)...) {}

  /// array(view[, placement]) copies the elements of a view.
  AMPLE_CPU_ONLY explicit array(const array_view<const T, N>& src) : array(src.extent) {
    copy_from(src);
  }
  AMPLE_CPU_ONLY array(const array_view<const T, N>& src, concurrency::accelerator_view av, access_type cpu_access = access_type_auto)
      : array(src.extent, std::move(av), cpu_access) {
    copy_from(src);
  }
  AMPLE_CPU_ONLY array(const array_view<const T, N>& src, concurrency::accelerator_view av,
        concurrency::accelerator_view associated_av)
      : array(src.extent, std::move(av), std::move(associated_av)) {
    copy_from(src);
  }

  /// Copies are deep and live on the same accelerator_view.
  AMPLE_CPU_ONLY array(const array& other)
      : array(other.extent,
              placement{other.accelerator_view, other.associated_accelerator_view, other.cpu_access_type}) {
    if (!ample::detail::copy_on_device(other, *this) && !ample::detail::copy_across(other, *this))
      std::copy_n(other.host_elements(), extent.size(), overwritten_elements());
  }
  array(array&& other) noexcept = default;
  /// The destructor first waits for the kernels queued on the array's device: any of them may
  /// reach the array by reference (detail/buffer.hpp).
  ~array() {
    if (storage_ != nullptr) storage_->wait_for_device();
  }
  AMPLE_CPU_ONLY array& operator=(const array& other) {
    if (this != &other) *this = array(other);
    return *this;
  }
  array& operator=(array&& other) noexcept = default;
  AMPLE_CPU_ONLY array& operator=(const array_view<const T, N>& src) {
    src.copy_to(*this);
    return *this;
  }

  concurrency::extent<N> get_extent() const noexcept { return extent; }
  /// The getters return const values so that `a.get_accelerator_view() = av;`, which could only
  /// assign a temporary, does not compile, as with Microsoft's.
  AMPLE_CPU_ONLY const concurrency::accelerator_view get_accelerator_view() const { return accelerator_view; }
  AMPLE_CPU_ONLY const concurrency::accelerator_view get_associated_accelerator_view() const { return associated_accelerator_view; }
  AMPLE_CPU_ONLY access_type get_cpu_access_type() const noexcept { return cpu_access_type; }

  /// Element access. Unchecked, unless AMPLE_ENABLE_DEBUG_CHECKS is defined: then an index
  /// outside the extent throws runtime_exception naming both (detail/debug_checks.hpp). With
  /// AMPLE_DIRECT3D_OUT_OF_BOUNDS such an access reads zero and drops writes, as on Direct3D
  /// (detail/direct3d_out_of_bounds.hpp). Microsoft's also refuses host access to an array
  /// with cpu_access_type access_type_none, and kernel access to an array on the
  /// cpu_accelerator (a staging array). Ample refuses both only with the debug checks: a check
  /// in every access costs a branch that stopped the vectorisation of a[idx] loops in kernels
  /// (data() is null for access_type_none either way, as Microsoft's).
  AMPLE_IMPL_ELEMENT_ACCESS T& operator[](const index<N>& idx) noexcept(unchecked_) { return element(idx); }
  AMPLE_IMPL_ELEMENT_ACCESS const T& operator[](const index<N>& idx) const noexcept(unchecked_) {
    return element(idx);
  }
  AMPLE_IMPL_ELEMENT_ACCESS T& operator()(const index<N>& idx) noexcept(unchecked_) { return element(idx); }
  AMPLE_IMPL_ELEMENT_ACCESS const T& operator()(const index<N>& idx) const noexcept(unchecked_) {
    return element(idx);
  }

  template <class... Ints>
    requires(N > 1 && sizeof...(Ints) == N && (std::is_convertible_v<Ints, int> && ...))
  AMPLE_IMPL_ELEMENT_ACCESS T& operator()(Ints... coords) noexcept(unchecked_) {
    return element(index<N>(static_cast<int>(coords)...));
  }
  template <class... Ints>
    requires(N > 1 && sizeof...(Ints) == N && (std::is_convertible_v<Ints, int> && ...))
  AMPLE_IMPL_ELEMENT_ACCESS const T& operator()(Ints... coords) const noexcept(unchecked_) {
    return element(index<N>(static_cast<int>(coords)...));
  }

  /// operator[](i) on rank 1 is element i, checked like element access; on rank N > 1 it
  /// projects to a rank N-1 view, and on the host a row outside the extent throws
  /// runtime_exception, as Microsoft's does. Inside a kernel, in the Direct3D mode, such a row
  /// projects to a view without elements (array_view::operator[](int)).
  AMPLE_IMPL_ELEMENT_ACCESS decltype(auto) operator[](int i) noexcept(unchecked_ && N == 1) {
    ample::detail::check_row("array", i, extent);
    if constexpr (N == 1) {
      return element(index<1>(i));
    } else {
      check_host_projection(i);
      return derived_view()[i];
    }
  }
  AMPLE_IMPL_ELEMENT_ACCESS decltype(auto) operator[](int i) const noexcept(unchecked_ && N == 1) {
    ample::detail::check_row("array", i, extent);
    if constexpr (N == 1) {
      return element(index<1>(i));
    } else {
      check_host_projection(i);
      return derived_view()[i];
    }
  }
  AMPLE_IMPL_ELEMENT_ACCESS decltype(auto) operator()(int i) noexcept(unchecked_ && N == 1) { return (*this)[i]; }
  AMPLE_IMPL_ELEMENT_ACCESS decltype(auto) operator()(int i) const noexcept(unchecked_ && N == 1) {
    return (*this)[i];
  }

  array_view<T, N> section(const index<N>& origin, const concurrency::extent<N>& ext) {
    return derived_view().section(origin, ext);
  }
  array_view<const T, N> section(const index<N>& origin, const concurrency::extent<N>& ext) const {
    return derived_view().section(origin, ext);
  }
  array_view<T, N> section(const index<N>& origin) { return derived_view().section(origin); }
  array_view<const T, N> section(const index<N>& origin) const { return derived_view().section(origin); }
  array_view<T, N> section(const concurrency::extent<N>& ext) { return derived_view().section(ext); }
  array_view<const T, N> section(const concurrency::extent<N>& ext) const {
    return derived_view().section(ext);
  }
  /// section(i0[, i1[, i2]], e0[, e1[, e2]]): origin and extent as integers, ranks 1 to 3.
  template <class... Ints>
    requires(N <= 3 && sizeof...(Ints) == 2 * N && (std::is_convertible_v<Ints, int> && ...))
  array_view<T, N> section(Ints... origin_then_extent) {
    return derived_view().section(static_cast<int>(origin_then_extent)...);
  }
  template <class... Ints>
    requires(N <= 3 && sizeof...(Ints) == 2 * N && (std::is_convertible_v<Ints, int> && ...))
  array_view<const T, N> section(Ints... origin_then_extent) const {
    return derived_view().section(static_cast<int>(origin_then_extent)...);
  }

  /// reinterpret_as<U>() views the array's bytes as a rank-1 view of U, holding
  /// sizeof(T) * extent.size() / sizeof(U) elements; runtime_exception if they do not divide.
  ///
  ///     array<float> f(4);
  ///     array_view<int> bits = f.reinterpret_as<int>();   // the IEEE bits of each float
  template <class U>
  array_view<U, 1> reinterpret_as() {
    return reinterpreted<U>(elements());
  }
  template <class U>
  array_view<const U, 1> reinterpret_as() const {
    return reinterpreted<const U>(elements());
  }
  /// view_as(e) views the first e.size() elements (in row-major order) as a dense view of
  /// shape e, of any rank; runtime_exception naming both extents if the array is too small.
  template <int K>
  array_view<T, K> view_as(const concurrency::extent<K>& e) {
    ample::detail::require_view_fits(e, extent);
    return array_view<T, K>(ample::detail::contiguous_layout(elements(), e),
                            ample::detail::derived_storage(storage_));
  }
  template <int K>
  array_view<const T, K> view_as(const concurrency::extent<K>& e) const {
    ample::detail::require_view_fits(e, extent);
    return array_view<const T, K>(ample::detail::contiguous_layout(elements(), e),
                                  ample::detail::derived_storage(storage_));
  }

  /// data() points at the first element; arrays are dense and row-major. On the host it is
  /// null for an array with cpu_access_type access_type_none, as in Microsoft's runtime.
  T* data() noexcept { return host_hidden() ? nullptr : host_elements(); }
  const T* data() const noexcept { return host_hidden() ? nullptr : host_elements(); }

  /// copy_to() copies all elements into a destination of the same extent.
  AMPLE_CPU_ONLY void copy_to(array& dest) const { array_view<const T, N>(*this).copy_to(dest); }
  AMPLE_CPU_ONLY void copy_to(const array_view<T, N>& dest) const { array_view<const T, N>(*this).copy_to(dest); }

  /// Converting to std::vector copies the elements out in row-major order.
  /// With its home in a device's memory and its mirror stale, the elements come straight
  /// from there (detail/host_range_copy.hpp).
  AMPLE_CPU_ONLY operator std::vector<T>() const {
    if constexpr (ample::detail::is_bitwise_copyable_v<T>) {
      if (const ample::detail::device* home = ample::detail::home_to_read(*this)) {
        std::vector<T> out(extent.size());
        ample::detail::read_into_range(*home, *this, out.data());
        return out;
      }
    }
    const T* first = host_elements();
    return std::vector<T>(first, first + extent.size());
  }

  /// cpu_access_type is how the host may touch the array's memory, access_type_auto resolved
  /// when the array was made. Read-only, as Microsoft's property: it reads as an access_type
  /// (`a.cpu_access_type == access_type_read`, `switch`, passing it on) and cannot be assigned.
  ample::detail::readonly_property<access_type, array> cpu_access_type;

 private:
  template <class, int>
  friend class array_view;
  friend struct ample::detail::container_access;

  /// placement is where an array lives: its view, the view it stages for, its CPU access.
  struct placement {
    concurrency::accelerator_view av;
    concurrency::accelerator_view associated;
    access_type cpu_access;
  };
  AMPLE_CPU_ONLY array(const concurrency::extent<N>& e, placement p)
      : extent(checked(e)),
        accelerator_view(std::move(p.av)),
        associated_accelerator_view(std::move(p.associated)),
        cpu_access_type(resolve(p.cpu_access, accelerator_view)),
        storage_(allocate(e, accelerator_view)),
        elements_(static_cast<T*>(storage_->host_data())) {
    if (storage_->one_copy()) {
      enlistment_.list(this, sizeof(array), *storage_);
      return;
    }
    const auto elements_at = reinterpret_cast<const char*>(&elements_) - reinterpret_cast<const char*>(this);
    enlistment_.enlist(this, sizeof(array), static_cast<std::size_t>(elements_at), *storage_);
  }

  static placement staging(concurrency::accelerator_view av, concurrency::accelerator_view associated) {
    using ample::detail::backend_id;
    const bool valid = av.state()->dev->backend == backend_id::host &&
                       associated.state()->dev->backend != backend_id::host;
    if (!valid) associated = av;
    return placement{std::move(av), std::move(associated), access_type_auto};
  }

  template <class U, class P>
  array_view<U, 1> reinterpreted(P* p) const {
    static_assert(sizeof(U) % 4 == 0, "reinterpret_as<U>: sizeof(U) must be a multiple of 4 bytes (SPEC §5.1)");
    const int n = ample::detail::reinterpreted_count<T, std::remove_const_t<U>>(extent.size());
    return array_view<U, 1>(ample::detail::contiguous_layout(reinterpret_cast<U*>(p), concurrency::extent<1>(n)),
                            ample::detail::derived_storage(storage_));
  }

  static const concurrency::extent<N>& checked(const concurrency::extent<N>& e) {
    for (int d = 0; d < N; ++d)
      if (e[d] <= 0)  // Microsoft's runtime refuses an empty array too
        AMPLE_THROW(runtime_exception,
                    "array extent " + ample::detail::format_extent(e) + " has a dimension that is not positive",
                    error_code::e_invalidarg);
    return e;
  }
  /// resolve() turns access_type_auto into the current default of the device that `av`
  /// belongs to (see accelerator::set_default_cpu_access_type); if that default is itself
  /// access_type_auto, the runtime's choice is read_write: every CPU-engine device shares host memory.
  static access_type resolve(access_type requested, const concurrency::accelerator_view& av) noexcept {
    if (requested != access_type_auto) return requested;
    const access_type fallback = av.state()->dev->default_cpu_access_type.use();  // fixes the default
    return fallback == access_type_auto ? access_type_read_write : fallback;
  }
  static std::shared_ptr<ample::detail::buffer> allocate(const concurrency::extent<N>& e,
                                                         const concurrency::accelerator_view& av) {
    const bool one_copy = !ample::detail::arrays_in_device_memory(*av.state()->dev);
    auto storage = ample::detail::buffer::allocate(av.state(), e, sizeof(T), one_copy);
    storage->template construct_elements<T>();
    return storage;
  }

  /// fill() copies [first, last), which must hold exactly extent.size() elements: Microsoft's
  /// runtime refuses a shorter and a longer range alike. A contiguous range is measured first.
  template <class It>
  void fill(It first, It last) {
    const std::size_t n = extent.size();
    if constexpr (ample::detail::contiguous_range_of<It, T>) {
      const auto held = static_cast<std::size_t>(last - first);
      if (held != n) refuse_range(held);
      fill_from(first);
    } else {
      std::size_t copied = 0;
      T* out = overwritten_elements();
      for (; first != last && copied < n; ++first, ++copied) out[copied] = *first;
      std::size_t more = 0;
      for (; first != last; ++first) ++more;
      if (copied < n || more > 0) refuse_range(copied + more);
    }
  }
  /// fill_from() copies extent.size() elements from `first`: from a contiguous range straight
  /// into the array's home in a device's memory, where it has one and a host mirror
  /// (detail/host_range_copy.hpp), otherwise into the host copy.
  template <class It>
  void fill_from(It first) {
    if constexpr (ample::detail::contiguous_range_of<It, T>) {
      if (const ample::detail::device* home = ample::detail::home_to_fill(*this)) {
        ample::detail::fill_from_range(*home, std::to_address(first), *this);
        return;
      }
    }
    std::copy_n(first, extent.size(), overwritten_elements());
  }
  [[noreturn]] void refuse_range(std::size_t held) const {
    AMPLE_THROW(runtime_exception,
                "source range holds " + std::to_string(held) + " elements, but array extent " +
                    ample::detail::format_extent<N>(extent) + " needs " + std::to_string(extent.size()),
                error_code::e_invalidarg);
  }

  /// check_host_projection() throws for a row outside the extent on the host.
  void check_host_projection(int row) const {
    if (!ample::detail::in_kernel && static_cast<unsigned>(row) >= static_cast<unsigned>(extent[0]))
      AMPLE_THROW(runtime_exception,
                  "array: projection to row " + std::to_string(row) + " is outside extent " +
                      ample::detail::format_extent<N>(extent),
                  error_code::e_invalidarg);
  }

  /// derived_view() is the whole array as a view, for projections and sections: made inside a
  /// kernel, it takes no share of the storage (detail/kernel_context.hpp).
  array_view<T, N> derived_view() noexcept {
    return array_view<T, N>(layout(), ample::detail::derived_storage(storage_));
  }
  array_view<const T, N> derived_view() const noexcept {
    return array_view<const T, N>(layout(), ample::detail::derived_storage(storage_));
  }

  ample::detail::strided_layout<T, N> layout() noexcept {
    return ample::detail::contiguous_layout(elements(), extent);
  }
  ample::detail::strided_layout<const T, N> layout() const noexcept {
    return ample::detail::contiguous_layout(elements(), concurrency::extent<N>(extent));
  }
  /// host_layout() is layout() (container_access), its host copy made current for `access`
  /// (buffer::host_access()).
  ample::detail::strided_layout<T, N> host_layout(access_type access) {
    storage_->host_access(access);
    return layout();
  }
  ample::detail::strided_layout<const T, N> host_layout(access_type access) const {
    storage_->host_access(access);
    return layout();
  }

  /// host_region() is what the array covers of its buffer: all of it (container_access).
  ample::detail::byte_ranges host_region() const { return ample::detail::byte_ranges(0, storage_->bytes()); }

  /// copy_from() fills a new array with the elements of `src` (its constructors from a view):
  /// within a device's memory where the view's elements are current there, or from another
  /// GPU's memory where they are current in that (copy_on_device()),
  /// from the view's host copy straight into the array's home in a device's memory where it
  /// has one (copy_across()).
  void copy_from(const array_view<const T, N>& src) {
    if (ample::detail::copy_on_device(src, *this) || ample::detail::copy_across(src, *this)) return;
    ample::detail::copy_layout(ample::detail::container_access::host_layout(src, access_type_read),
                               host_layout(access_type_write));
  }

  /// elements() is the host copy of the storage, which copies and views reach whatever the
  /// CPU access type: the one copy there is, on the array's accelerator_view, even on a device
  /// with memory of its own (REF; detail/buffer.hpp says why), except on a GPU, whose kernels
  /// find the GPU's copy in the array's image (detail/array_images.hpp). Kernels read it from
  /// the array itself, not through storage_, which the image leaves pointing at the host.
  T* elements() noexcept { return elements_; }
  const T* elements() const noexcept { return elements_; }
  /// host_elements() is elements(), for the host: made current there (buffer::host_access()),
  /// for reading and writing through a non-const array. In a kernel it is elements():
  /// in_kernel is true, and the CPU engine's loops tell the compiler so. noexcept, as element
  /// access is: a GPU that fails the copy home ends the program, as for views
  /// (host_view_access()).
  AMPLE_IMPL_ALWAYS_INLINE T* host_elements() noexcept {
    if (!ample::detail::in_kernel && storage_->home_space() != nullptr) [[unlikely]]
      storage_->host_access(access_type_read_write);
    return elements();
  }
  AMPLE_IMPL_ALWAYS_INLINE const T* host_elements() const noexcept {
    if (!ample::detail::in_kernel && storage_->home_space() != nullptr) [[unlikely]]
      storage_->host_access(access_type_read);
    return elements_;
  }
  /// overwritten_elements() is elements() for a constructor that writes every element before
  /// anything reads one: a host mirror is made current without copying anything in. (A new
  /// array in one copy is reached by no kernel yet: nothing to wait for.)
  T* overwritten_elements() {
    if (!storage_->one_copy()) storage_->host_access(access_type_write);
    return elements();
  }

  bool host_hidden() const noexcept { return cpu_access_type == access_type_none && !ample::detail::in_kernel; }

  static constexpr bool unchecked_ = !ample::detail::debug_checks;

  /// element() is every element access: offset() and the address; in the Direct3D mode, the
  /// scratch element for an index outside the extent.
  AMPLE_IMPL_ELEMENT_ACCESS AMPLE_IMPL_ALWAYS_INLINE T& element(const index<N>& idx) noexcept(unchecked_) {
    check_access_side();
    if constexpr (ample::detail::direct3d_out_of_bounds)
      if (AMPLE_IMPL_UNLIKELY(!ample::detail::within(idx, extent))) return ample::detail::out_of_bounds_element<T>();
    return host_elements()[offset(idx)];
  }
  AMPLE_IMPL_ELEMENT_ACCESS AMPLE_IMPL_ALWAYS_INLINE const T& element(const index<N>& idx) const noexcept(unchecked_) {
    check_access_side();
    if constexpr (ample::detail::direct3d_out_of_bounds)
      if (AMPLE_IMPL_UNLIKELY(!ample::detail::within(idx, extent)))
        return ample::detail::out_of_bounds_element<const T>();
    return host_elements()[offset(idx)];
  }

  /// check_access_side() is the debug check of who may touch the elements, as Microsoft's
  /// runtime refuses: the host not an array of access_type_none, a kernel not an array on the
  /// cpu_accelerator (which runs no kernels; staging arrays live there). Nothing without
  /// AMPLE_ENABLE_DEBUG_CHECKS.
  AMPLE_IMPL_ALWAYS_INLINE void check_access_side() const noexcept(unchecked_) {
    if constexpr (ample::detail::debug_checks) {
      if (AMPLE_IMPL_UNLIKELY(host_hidden())) refuse_host_access();
      if (AMPLE_IMPL_UNLIKELY(ample::detail::in_kernel && on_cpu_accelerator())) refuse_kernel_access();
    }
  }
  bool on_cpu_accelerator() const noexcept {
    return accelerator_view.state()->dev->backend == ample::detail::backend_id::host;
  }
  [[noreturn]] [[gnu::cold]] [[gnu::noinline]] void refuse_host_access() const {
    AMPLE_THROW(runtime_exception,
                "array: host access to an element of an array " + ample::detail::format_extent<N>(extent) +
                    " whose cpu_access_type is access_type_none (AMPLE_ENABLE_DEBUG_CHECKS)",
                error_code::e_invalidarg);
  }
  [[noreturn]] [[gnu::cold]] [[gnu::noinline]] void refuse_kernel_access() const {
    AMPLE_THROW(runtime_exception,
                "array: kernel access to an element of an array " + ample::detail::format_extent<N>(extent) +
                    " on the cpu_accelerator, which runs no kernels (a staging array? copy it to an array"
                    " on its associated_accelerator_view) (AMPLE_ENABLE_DEBUG_CHECKS)",
                error_code::e_invalidarg);
  }

  /// offset() is the debug check, then the row-major offset.
  std::ptrdiff_t offset(const index<N>& idx) const noexcept(unchecked_) {
    ample::detail::check_index("array", idx, extent);
    std::ptrdiff_t off = 0;
    for (int d = 0; d < N; ++d) off = off * extent[d] + idx[d];
    return off;
  }

  std::shared_ptr<ample::detail::buffer> storage_;
  /// elements_ is storage_->host_data(), kept in the array for kernels (elements()).
  T* elements_;
  /// enlistment_ holds the array's image in a GPU's memory where its storage is there, or
  /// lists it for launches to find where it is in one copy; last, so that it goes first
  /// (detail/array_images.hpp).
  ample::detail::array_enlistment enlistment_;
};

}  // namespace Concurrency
