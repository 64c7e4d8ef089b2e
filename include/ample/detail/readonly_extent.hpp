// readonly_extent<N>: the `extent` data member of array and array_view.
#pragma once

#include "../config.hpp"
#include "../extent.hpp"

namespace Concurrency {
template <class T, int N>
class array;
template <class T, int N>
class array_view;
namespace graphics {
template <class T, int N>
class texture;
}  // namespace graphics
}  // namespace Concurrency

namespace ample::detail {

template <class E, int N>
class texture_view_base;

/// readonly_extent stands in for Microsoft's read-only `extent` property: code reads it as an
/// extent (`v.extent[0]`, `v.extent.size()`, `v.extent.tile<16,16>()`, passing it on), but
/// cannot change a container's shape through it. The mutating operators of extent are hidden.
template <int N>
class AMPLE_AMP_CPU readonly_extent : public concurrency::extent<N> {
  using base = concurrency::extent<N>;

 public:
  constexpr explicit readonly_extent(const base& e) noexcept : base(e) {}
  constexpr readonly_extent(const readonly_extent&) noexcept = default;

  constexpr int operator[](int i) const noexcept { return base::operator[](i); }

  void operator+=(auto) = delete;
  void operator-=(auto) = delete;
  void operator*=(auto) = delete;
  void operator/=(auto) = delete;
  void operator%=(auto) = delete;
  void operator++() = delete;
  void operator--() = delete;
  void operator++(int) = delete;
  void operator--(int) = delete;

 private:
  // Only the containers that own an extent may replace it (when they are assigned as a whole);
  // `a.extent = b.extent` in user code must not re-shape a container behind its data.
  template <class, int>
  friend class concurrency::array;
  template <class, int>
  friend class concurrency::array_view;
  template <class, int>
  friend class concurrency::graphics::texture;
  template <class, int>
  friend class texture_view_base;

  constexpr readonly_extent& operator=(const readonly_extent&) noexcept = default;
};

}  // namespace ample::detail
