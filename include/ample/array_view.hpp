// array_view<T,N>: a view of N-dimensional data that kernels and the host both use (SPEC §5.2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>

#include "config.hpp"
#include "accelerator.hpp"
#include "detail/buffer.hpp"
#include "detail/byte_ranges.hpp"
#include "detail/capture_recorder.hpp"
#include "detail/debug_checks.hpp"
#include "detail/direct3d_out_of_bounds.hpp"
#include "detail/kernel_context.hpp"
#include "detail/readonly_extent.hpp"
#include "detail/strided_layout.hpp"
#include "detail/virtual_base.hpp"
#include "detail/view_property.hpp"
#include "exceptions.hpp"
#include "extent.hpp"
#include "index.hpp"

namespace Concurrency {

template <class T, int N>
class array;

namespace detail_concepts {
/// A contiguous container that array_view and array can wrap: data() and size().
template <class C, class T>
concept contiguous_source = requires(C& c) {
  { c.data() } -> std::convertible_to<T*>;
  { c.size() } -> std::convertible_to<std::size_t>;
};
}  // namespace detail_concepts

}  // namespace Concurrency

namespace ample::detail {

/// container_access lets the runtime reach the memory layout of arrays and views.
/// host_layout(c, access) is the layout of c's host copy, made current for `access` first
/// (access_type_write: the caller overwrites all of it, so nothing is copied in).
///
/// For a command queued to copy it later (copy_async()): storage(c) is its buffer (null for
/// none), region(c) what it covers of the buffer's host copy, and layout(c) the layout of the
/// host copy, made current by nothing.
struct container_access {
  template <class C>
  static auto host_layout(C& c, concurrency::access_type access) {
    return c.host_layout(access);
  }
  template <class C>
  static buffer* storage(const C& c) noexcept {
    return c.storage_.get();
  }
  template <class C>
  static byte_ranges region(const C& c) {
    return c.host_region();
  }
  template <class C>
  static auto layout(C& c) {
    return c.layout();
  }
};

/// host_buffer() is the buffer of a view made on the host over memory at `src`, which the
/// caller owns: `bytes` of it. Inside a kernel (a view over tile_static memory, say) there is
/// none; the view is a plain pointer.
inline std::shared_ptr<buffer> host_buffer(const void* src, std::size_t bytes) {
  if (in_kernel) return nullptr;
  return buffer::wrap(const_cast<void*>(src), bytes);
}

/// point_count() is the number of points of e (0 if a dimension is not positive), counted in
/// 64 bits and saturated at UINT64_MAX. Capacity checks use it rather than e.size(), whose
/// unsigned int wraps: extent (65536, 65536) has size() 0.
template <int N>
std::uint64_t point_count(const concurrency::extent<N>& e) noexcept {
  for (int d = 0; d < N; ++d)
    if (e[d] <= 0) return 0;
  std::uint64_t n = 1;
  for (int d = 0; d < N; ++d)
    if (__builtin_mul_overflow(n, static_cast<std::uint64_t>(e[d]), &n)) return UINT64_MAX;
  return n;
}

/// require_capacity() throws when a source holds fewer elements than an extent needs.
template <int N>
void require_capacity(std::size_t available, const concurrency::extent<N>& e) {
  if (available >= point_count(e)) return;
  AMPLE_THROW(concurrency::runtime_exception,
              "source holds " + std::to_string(available) + " elements, but extent " + format_extent(e) +
                  " needs " + std::to_string(point_count(e)),
              concurrency::error_code::e_invalidarg);
}

/// like_const_t<T, U> is U, made const when T is: the element type that reinterpret_as<U>()
/// gives a view of T.
template <class T, class U>
using like_const_t = std::conditional_t<std::is_const_v<T>, const std::remove_const_t<U>, U>;

/// reinterpreted_count() is how many U hold the bytes of `count` elements of type T, as
/// reinterpret_as<U>() views them; runtime_exception naming the sizes if they do not divide.
template <class T, class U>
int reinterpreted_count(std::size_t count) {
  const std::size_t bytes = count * sizeof(T);
  if (bytes % sizeof(U) != 0)
    AMPLE_THROW_IN_KERNEL(concurrency::runtime_exception,
                          "reinterpret_as: " + std::to_string(count) + " elements of " + std::to_string(sizeof(T)) +
                              " bytes (" + std::to_string(bytes) + " bytes) do not divide into elements of " +
                              std::to_string(sizeof(U)) + " bytes",
                          concurrency::error_code::e_invalidarg);
  return static_cast<int>(bytes / sizeof(U));
}

/// require_view_fits() throws when view_as(e) asks for a negative extent or for more elements
/// than the source, of extent `source`, has. The message is made only then: kernels call it.
template <int K, int N>
void require_view_fits(const concurrency::extent<K>& e, const concurrency::extent<N>& source) {
  bool negative = false;
  for (int d = 0; d < K; ++d) negative = negative || e[d] < 0;
  const std::size_t available = point_count(source);
  if (!negative && point_count(e) <= available) return;
  AMPLE_THROW_IN_KERNEL(concurrency::runtime_exception,
                        "view_as: extent " + format_extent(e) + (negative ? " has a negative dimension" : " needs " +
                            std::to_string(point_count(e)) + " elements") + ", source extent " +
                            format_extent(source) + " holds " + std::to_string(available),
                        concurrency::error_code::e_invalidarg);
}

}  // namespace ample::detail

namespace Concurrency {

/// array_view<T,N> refers to N-dimensional data that lives elsewhere: a host container or
/// pointer, an array, or storage of its own. Copies and sections refer to the same data.
/// array_view<const T,N> is the read-only form.
///
///     std::vector<int> v(6);
///     array_view<int, 2> av(2, 3, v);
///     parallel_for_each(av.extent, [=](index<2> i) restrict(amp) { av[i] = i[0] * 10 + i[1]; });
///     av.synchronize();   // v == {0, 1, 2, 10, 11, 12}
///
/// A view is a cache of its data source (docs/design/data-model.md). On the CPU engine's
/// devices kernels and host share memory, so a view over a host container is read and
/// written in place and nothing is ever copied. On a device with memory of its own (REF) the
/// data is copied there when a kernel first needs it, and back when the host asks for it:
/// through the view (element access, data(), synchronize()), or when the last view over the
/// data goes away; until then, writes made on the device are not in the container.
template <class T, int N = 1>
class AMPLE_AMP_CPU array_view {
  static_assert(N >= 1, "array_view needs rank N >= 1");
  // Elements must be amp-compatible (C++ AMP §2.4.1, Visual C++'s C3581): pointers and classes
  // with virtual functions or virtual bases are not, on any accelerator.
  static_assert(!std::is_pointer_v<T> && !std::is_member_pointer_v<T>,
                "array_view element cannot be a pointer (C3581: unsupported type in amp-restricted code)");
  static_assert(!std::is_polymorphic_v<T>,
                "array_view element cannot have virtual functions (C3581: unsupported type in amp-restricted code)");
  static_assert(!ample::detail::has_virtual_base_v<T>,
                "array_view element cannot have virtual bases (C3581: unsupported type in amp-restricted code)");
  static_assert(!std::is_reference_v<T> && !std::is_volatile_v<T>, "array_view element must be a plain object type");
  static_assert(std::is_copy_constructible_v<std::remove_const_t<T>> &&
                    std::is_copy_assignable_v<std::remove_const_t<T>>,
                "array_view elements must be copyable (SPEC §5.2)");
  static_assert(sizeof(T) % 4 == 0,
                "array_view element size must be a multiple of 4 bytes (SPEC §5.1); use int for char or short data");

 public:
  static constexpr int rank = N;
  /// value_type is T, const included, as in Microsoft's array_view<const T, N>; element_type is
  /// the element without const, the type of the arrays and views it copies to and from.
  using value_type = T;
  using element_type = std::remove_const_t<T>;

  /// extent is the shape of the view.
  ample::detail::readonly_extent<N> extent;

  /// array_view(arr) views all of an array. Made in a kernel, it takes no share of the storage
  /// (detail/kernel_context.hpp): on a GPU the array's image holds the host's pointer to it.
  array_view(array<element_type, N>& a) noexcept
      : array_view(ample::detail::contiguous_layout<T, N>(a.elements(), a.extent),
                   ample::detail::derived_storage(a.storage_)) {}
  array_view(const array<element_type, N>& a) noexcept
    requires std::is_const_v<T>
      : array_view(ample::detail::contiguous_layout<T, N>(a.elements(), a.extent),
                   ample::detail::derived_storage(a.storage_)) {}

  /// array_view(e, src) views the first e.size() elements of a contiguous container.
  template <detail_concepts::contiguous_source<T> Container>
  AMPLE_CPU_ONLY array_view(const concurrency::extent<N>& e, Container& src) : array_view(e, checked(src, e)) {}
  template <detail_concepts::contiguous_source<T> Container>
  AMPLE_CPU_ONLY array_view(const concurrency::extent<N>& e, const Container& src)
    requires std::is_const_v<T>
      : array_view(e, checked(src, e)) {}
  /// array_view(e, ptr) views e.size() elements at ptr.
  array_view(const concurrency::extent<N>& e, T* src)
      : array_view(ample::detail::contiguous_layout(src, checked_shape(e)),
                   ample::detail::host_buffer(src, ample::detail::point_count(e) * sizeof(T))) {}
  /// array_view(e) owns fresh storage of shape e on the default accelerator.
  AMPLE_CPU_ONLY explicit array_view(const concurrency::extent<N>& e) : array_view(e, allocate(checked_shape(e))) {}

  // Dimension-list forms of the constructors above, for ranks 1 to 3.
  template <class Src>
    requires(N == 1)
  array_view(int e0, Src&& src) : array_view(concurrency::extent<1>(e0), std::forward<Src>(src)) {}
  template <class Src>
    requires(N == 2)
  array_view(int e0, int e1, Src&& src) : array_view(concurrency::extent<2>(e0, e1), std::forward<Src>(src)) {}
  template <class Src>
    requires(N == 3)
  array_view(int e0, int e1, int e2, Src&& src)
      : array_view(concurrency::extent<3>(e0, e1, e2), std::forward<Src>(src)) {}
  AMPLE_CPU_ONLY explicit array_view(int e0)
    requires(N == 1)
      : array_view(concurrency::extent<1>(e0)) {}
  AMPLE_CPU_ONLY array_view(int e0, int e1)
    requires(N == 2)
      : array_view(concurrency::extent<2>(e0, e1)) {}
  AMPLE_CPU_ONLY array_view(int e0, int e1, int e2)
    requires(N == 3)
      : array_view(concurrency::extent<3>(e0, e1, e2)) {}
  /// array_view(c_array) views a whole C array (rank 1).
  template <std::size_t Size>
    requires(N == 1)
  explicit array_view(T (&src)[Size]) : array_view(concurrency::extent<1>(static_cast<int>(Size)), &src[0]) {}

  /// A copy views the same data. Made inside a kernel (a view passed by value to a function
  /// the kernel calls, seed 003's transposes), it only points at the buffer, as a projection
  /// or a section does there (detail/kernel_context.hpp): the view it copies outlives the
  /// kernel, and copying an owner would be an atomic increment and decrement of one counter
  /// that the work-items on every core share.
  ///
  /// A copy made while a launch copies its kernel reports itself to the launch's
  /// capture_recorder, which makes its data current where the kernel runs.
  array_view(const array_view& other) noexcept
      : extent(other.extent), data_(other.data_), storage_(ample::detail::derived_storage(other.storage_)) {
    for (int d = 0; d < N; ++d) stride_[d] = other.stride_[d];
    record_capture();
  }
  array_view& operator=(const array_view& other) noexcept {
    extent = other.extent;
    data_ = other.data_;
    for (int d = 0; d < N; ++d) stride_[d] = other.stride_[d];
    storage_ = ample::detail::derived_storage(other.storage_);
    record_capture();
    return *this;
  }
  array_view(array_view&&) noexcept = default;
  array_view& operator=(array_view&&) noexcept = default;
  /// A read-only view can be made from a writable one.
  template <class U>
    requires(std::is_const_v<T> && std::is_same_v<U, element_type>)
  array_view(const array_view<U, N>& other) noexcept
      : extent(other.extent), data_(other.data_), storage_(ample::detail::derived_storage(other.storage_)) {
    for (int d = 0; d < N; ++d) stride_[d] = other.stride_[d];
    record_capture();
  }

  concurrency::extent<N> get_extent() const noexcept { return extent; }
  /// get_source_accelerator_view() is where the viewed data lives: the array's view, or the
  /// cpu_accelerator's for host memory. A view made from an extent alone has no data source,
  /// so it throws runtime_exception, as Microsoft's does.
  AMPLE_CPU_ONLY accelerator_view get_source_accelerator_view() const {
    if (!storage_) return accelerator_view(ample::detail::find_device(accelerator::cpu_accelerator)->default_view);
    if (!storage_->has_data_source())
      AMPLE_THROW(runtime_exception,
                  "array_view of extent " + ample::detail::format_extent<N>(extent) +
                      " has no data source (it was made from an extent alone), so it has no "
                      "source_accelerator_view",
                  error_code::e_invalidarg);
    return accelerator_view(storage_->owner());
  }
  /// source_accelerator_view is get_source_accelerator_view(), called each time the property is
  /// read; it takes no space (detail/view_property.hpp).
  [[no_unique_address]] ample::detail::view_property<array_view, &array_view::get_source_accelerator_view>
      source_accelerator_view;

  /// Element access. Unchecked, unless AMPLE_ENABLE_DEBUG_CHECKS is defined: then an index
  /// outside the extent throws runtime_exception naming both (detail/debug_checks.hpp). With
  /// AMPLE_DIRECT3D_OUT_OF_BOUNDS such an access reads zero and drops writes, as on Direct3D
  /// (detail/direct3d_out_of_bounds.hpp).
  AMPLE_IMPL_ELEMENT_ACCESS T& operator[](const index<N>& idx) const noexcept(unchecked_) { return element(idx); }
  AMPLE_IMPL_ELEMENT_ACCESS T& operator()(const index<N>& idx) const noexcept(unchecked_) { return element(idx); }
  /// get_ref() is operator[] under the name C++ AMP gives it for amp code.
  AMPLE_IMPL_ELEMENT_ACCESS T& get_ref(const index<N>& idx) const noexcept(unchecked_) { return element(idx); }

  template <class... Ints>
    requires(N > 1 && sizeof...(Ints) == N && (std::is_convertible_v<Ints, int> && ...))
  AMPLE_IMPL_ELEMENT_ACCESS T& operator()(Ints... coords) const noexcept(unchecked_) {
    return element(index<N>(static_cast<int>(coords)...));
  }

  /// operator[](i) on rank 1 is element i; on rank N > 1 it projects to the rank N-1 view of
  /// row i of the most significant dimension. Checked like element access. With
  /// AMPLE_DIRECT3D_OUT_OF_BOUNDS, a row outside the extent projects, inside a kernel, to a
  /// view of the row's extent that has no elements: every access through it, or through its
  /// projections and sections, is out of bounds (its data() is null). On the host such a
  /// projection throws runtime_exception, as array's does, so that no host copy meets one.
  AMPLE_IMPL_ELEMENT_ACCESS decltype(auto) operator[](int i) const noexcept(row_noexcept_) {
    ample::detail::check_row("array_view", i, extent);
    if constexpr (N == 1) {
      if constexpr (ample::detail::direct3d_out_of_bounds)
        if (AMPLE_IMPL_UNLIKELY(!row_inside(i))) return ample::detail::out_of_bounds_element<T>();
      return static_cast<T&>(host_ready()[i]);
    } else {
      if constexpr (ample::detail::direct3d_out_of_bounds)
        if (AMPLE_IMPL_UNLIKELY(!row_inside(i))) return projection_out_of_bounds(i);
      return project(i);
    }
  }
  AMPLE_IMPL_ELEMENT_ACCESS decltype(auto) operator()(int i) const noexcept(row_noexcept_) { return (*this)[i]; }

  /// section(origin, ext) views the sub-block of shape ext starting at origin.
  array_view section(const index<N>& origin, const concurrency::extent<N>& ext) const {
    check_section(origin, ext);
    array_view r(layout(), ample::detail::derived_storage(storage_));
    r.extent = ample::detail::readonly_extent<N>(ext);
    // A view with no elements (a projection to a row outside the extent, in the Direct3D
    // out-of-bounds mode) has sections with none either; null plus an offset is undefined.
    if (data_ != nullptr) r.data_ = data_ + offset(origin);
    return r;
  }
  /// section(origin) views from origin to the end of every dimension.
  array_view section(const index<N>& origin) const {
    concurrency::extent<N> ext = extent;
    // A negative origin is rejected by section() below; subtracting INT_MIN would overflow.
    for (int d = 0; d < N; ++d)
      if (origin[d] >= 0) ext[d] -= origin[d];
    return section(origin, ext);
  }
  /// section(ext) views the block of shape ext at the origin.
  array_view section(const concurrency::extent<N>& ext) const { return section(index<N>(), ext); }
  array_view section(int i0, int e0) const
    requires(N == 1)
  {
    return section(index<1>(i0), concurrency::extent<1>(e0));
  }
  array_view section(int i0, int i1, int e0, int e1) const
    requires(N == 2)
  {
    return section(index<2>(i0, i1), concurrency::extent<2>(e0, e1));
  }
  array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const
    requires(N == 3)
  {
    return section(index<3>(i0, i1, i2), concurrency::extent<3>(e0, e1, e2));
  }

  /// data() points at the first element; only rank 1 is guaranteed contiguous (SPEC §5.2.5).
  T* data() const noexcept
    requires(N == 1)
  {
    return host_ready();
  }

  /// reinterpret_as<U>() views the same bytes as elements of type U: sizeof(T) * size() / sizeof(U)
  /// of them, sharing this view's data. Rank 1 only, the one rank guaranteed contiguous
  /// (SPEC §5.2.5). runtime_exception if the bytes do not divide into whole U.
  ///
  ///     array_view<float> f(4, v);
  ///     array_view<int> bits = f.reinterpret_as<int>();   // the IEEE bits of each float
  template <class U>
    requires(N == 1)
  array_view<ample::detail::like_const_t<T, U>, 1> reinterpret_as() const {
    static_assert(sizeof(U) % 4 == 0, "reinterpret_as<U>: sizeof(U) must be a multiple of 4 bytes (SPEC §5.1)");
    using R = ample::detail::like_const_t<T, U>;
    const int n = ample::detail::reinterpreted_count<T, U>(extent.size());
    return array_view<R, 1>(ample::detail::contiguous_layout(reinterpret_cast<R*>(data_), concurrency::extent<1>(n)),
                            ample::detail::derived_storage(storage_));
  }
  /// view_as(e) views the first e.size() elements as a dense row-major view of shape e
  /// (rank 1 only); runtime_exception naming both extents if this view holds too few.
  template <int K>
    requires(N == 1)
  array_view<T, K> view_as(const concurrency::extent<K>& e) const {
    ample::detail::require_view_fits(e, extent);
    return array_view<T, K>(ample::detail::contiguous_layout(data_, e),
                            ample::detail::derived_storage(storage_));
  }

  /// copy_to() copies this view's elements into a destination of the same extent.
  AMPLE_CPU_ONLY void copy_to(array<element_type, N>& dest) const;
  AMPLE_CPU_ONLY void copy_to(const array_view<element_type, N>& dest) const;

  /// synchronize(type) makes the view's data current where its source lives (the host
  /// container, or the array); with access_type_write or read_write the copies elsewhere
  /// become stale, as the source is about to change. It waits for queued kernels that write
  /// the view, and throws the exception of one that failed (once). A view made from an extent
  /// alone has no source: nothing happens.
  AMPLE_CPU_ONLY void synchronize(access_type type = access_type_read) const {
    if (storage_ == nullptr || !storage_->has_data_source()) return;
    acquire(storage_->home_space(), host_intent(type));
    storage_->report_failure(region_of(this));
  }
  /// synchronize_async() is synchronize() on a thread of its own, once it has anything to
  /// copy or wait for; the future carries its exception.
  AMPLE_CPU_ONLY completion_future synchronize_async(access_type type = access_type_read) const {
    if (storage_ == nullptr || !storage_->has_data_source()) return ample::detail::ready_future();
    return acquire_async(storage_->home_space(), host_intent(type));
  }
  /// synchronize_to(av, type) makes the view's data current on `av`'s accelerator.
  AMPLE_CPU_ONLY void synchronize_to(const accelerator_view& av, access_type type = access_type_read) const {
    if (storage_ == nullptr) return;
    acquire(ample::detail::memory_space(*av.state()->dev), host_intent(type));
    storage_->report_failure(region_of(this));
  }
  /// synchronize_to_async() is synchronize_to() on a thread of its own, as synchronize_async().
  AMPLE_CPU_ONLY completion_future synchronize_to_async(const accelerator_view& av, access_type type = access_type_read) const {
    if (storage_ == nullptr) return ample::detail::ready_future();
    return acquire_async(ample::detail::memory_space(*av.state()->dev), host_intent(type));
  }
  /// refresh() says the source was changed behind the view's back (the container written
  /// directly): copies of the view's data elsewhere are stale.
  AMPLE_CPU_ONLY void refresh() const {
    if (storage_ != nullptr && storage_->has_data_source()) acquire(storage_->home_space(), access_type_write);
  }
  /// discard_data() says the view's contents need not be kept: the next use of the view,
  /// anywhere, copies none of them in (a kernel that only writes the view pays no copy).
  AMPLE_CPU_ONLY void discard_data() const {
    if (storage_ != nullptr) storage_->discard(region_of(this));
  }

 private:
  template <class, int>
  friend class array_view;
  template <class, int>
  friend class concurrency::array;
  friend struct ample::detail::container_access;

  array_view(const ample::detail::strided_layout<T, N>& l, std::shared_ptr<ample::detail::buffer> storage) noexcept
      : extent(l.shape), data_(l.base), storage_(std::move(storage)) {
    for (int d = 0; d < N; ++d) stride_[d] = l.stride[d];
  }
  array_view(const concurrency::extent<N>& e, std::shared_ptr<ample::detail::buffer> storage)
      : array_view(ample::detail::contiguous_layout(static_cast<T*>(storage->host_data()), e), storage) {}

  template <class Container>
  static T* checked(Container& src, const concurrency::extent<N>& e) {
    ample::detail::require_capacity(src.size(), checked_shape(e));
    return src.data();
  }
  static const concurrency::extent<N>& checked_shape(const concurrency::extent<N>& e) {
    for (int d = 0; d < N; ++d)
      if (e[d] < 0)
        AMPLE_THROW(runtime_exception, "array_view extent " + ample::detail::format_extent(e) + " has a negative dimension",
                    error_code::e_invalidarg);
    return e;
  }
  static std::shared_ptr<ample::detail::buffer> allocate(const concurrency::extent<N>& e) {
    const ample::detail::device& d = ample::detail::default_device();
    d.default_cpu_access_type.use();  // implicit storage fixes the default
    // A view's storage is reached only through views, which launches record: not by reference.
    auto storage = ample::detail::buffer::allocate(d.default_view, e, sizeof(element_type), false);
    storage->template construct_elements<element_type>();
    storage->drop_data_source();
    return storage;
  }

  ample::detail::strided_layout<T, N> layout() const noexcept {
    ample::detail::strided_layout<T, N> l{data_, extent, {}};
    for (int d = 0; d < N; ++d) l.stride[d] = stride_[d];
    return l;
  }
  /// host_layout() is layout(), its data made current on the host for `access` first.
  ample::detail::strided_layout<T, N> host_layout(access_type access) const {
    if (storage_ != nullptr && !storage_->host_only()) {
      acquire(nullptr, access);
      storage_->report_failure(region_of(this));
    }
    return layout();
  }

  /// host_region() is what the view covers of its buffer (container_access).
  ample::detail::byte_ranges host_region() const { return region_of(this); }
  /// region_of() is what the view at `view` covers of its buffer's bytes.
  static ample::detail::byte_ranges region_of(const void* view) {
    const array_view& self = *static_cast<const array_view*>(view);
    return ample::detail::byte_ranges::of(self.layout(), self.storage_->host_data());
  }
  void acquire(const ample::detail::device* space, access_type access) const {
    storage_->acquire(space, region_of(this), access);
  }
  /// acquire_async() is acquire() and the report of a failure, on a thread of its own unless
  /// the buffer is host_only() (nothing to do). The thread holds the buffer, not the view:
  /// the program's last view over a container still writes it back when destroyed.
  completion_future acquire_async(const ample::detail::device* space, access_type access) const {
    if (storage_->host_only() && space == nullptr) return ample::detail::ready_future();
    return ample::detail::run_on_host_thread(
        [storage = storage_->shared_from_this(), region = region_of(this), space, access] {
          storage->acquire(space, region, access);
          storage->report_failure(region);
        });
  }
  /// host_intent() is what synchronize(type) asks of the copy it makes current: the data
  /// (read), and for a write, that the other copies become stale.
  static access_type host_intent(access_type type) noexcept {
    return (type & access_type_write) ? access_type_read_write : access_type_read;
  }

  /// record_capture() reports this copy to the capture_recorder of a launch copying its kernel
  /// on this thread. Inside a kernel there is none: in_kernel is tested first, as
  /// derived_storage() just did, so kernels pay nothing for it.
  void record_capture() {
    if (ample::detail::in_kernel || ample::detail::capture_recorder::active == nullptr || storage_ == nullptr) return;
    ample::detail::capture_recorder::active->record(
        {storage_.get(), this, sizeof(array_view), &region_of, &rebase, !std::is_const_v<T>});
  }
  /// rebase() points the view at the same place in another copy of its buffer, and holds
  /// the buffer itself instead of the view's data source (capture_recorder.hpp says why).
  static void rebase(void* view, ample::detail::buffer& storage, void* to_base) {
    array_view& self = *static_cast<array_view*>(view);
    self.storage_ = storage.shared_from_this();
    if (self.data_ == nullptr) return;
    const auto offset = reinterpret_cast<const char*>(self.data_) - static_cast<const char*>(storage.host_data());
    self.data_ = reinterpret_cast<T*>(static_cast<char*>(to_base) + offset);
  }

  /// host_ready() is data_, current on the host when this is host code (detail/buffer.hpp's
  /// host_view_access()). In a kernel in_kernel is true, and the CPU engine's loops tell the
  /// compiler so, which removes the whole test from kernels. Whether the buffer is host_only()
  /// is asked out of line: an atomic load inline, even on a path a kernel never takes, keeps
  /// the compiler from carrying in_kernel across a fiber barrier, and the kernel's whole host
  /// path then stays (the blocked SGEMM on fibers kept its accumulators in memory: 1.6x
  /// slower, docs/perf/2026-11-28-data-model.md).
  AMPLE_IMPL_ALWAYS_INLINE T* host_ready() const noexcept {
    // [[unlikely]], not __builtin_expect: the compiled-barrier pass folds in_kernel in tile
    // clones before anything lowers llvm.expect, which would keep the dead call alive there.
    if (!ample::detail::in_kernel && storage_ != nullptr) [[unlikely]] {
      element_type* data = const_cast<element_type*>(data_);
      if constexpr (N <= ample::detail::view_shape::max_rank) {
        ample::detail::view_shape shape{data_, sizeof(T), N, {}, {}};
        for (int d = 0; d < N; ++d) {
          shape.extent[d] = extent[d];
          shape.stride[d] = d < N - 1 ? stride_[d] : 1;
        }
        return static_cast<T*>(ample::detail::host_view_access(*storage_, shape, !std::is_const_v<T>, data));
      } else {
        return static_cast<T*>(ample::detail::host_view_access(*storage_, this, &region_of, !std::is_const_v<T>, data));
      }
    }
    return data_;
  }

  static constexpr bool unchecked_ = !ample::detail::debug_checks;
  /// row_noexcept_: operator[](int) throws with the debug checks, and in the Direct3D mode for
  /// a projection to a row outside the extent on the host.
  static constexpr bool row_noexcept_ = unchecked_ && (N == 1 || !ample::detail::direct3d_out_of_bounds);

  /// row_inside() is whether operator[](i) reaches an element or row (Direct3D mode).
  AMPLE_IMPL_ALWAYS_INLINE bool row_inside(int i) const noexcept {
    return data_ != nullptr && static_cast<unsigned>(i) < static_cast<unsigned>(extent[0]);
  }

  /// element() is every element access: the debug check, then the address; in the Direct3D
  /// mode, the scratch element for an index outside the extent or a view without elements.
  AMPLE_IMPL_ELEMENT_ACCESS AMPLE_IMPL_ALWAYS_INLINE T& element(const index<N>& idx) const noexcept(unchecked_) {
    ample::detail::check_index("array_view", idx, extent);
    if constexpr (ample::detail::direct3d_out_of_bounds) {
      if (AMPLE_IMPL_UNLIKELY(data_ == nullptr || !ample::detail::within(idx, extent)))
        return ample::detail::out_of_bounds_element<T>();
    }
    return host_ready()[offset(idx)];
  }

  std::ptrdiff_t offset(const index<N>& idx) const noexcept {
    std::ptrdiff_t off = idx[N - 1];
    for (int d = 0; d < N - 1; ++d) off += static_cast<std::ptrdiff_t>(idx[d]) * stride_[d];
    return off;
  }

  array_view<T, (N > 1 ? N - 1 : 1)> project(int i) const noexcept {
    constexpr int M = N > 1 ? N - 1 : 1;
    ample::detail::strided_layout<T, M> l{data_ + static_cast<std::ptrdiff_t>(i) * stride_[0], {}, {}};
    for (int d = 0; d < M; ++d) {
      l.shape[d] = extent[d + 1];
      l.stride[d] = stride_[d + 1];
    }
    return array_view<T, M>(l, ample::detail::derived_storage(storage_));
  }

  /// projection_out_of_bounds() is operator[](i) for a row outside the extent in the Direct3D
  /// mode: inside a kernel a view of the row's shape with no elements (null data), which makes
  /// every access through it out of bounds; on the host runtime_exception, as array's host
  /// projection throws.
  [[gnu::cold]] array_view<T, (N > 1 ? N - 1 : 1)> projection_out_of_bounds(int i) const {
    constexpr int M = N > 1 ? N - 1 : 1;
    if (!ample::detail::in_kernel && static_cast<unsigned>(i) >= static_cast<unsigned>(extent[0]))
      AMPLE_THROW(runtime_exception,
                  "array_view: projection to row " + std::to_string(i) + " is outside extent " +
                      ample::detail::format_extent<N>(extent) +
                      " (AMPLE_DIRECT3D_OUT_OF_BOUNDS makes it a view without elements only inside kernels)",
                  error_code::e_invalidarg);
    ample::detail::strided_layout<T, M> l{nullptr, {}, {}};
    for (int d = 0; d < M; ++d) {
      l.shape[d] = extent[d + 1];
      l.stride[d] = stride_[d + 1];
    }
    return array_view<T, M>(l, ample::detail::derived_storage(storage_));
  }

  void check_section(const index<N>& origin, const concurrency::extent<N>& ext) const {
    for (int d = 0; d < N; ++d) {
      // An empty section is refused too, as Microsoft's runtime does.
      if (origin[d] < 0 || ext[d] <= 0 || static_cast<long long>(origin[d]) + ext[d] > extent[d]) {
        int o[N];
        for (int k = 0; k < N; ++k) o[k] = origin[k];
        AMPLE_THROW_IN_KERNEL(runtime_exception,
                              "section at origin " + ample::detail::format_values(o, N) + " with extent " +
                                  ample::detail::format_extent(ext) +
                                  (ext[d] <= 0 ? " is empty, in extent " : " does not fit in extent ") +
                                  ample::detail::format_extent<N>(extent),
                              error_code::e_invalidarg);
      }
    }
  }

  T* data_;
  std::ptrdiff_t stride_[N];
  std::shared_ptr<ample::detail::buffer> storage_;
};

}  // namespace Concurrency
