// view_buffer: a view's elements as MPI sees them, (address, count, datatype), without copies.
#pragma once

#include <mpi.h>

#include <climits>
#include <cstddef>
#include <string>
#include <utility>

#include "../array_view.hpp"
#include "datatype.hpp"
#include "error.hpp"

namespace ample::mpi {

/// view_buffer describes the elements of an array_view (or section) to MPI in place.
///
/// - Contiguous elements (a whole view, or a section spanning whole rows of a row-major
///   view) are `count` elements of datatype<T>() at `address`: MPI reads or writes the
///   memory directly.
/// - Strided elements (a section narrower than its rows) get a derived datatype of one row
///   of datatype<T>() repeated at each outer stride (nested MPI_Type_create_hvector), count 1:
///   MPI packs or unpacks them itself, with no staging copy of ours. The view_buffer owns
///   that datatype and frees it when destroyed; MPI lets a datatype be freed while a
///   non-blocking operation that uses it is in flight, but MPI_Get_count needs it, so
///   requests keep their view_buffer until they complete.
class view_buffer {
 public:
  /// view_buffer() describes no elements. Made from a view, it describes the view's host
  /// copy, current and the only current one (MPI may read or write it).
  view_buffer() = default;
  template <class T, int N>
  explicit view_buffer(const concurrency::array_view<T, N>& view)
      : view_buffer(ample::detail::container_access::host_layout(view, concurrency::access_type_read_write)) {}

  template <class T, int N>
  explicit view_buffer(const ample::detail::strided_layout<T, N>& layout)
      : address_(const_cast<std::remove_const_t<T>*>(layout.base)),
        components_per_element_(element_layout<std::remove_const_t<T>>::components),
        shape_(ample::detail::format_extent(layout.shape)) {
    using element = std::remove_const_t<T>;
    const unsigned long long n = ample::detail::point_count(layout.shape);
    if (n > static_cast<unsigned long long>(INT_MAX))
      fail("ample::mpi", "view of extent " + shape_,
           std::to_string(n) + " elements are more than one MPI message counts (INT_MAX); send sections");
    elements_ = static_cast<int>(n);
    if (is_contiguous(layout)) {
      count_ = elements_;
      datatype_ = ample::mpi::datatype<element>();
      return;
    }
    MPI_Datatype type;
    const auto what = [this] { return "(strided view of extent " + shape_ + ")"; };
    check(MPI_Type_contiguous(layout.shape[N - 1], ample::mpi::datatype<element>(), &type), "MPI_Type_contiguous", what);
    for (int d = N - 2; d >= 0; --d) {
      MPI_Datatype outer;
      const MPI_Aint stride_bytes = static_cast<MPI_Aint>(layout.stride[d]) * static_cast<MPI_Aint>(sizeof(element));
      const int code = MPI_Type_create_hvector(layout.shape[d], 1, stride_bytes, type, &outer);
      MPI_Type_free(&type);
      check(code, "MPI_Type_create_hvector", what);
      type = outer;
    }
    check(MPI_Type_commit(&type), "MPI_Type_commit", what);
    count_ = 1;
    datatype_ = type;
    owns_datatype_ = true;
  }

  view_buffer(view_buffer&& other) noexcept { swap(other); }
  view_buffer& operator=(view_buffer&& other) noexcept {
    view_buffer(std::move(other)).swap(*this);
    return *this;
  }
  ~view_buffer() {
    if (owns_datatype_) MPI_Type_free(&datatype_);
  }

  void* address() const noexcept { return address_; }
  /// count() and datatype() are the (count, datatype) pair to pass to MPI.
  int count() const noexcept { return count_; }
  MPI_Datatype datatype() const noexcept { return datatype_; }
  /// elements() is the number of array elements the view holds.
  int elements() const noexcept { return elements_; }
  bool contiguous() const noexcept { return !owns_datatype_; }
  /// components_per_element() is how many predefined MPI values one element is (4 for float_4).
  int components_per_element() const noexcept { return components_per_element_; }
  /// shape() is the view's extent as Ample's messages print it: "(4, 8)".
  const std::string& shape() const noexcept { return shape_; }

  /// is_contiguous() is whether the layout's elements follow each other in memory: every
  /// dimension with more than one index steps over exactly the block inside it.
  template <class T, int N>
  static bool is_contiguous(const ample::detail::strided_layout<T, N>& layout) noexcept {
    std::ptrdiff_t block = layout.shape[N - 1];
    for (int d = N - 2; d >= 0; --d) {
      if (layout.shape[d] > 1 && layout.stride[d] != block) return false;
      block *= layout.shape[d];
    }
    return true;
  }

 private:
  void swap(view_buffer& other) noexcept {
    std::swap(address_, other.address_);
    std::swap(count_, other.count_);
    std::swap(elements_, other.elements_);
    std::swap(components_per_element_, other.components_per_element_);
    std::swap(datatype_, other.datatype_);
    std::swap(owns_datatype_, other.owns_datatype_);
    std::swap(shape_, other.shape_);
  }

  void* address_ = nullptr;
  int count_ = 0;
  int elements_ = 0;
  int components_per_element_ = 1;
  MPI_Datatype datatype_ = MPI_DATATYPE_NULL;
  bool owns_datatype_ = false;
  std::string shape_;
};

}  // namespace ample::mpi
