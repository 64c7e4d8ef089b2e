// byte_ranges: set operations on sorted interval lists, each linear in the two lists' lengths.
#include "ample/detail/byte_ranges.hpp"

#include <algorithm>

namespace ample::detail {

std::size_t byte_ranges::bytes() const noexcept {
  std::size_t n = 0;
  for (const interval& i : intervals_) n += i.end - i.begin;
  return n;
}

byte_ranges byte_ranges::of_elements(std::size_t first, std::size_t element_size, int rank, const int* extent,
                                     const std::ptrdiff_t* stride) {
  byte_ranges r;
  for (int d = 0; d < rank; ++d)
    if (extent[d] <= 0) return r;
  // Dimensions [outer, rank) form one block of `block` elements.
  int outer = rank - 1;
  auto block = static_cast<std::size_t>(extent[rank - 1]);
  while (outer > 0 && stride[outer - 1] == static_cast<std::ptrdiff_t>(block)) {
    --outer;
    block *= static_cast<std::size_t>(extent[outer]);
  }
  const std::size_t block_bytes = block * element_size;
  // The outer coordinates: on the stack for the ranks views have (host element access of a
  // section computes its region each time); on the heap beyond.
  int on_stack[8] = {};
  std::vector<int> on_heap(outer > 8 ? static_cast<std::size_t>(outer) : 0, 0);
  int* const idx = outer > 8 ? on_heap.data() : on_stack;
  for (;;) {
    std::ptrdiff_t offset = 0;
    for (int d = 0; d < outer; ++d) offset += idx[d] * stride[d];
    const std::size_t begin = first + static_cast<std::size_t>(offset) * element_size;
    r.append(begin, begin + block_bytes);
    int d = outer - 1;
    while (d >= 0 && ++idx[d] == extent[d]) idx[d--] = 0;
    if (d < 0) return r;
  }
}

void byte_ranges::append(std::size_t begin, std::size_t end) {
  if (begin >= end) return;
  if (intervals_.empty() || begin > intervals_.back().end) {
    intervals_.push_back({begin, end});
  } else if (begin >= intervals_.back().begin) {
    intervals_.back().end = std::max(intervals_.back().end, end);
  } else {
    *this |= byte_ranges(begin, end);
  }
}

byte_ranges& byte_ranges::operator|=(const byte_ranges& other) {
  if (other.empty()) return *this;
  if (empty()) return *this = other;
  // Merged in order of their starts, each joined to the last kept where they touch.
  interval_list merged;
  // Two single intervals make at most two: room is made only for sets of many.
  if (intervals_.size() > 1 || other.intervals_.size() > 1) merged.reserve(intervals_.size() + other.intervals_.size());
  const auto keep = [&](const interval& i) {
    if (!merged.empty() && i.begin <= merged.back().end)
      merged.back().end = std::max(merged.back().end, i.end);
    else
      merged.push_back(i);
  };
  const interval *a = intervals_.begin(), *b = other.intervals_.begin();
  while (a != intervals_.end() || b != other.intervals_.end()) {
    if (b == other.intervals_.end() || (a != intervals_.end() && a->begin < b->begin))
      keep(*a++);
    else
      keep(*b++);
  }
  intervals_ = std::move(merged);
  return *this;
}

byte_ranges& byte_ranges::operator-=(const byte_ranges& other) {
  if (empty() || other.empty()) return *this;
  interval_list kept;
  kept.reserve(intervals_.size());
  const interval* cut = other.intervals_.begin();
  for (interval i : intervals_) {
    while (cut != other.intervals_.end() && cut->end <= i.begin) ++cut;
    for (const interval* c = cut; c != other.intervals_.end() && c->begin < i.end; ++c) {
      if (c->begin > i.begin) kept.push_back({i.begin, c->begin});
      i.begin = std::max(i.begin, c->end);
    }
    if (i.begin < i.end) kept.push_back(i);
  }
  intervals_ = std::move(kept);
  return *this;
}

byte_ranges operator&(const byte_ranges& a, const byte_ranges& b) {
  byte_ranges r;
  const byte_ranges::interval* i = a.intervals_.begin();
  const byte_ranges::interval* j = b.intervals_.begin();
  while (i != a.intervals_.end() && j != b.intervals_.end()) {
    const std::size_t begin = std::max(i->begin, j->begin);
    const std::size_t end = std::min(i->end, j->end);
    if (begin < end) r.intervals_.push_back({begin, end});
    if (i->end < j->end)
      ++i;
    else
      ++j;
  }
  return r;
}

}  // namespace ample::detail
