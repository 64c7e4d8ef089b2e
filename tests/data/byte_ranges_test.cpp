// byte_ranges::of(): the bytes a view covers, computed without a loop over rows that touch
// (every launch and host access of a view pays for it), equal to the set of its elements; and
// the set operations, whose first interval is kept without an allocation, against a bitset.
#include <bitset>
#include <random>
#include <set>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample::detail::byte_ranges;

/// elements_of() is the bytes of each element of the layout, one interval per element.
template <int N>
byte_ranges elements_of(const ample::detail::strided_layout<int, N>& l, const void* base) {
  byte_ranges r;
  ample::detail::for_each_outer(l.shape, [&](const int* idx) {
    for (int i = 0; i < l.shape[N - 1]; ++i) {
      const auto begin = static_cast<std::size_t>(reinterpret_cast<const char*>(l.row(idx) + i) -
                                                  static_cast<const char*>(base));
      r |= byte_ranges(begin, begin + sizeof(int));
    }
  });
  return r;
}

template <int N>
ample::detail::strided_layout<int, N> layout_of(const array_view<int, N>& v) {
  return ample::detail::container_access::layout(v);
}

TEST(ByteRangesTest, WholeRowsAreOneInterval) {
  std::vector<int> data(8 * 4);
  array_view<int, 2> whole(8, 4, data);
  const byte_ranges all = byte_ranges::of(layout_of(whole), data.data());
  ASSERT_EQ(all.intervals().size(), 1u);
  EXPECT_EQ(all.intervals()[0].begin, 0u);
  EXPECT_EQ(all.intervals()[0].end, data.size() * sizeof(int));

  const byte_ranges rows = byte_ranges::of(layout_of(whole.section(index<2>(2, 0), extent<2>(3, 4))), data.data());
  ASSERT_EQ(rows.intervals().size(), 1u);
  EXPECT_EQ(rows.intervals()[0].begin, 2 * 4 * sizeof(int));
  EXPECT_EQ(rows.intervals()[0].end, 5 * 4 * sizeof(int));
}

TEST(ByteRangesTest, ColumnsAreOneIntervalPerRow) {
  std::vector<int> data(8 * 4);
  array_view<int, 2> whole(8, 4, data);
  const byte_ranges column = byte_ranges::of(layout_of(whole.section(index<2>(0, 1), extent<2>(8, 2))), data.data());
  ASSERT_EQ(column.intervals().size(), 8u);
  for (std::size_t row = 0; row < 8; ++row) {
    EXPECT_EQ(column.intervals()[row].begin, (row * 4 + 1) * sizeof(int)) << "row " << row;
    EXPECT_EQ(column.intervals()[row].end, (row * 4 + 3) * sizeof(int)) << "row " << row;
  }
}

TEST(ByteRangesTest, EmptyLayoutsCoverNothing) {
  std::vector<int> data(8 * 4);
  EXPECT_TRUE(byte_ranges::of(ample::detail::contiguous_layout(data.data(), extent<2>(0, 4)), data.data()).empty());
  EXPECT_TRUE(byte_ranges::of(ample::detail::contiguous_layout(data.data(), extent<2>(8, 0)), data.data()).empty());
}

TEST(ByteRangesTest, EverySectionOfRankThreeCoversItsElements) {
  const extent<3> shape(5, 4, 6);
  std::vector<int> data(static_cast<std::size_t>(shape.size()));
  array_view<int, 3> whole(shape, data);
  std::mt19937 random(31);
  for (int trial = 0; trial < 500; ++trial) {
    index<3> origin;
    extent<3> size;
    for (int d = 0; d < 3; ++d) {
      origin[d] = std::uniform_int_distribution<int>(0, shape[d] - 1)(random);
      size[d] = std::uniform_int_distribution<int>(1, shape[d] - origin[d])(random);
    }
    const auto l = layout_of(whole.section(origin, size));
    const byte_ranges got = byte_ranges::of(l, data.data());
    ASSERT_EQ(got, elements_of(l, data.data())) << "section at " << origin[0] << "," << origin[1] << ","
                                                 << origin[2] << " of " << size[0] << "x" << size[1] << "x" << size[2];
    // Touching rows merge: a section of whole planes' rows is one interval.
    if (size[1] == shape[1] && size[2] == shape[2]) {
      EXPECT_EQ(got.intervals().size(), 1u);
    }
  }
}

/// bits_of() is the set as a bitset over [0, 64), checking that its intervals are sorted,
/// disjoint and not adjacent, as every operation must leave them.
std::bitset<64> bits_of(const byte_ranges& r) {
  std::bitset<64> bits;
  std::size_t previous_end = 0;
  bool first = true;
  for (const byte_ranges::interval& i : r.intervals()) {
    EXPECT_LT(i.begin, i.end);
    if (!first) {
      EXPECT_GT(i.begin, previous_end) << "intervals out of order, overlapping or adjacent";
    }
    for (std::size_t b = i.begin; b < i.end; ++b) bits.set(b);
    previous_end = i.end;
    first = false;
  }
  return bits;
}

/// random_set() is up to three random intervals within [0, 64), with its bitset.
std::pair<byte_ranges, std::bitset<64>> random_set(std::mt19937& random) {
  byte_ranges r;
  std::bitset<64> bits;
  const int count = std::uniform_int_distribution<int>(0, 3)(random);
  for (int k = 0; k < count; ++k) {
    const std::size_t begin = std::uniform_int_distribution<std::size_t>(0, 63)(random);
    const std::size_t end = std::uniform_int_distribution<std::size_t>(begin, 64)(random);
    r.append(begin, end);
    for (std::size_t b = begin; b < end; ++b) bits.set(b);
  }
  return {r, bits};
}

TEST(ByteRangesTest, SetOperationsAgreeWithABitset) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 5000; ++trial) {
    const auto [a, a_bits] = random_set(random);
    const auto [b, b_bits] = random_set(random);
    ASSERT_EQ(bits_of(a), a_bits);
    byte_ranges united = a;
    united |= b;
    ASSERT_EQ(bits_of(united), a_bits | b_bits) << "trial " << trial;
    ASSERT_EQ(bits_of(a - b), a_bits & ~b_bits) << "trial " << trial;
    ASSERT_EQ(bits_of(a & b), a_bits & b_bits) << "trial " << trial;
    ASSERT_EQ(a - b == b - a, (a_bits & ~b_bits) == (b_bits & ~a_bits)) << "trial " << trial;
    EXPECT_EQ(united.bytes(), (a_bits | b_bits).count());
  }
}

TEST(ByteRangesTest, CopiesAreEqualAndSetsMovedFromAreEmpty) {
  byte_ranges many(0, 4);
  many.append(8, 12);
  many.append(16, 20);
  byte_ranges one(2, 6);
  for (byte_ranges* r : {&many, &one}) {
    const byte_ranges copy = *r;
    EXPECT_EQ(copy, *r);
    byte_ranges moved = std::move(*r);
    EXPECT_EQ(moved, copy);
    EXPECT_TRUE(r->empty());  // the state a move leaves is what is tested
    EXPECT_EQ(r->intervals().size(), 0u);
    r->append(30, 31);  // usable again
    EXPECT_EQ(*r, byte_ranges(30, 31));
  }
  // From one interval to many and back to one.
  byte_ranges r(0, 64);
  r -= byte_ranges(10, 20);
  ASSERT_EQ(r.intervals().size(), 2u);
  r |= byte_ranges(10, 20);
  EXPECT_EQ(r, byte_ranges(0, 64));
}

}  // namespace
