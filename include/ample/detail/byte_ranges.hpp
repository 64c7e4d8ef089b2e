// byte_ranges: the bytes of a buffer that a view covers, or that one copy of it holds current.
#pragma once

#include <cstddef>
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
  };

  byte_ranges() = default;
  byte_ranges(std::size_t begin, std::size_t end) {
    if (begin < end) intervals_.push_back({begin, end});
  }

  /// of() is what a view of layout `l` covers in a buffer whose bytes start at `base`.
  template <class T, int N>
  static byte_ranges of(const strided_layout<T, N>& l, const void* base) {
    byte_ranges r;
    if (l.base == nullptr || l.shape.size() == 0) return r;
    const std::size_t row_bytes = static_cast<std::size_t>(l.shape[N - 1]) * sizeof(T);
    const char* origin = static_cast<const char*>(base);
    for_each_outer(l.shape, [&](const int* idx) {
      const auto begin = static_cast<std::size_t>(reinterpret_cast<const char*>(l.row(idx)) - origin);
      r.append(begin, begin + row_bytes);
    });
    return r;
  }

  bool empty() const noexcept { return intervals_.empty(); }
  const std::vector<interval>& intervals() const noexcept { return intervals_; }
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
  std::vector<interval> intervals_;
};

inline bool operator==(const byte_ranges::interval& a, const byte_ranges::interval& b) {
  return a.begin == b.begin && a.end == b.end;
}

}  // namespace ample::detail
