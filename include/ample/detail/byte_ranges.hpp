// byte_ranges: the bytes of a buffer that a view covers, or that one copy of it holds current.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "strided_layout.hpp"

namespace ample::detail {

/// byte_ranges is a set of byte offsets within one buffer, kept as sorted, disjoint,
/// non-adjacent half-open intervals. The coherence of a buffer's copies (buffer.hpp) is
/// tracked in these units: which bytes each copy holds current, which bytes a view reads or
/// writes. Views are dense in their innermost dimension, so a view of R rows is at most R
/// intervals, fewer when its rows touch (a whole array is one).
class byte_ranges {
 public:
  struct interval {
    std::size_t begin, end;
    friend bool operator==(const interval&, const interval&) = default;
  };

  byte_ranges() = default;
  byte_ranges(std::size_t begin, std::size_t end) {
    if (begin < end) intervals_.push_back({begin, end});
  }

  /// of() is what a view of layout `l` covers in a buffer whose bytes start at `base`.
  template <class T, int N>
  static byte_ranges of(const strided_layout<T, N>& l, const void* base) {
    if (l.base == nullptr) return {};
    int extent[N];
    for (int d = 0; d < N; ++d) extent[d] = l.shape[d];
    const auto first = static_cast<std::size_t>(reinterpret_cast<const char*>(l.base) - static_cast<const char*>(base));
    return of_elements(first, sizeof(T), N, extent, l.stride);
  }
  /// of_elements() is the bytes of the elements at `first` + sum(idx[d] * stride[d]) elements
  /// of `element_size` bytes, for every idx within `extent` (`rank` values each; the innermost
  /// stride is 1). Trailing dimensions whose rows follow one another are one block: a whole
  /// array, or a view of whole rows, costs one interval and no loop over its rows, which
  /// every launch and host access of the view would otherwise pay.
  static byte_ranges of_elements(std::size_t first, std::size_t element_size, int rank, const int* extent,
                                 const std::ptrdiff_t* stride);

  bool empty() const noexcept { return intervals_.empty(); }
  std::span<const interval> intervals() const noexcept { return {intervals_.begin(), intervals_.end()}; }
  /// bytes() is how many bytes the set holds.
  std::size_t bytes() const noexcept;

  /// append() adds [begin, end); cheap when it lies at or after the set's end, as the rows of
  /// a view do in row-major order.
  void append(std::size_t begin, std::size_t end);
  byte_ranges& operator|=(const byte_ranges& other);
  byte_ranges& operator-=(const byte_ranges& other);
  friend byte_ranges operator&(const byte_ranges& a, const byte_ranges& b);
  friend byte_ranges operator-(byte_ranges a, const byte_ranges& b) { return a -= b; }
  friend bool operator==(const byte_ranges&, const byte_ranges&) = default;

 private:
  /// interval_list holds the intervals, one of them without an allocation: most sets are one
  /// interval (a whole array, a view of whole rows), and a launch on a device with memory of
  /// its own builds, merges and stores a dozen of them, each of which allocated while this
  /// was a vector (docs/perf/2026-12-04-launch-allocations.md).
  class interval_list {
   public:
    interval_list() = default;
    interval_list(const interval_list&) = default;
    interval_list& operator=(const interval_list&) = default;
    /// A list moved from is empty, as a vector moved from is.
    interval_list(interval_list&& other) noexcept
        : one_(other.one_), many_(std::move(other.many_)), size_(std::exchange(other.size_, 0)) {}
    interval_list& operator=(interval_list&& other) noexcept {
      one_ = other.one_;
      many_ = std::move(other.many_);
      size_ = std::exchange(other.size_, 0);
      return *this;
    }

    bool empty() const noexcept { return size_ == 0; }
    std::size_t size() const noexcept { return size_; }
    const interval* begin() const noexcept { return size_ > 1 ? many_.data() : &one_; }
    const interval* end() const noexcept { return begin() + size_; }
    interval& back() noexcept { return size_ > 1 ? many_.back() : one_; }
    void push_back(const interval& i) {
      if (size_ == 0) {
        one_ = i;
      } else if (size_ == 1) {
        many_.assign({one_, i});
      } else {
        many_.push_back(i);
      }
      ++size_;
    }
    /// reserve() makes room for `n` intervals; none is allocated for one.
    void reserve(std::size_t n) {
      if (n > 1) many_.reserve(n);
    }
    friend bool operator==(const interval_list& a, const interval_list& b) {
      return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

   private:
    interval one_{};               ///< the interval, while there is one
    std::vector<interval> many_;  ///< all of them, from two on
    std::size_t size_ = 0;
  };

  interval_list intervals_;
};

}  // namespace ample::detail
