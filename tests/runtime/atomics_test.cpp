// Atomic functions: exact results under real contention on global memory (array, array_view)
// and on tile_static memory shared by the fibers of one tile.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

#include <algorithm>
#include <climits>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

// Mixed arguments convert as with Microsoft's plain overloads: an int literal with an
// unsigned int* selects the unsigned int overload, and the results have the pointee type.
static_assert(std::is_same_v<decltype(atomic_fetch_add(std::declval<unsigned int*>(), 1)), unsigned int>);
static_assert(std::is_same_v<decltype(atomic_fetch_max(std::declval<int*>(), 1u)), int>);
static_assert(std::is_same_v<decltype(atomic_exchange(std::declval<float*>(), 1)), float>);
static_assert(std::is_same_v<decltype(atomic_compare_exchange(std::declval<unsigned int*>(),
                                                              std::declval<unsigned int*>(), 1)),
                             bool>);
static_assert(noexcept(atomic_fetch_inc(std::declval<int*>())));

class AtomicsTest : public WorkerCountTest {};

constexpr int kItems = 1 << 16;

TEST_P(AtomicsTest, FetchAddCountsEveryWorkItemOnArrayView) {
  std::vector<int> counter{0};
  std::vector<int> old(kItems, -1);
  array_view<int, 1> c(1, counter);
  array_view<int, 1> o(kItems, old);
  parallel_for_each(o.extent, [=](index<1> i) restrict(amp) { o[i] = atomic_fetch_add(&c[0], 1); });
  c.synchronize();
  o.synchronize();
  EXPECT_EQ(counter[0], kItems);
  // Every intermediate value is returned to exactly one work-item.
  std::sort(old.begin(), old.end());
  for (int k = 0; k < kItems; ++k) ASSERT_EQ(old[k], k);
}

TEST_P(AtomicsTest, FetchAddAndSubOnArrayAreExact) {
  array<int, 1> sums(2);
  std::vector<int> zero{0, 1000};
  copy(zero.begin(), zero.end(), sums);
  parallel_for_each(extent<1>(kItems), [&sums](index<1> i) restrict(amp) {
    atomic_fetch_add(sums.data(), i[0]);
    atomic_fetch_sub(&sums[1], 3);
  });
  std::vector<int> got(2);
  copy(sums, got.begin());
  EXPECT_EQ(got[0], kItems / 2 * (kItems - 1));  // 0 + 1 + ... + (kItems - 1)
  EXPECT_EQ(got[1], 1000 - 3 * kItems);
}

TEST_P(AtomicsTest, FetchIncAndDecOnIntAndUnsigned) {
  std::vector<int> ints{0, 0};
  std::vector<unsigned int> uints{0u, 5u};
  array_view<int, 1> iv(2, ints);
  array_view<unsigned int, 1> uv(2, uints);
  parallel_for_each(extent<1>(kItems), [=](index<1>) restrict(amp) {
    atomic_fetch_inc(&iv[0]);
    atomic_fetch_dec(&iv[1]);
    atomic_fetch_inc(&uv[0]);
    atomic_fetch_dec(&uv[1]);  // wraps below zero, as unsigned arithmetic does
  });
  iv.synchronize();
  uv.synchronize();
  EXPECT_EQ(ints[0], kItems);
  EXPECT_EQ(ints[1], -kItems);
  EXPECT_EQ(uints[0], static_cast<unsigned int>(kItems));
  EXPECT_EQ(uints[1], 5u - static_cast<unsigned int>(kItems));
}

// A permutation of 0..n-1 whose maximum and minimum sit in the middle, so no schedule sees
// the extremes first.
std::vector<int> scrambled(int n) {
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = static_cast<int>((static_cast<std::int64_t>(i) * 40503) % n);
  return v;
}

TEST_P(AtomicsTest, FetchMaxAndMinOverAllWorkItems) {
  const std::vector<int> values = scrambled(kItems);  // 40503 is odd, so this is a permutation
  std::vector<int> ints{INT_MIN, INT_MAX};
  std::vector<unsigned int> uints{0u, UINT_MAX};
  array_view<const int, 1> in(kItems, values);
  array_view<int, 1> iv(2, ints);
  array_view<unsigned int, 1> uv(2, uints);
  parallel_for_each(in.extent, [=](index<1> i) restrict(amp) {
    int x = in[i] - kItems / 2;  // negative and positive values
    atomic_fetch_max(&iv[0], x);
    atomic_fetch_min(&iv[1], x);
    atomic_fetch_max(&uv[0], static_cast<unsigned int>(in[i]));
    atomic_fetch_min(&uv[1], static_cast<unsigned int>(in[i]) + 7u);
  });
  iv.synchronize();
  uv.synchronize();
  EXPECT_EQ(ints[0], kItems / 2 - 1);
  EXPECT_EQ(ints[1], -kItems / 2);
  EXPECT_EQ(uints[0], static_cast<unsigned int>(kItems - 1));
  EXPECT_EQ(uints[1], 7u);
}

TEST_P(AtomicsTest, FetchMaxReturnsOldValueAndKeepsLargerOne) {
  int x = 10;
  EXPECT_EQ(atomic_fetch_max(&x, 3), 10);
  EXPECT_EQ(x, 10);
  EXPECT_EQ(atomic_fetch_max(&x, 12), 10);
  EXPECT_EQ(x, 12);
  EXPECT_EQ(atomic_fetch_min(&x, -4), 12);
  EXPECT_EQ(x, -4);
  unsigned int u = 1u;
  EXPECT_EQ(atomic_fetch_max(&u, 0x80000000u), 1u);  // unsigned comparison, not signed
  EXPECT_EQ(u, 0x80000000u);
}

TEST_P(AtomicsTest, FetchAndOrXorBitPatterns) {
  // 32 work-item groups, one per bit: each OR sets, each AND clears, XOR toggles twice.
  std::vector<unsigned int> bits{0u, 0xFFFFFFFFu, 0xA5A5A5A5u};
  std::vector<int> signed_bits{0};
  array_view<unsigned int, 1> b(3, bits);
  array_view<int, 1> s(1, signed_bits);
  parallel_for_each(extent<1>(kItems), [=](index<1> i) restrict(amp) {
    unsigned int bit = 1u << (i[0] % 32);
    atomic_fetch_or(&b[0], bit);
    if (i[0] % 32 != 0) atomic_fetch_and(&b[1], ~bit);  // leaves only bit 0
    if (i[0] < 64) atomic_fetch_xor(&b[2], bit);       // every bit toggled exactly twice
    if (i[0] % 2 == 0 && i[0] < 64) atomic_fetch_or(&s[0], static_cast<int>(bit));
  });
  b.synchronize();
  s.synchronize();
  EXPECT_EQ(bits[0], 0xFFFFFFFFu);
  EXPECT_EQ(bits[1], 1u);
  EXPECT_EQ(bits[2], 0xA5A5A5A5u);
  EXPECT_EQ(signed_bits[0], static_cast<int>(0x55555555u));
}

TEST_P(AtomicsTest, FetchFunctionsReturnOldValue) {
  unsigned int u = 0xF0u;
  EXPECT_EQ(atomic_fetch_and(&u, 0x3Cu), 0xF0u);
  EXPECT_EQ(atomic_fetch_or(&u, 0x01u), 0x30u);
  EXPECT_EQ(atomic_fetch_xor(&u, 0xFFu), 0x31u);
  EXPECT_EQ(u, 0xCEu);
  int i = INT_MAX;
  EXPECT_EQ(atomic_fetch_inc(&i), INT_MAX);
  EXPECT_EQ(i, INT_MIN);  // wraps, as std::atomic_ref does
  EXPECT_EQ(atomic_fetch_dec(&i), INT_MIN);
  EXPECT_EQ(i, INT_MAX);
}

// Each work-item exchanges its id into one slot: the returned values plus the final value are
// exactly the ids plus the initial value, each once.
TEST_P(AtomicsTest, ExchangeIntPassesEveryValueOnExactlyOnce) {
  std::vector<int> slot{-1};
  std::vector<int> got(kItems, -2);
  array_view<int, 1> sv(1, slot);
  array_view<int, 1> gv(kItems, got);
  parallel_for_each(gv.extent, [=](index<1> i) restrict(amp) { gv[i] = atomic_exchange(&sv[0], i[0]); });
  sv.synchronize();
  gv.synchronize();
  got.push_back(slot[0]);
  std::sort(got.begin(), got.end());
  for (int k = -1; k < kItems; ++k) ASSERT_EQ(got[k + 1], k);
}

TEST_P(AtomicsTest, ExchangeFloatPassesEveryValueOnExactlyOnce) {
  constexpr int n = 1 << 14;
  std::vector<float> slot{-0.5f};
  std::vector<float> got(n, -2.0f);
  array_view<float, 1> sv(1, slot);
  array_view<float, 1> gv(n, got);
  parallel_for_each(gv.extent, [=](index<1> i) restrict(amp) {
    gv[i] = atomic_exchange(&sv[0], static_cast<float>(i[0]) + 0.25f);
  });
  sv.synchronize();
  gv.synchronize();
  got.push_back(slot[0]);
  std::sort(got.begin(), got.end());
  ASSERT_EQ(got[0], -0.5f);
  for (int k = 0; k < n; ++k) ASSERT_EQ(got[k + 1], static_cast<float>(k) + 0.25f);
}

TEST_P(AtomicsTest, ExchangeUnsignedReturnsOldValue) {
  unsigned int u = 7u;
  EXPECT_EQ(atomic_exchange(&u, 9u), 7u);
  EXPECT_EQ(u, 9u);
}

// Lock-free "claim the slot": every work-item tries to swap its id into an empty slot; exactly
// one succeeds, and every loser learns the winner through expected_value.
TEST_P(AtomicsTest, CompareExchangeClaimsSlotExactlyOnce) {
  std::vector<int> slot{-1}, winners{0}, seen(kItems, -2);
  array_view<int, 1> sv(1, slot), wv(1, winners), seen_v(kItems, seen);
  parallel_for_each(seen_v.extent, [=](index<1> i) restrict(amp) {
    int expected = -1;
    if (atomic_compare_exchange(&sv[0], &expected, i[0])) {
      atomic_fetch_inc(&wv[0]);
      seen_v[i] = i[0];
    } else {
      seen_v[i] = expected;  // the current value: the winner's id
    }
  });
  sv.synchronize();
  wv.synchronize();
  seen_v.synchronize();
  EXPECT_EQ(winners[0], 1);
  ASSERT_GE(slot[0], 0);
  ASSERT_LT(slot[0], kItems);
  EXPECT_EQ(std::count(seen.begin(), seen.end(), slot[0]), kItems);
}

// A compare-exchange loop builds an operation the API lacks: unsigned multiply, every factor 3.
TEST_P(AtomicsTest, CompareExchangeLoopIsExactUnderContention) {
  std::vector<unsigned int> product{1u};
  array_view<unsigned int, 1> p(1, product);
  parallel_for_each(extent<1>(kItems), [=](index<1>) restrict(amp) {
    // Start from a guess rather than a plain read of p[0], which would race with the other
    // work-items' atomic writes (ThreadSanitizer reports it): a failed compare-exchange loads
    // the current value into `expected`.
    unsigned int expected = 1u;
    while (!atomic_compare_exchange(&p[0], &expected, expected * 3u)) {
    }
  });
  p.synchronize();
  unsigned int want = 1u;
  for (int k = 0; k < kItems; ++k) want *= 3u;
  EXPECT_EQ(product[0], want);
}

TEST_P(AtomicsTest, CompareExchangeFailureWritesCurrentValue) {
  unsigned int u = 5u, expected = 4u;
  EXPECT_FALSE(atomic_compare_exchange(&u, &expected, 8u));
  EXPECT_EQ(expected, 5u);
  EXPECT_EQ(u, 5u);
  EXPECT_TRUE(atomic_compare_exchange(&u, &expected, 8u));
  EXPECT_EQ(expected, 5u);
  EXPECT_EQ(u, 8u);
}

constexpr int kTile = 256;

// The fibers of one tile contend on a tile_static counter; the barriers order its reset,
// the increments and the read.
TEST_P(AtomicsTest, TileStaticCounterCountsTheTile) {
  constexpr int tiles = 64;
  std::vector<int> out(tiles, -1);
  array_view<int, 1> o(tiles, out);
  parallel_for_each(extent<1>(tiles * kTile).tile<kTile>(), [=](tiled_index<kTile> t) restrict(amp) {
    tile_static int counter;
    if (t.local[0] == 0) counter = 0;
    t.barrier.wait();
    atomic_fetch_add(&counter, 1);
    t.barrier.wait();
    if (t.local[0] == 0) o[t.tile[0]] = counter;
  });
  o.synchronize();
  EXPECT_EQ(out, std::vector<int>(tiles, kTile));
}

// A per-tile histogram in tile_static memory, each bin then added to a global histogram:
// tile_static atomics within a tile and global atomics across tiles on other workers.
TEST_P(AtomicsTest, TileStaticHistogramMatchesSerial) {
  constexpr int bins = 16, tiles = 128, n = tiles * kTile;
  std::vector<int> values(n);
  std::uint32_t x = 2463534242u;
  for (int& v : values) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    v = static_cast<int>(x % 1000);
  }
  std::vector<int> per_tile(tiles * bins, -1), total(bins, 0);
  array_view<const int, 1> in(n, values);
  array_view<int, 1> pt(tiles * bins, per_tile), tot(bins, total);
  parallel_for_each(in.extent.tile<kTile>(), [=](tiled_index<kTile> t) restrict(amp) {
    tile_static unsigned int hist[bins];
    const int l = t.local[0];
    if (l < bins) hist[l] = 0u;
    t.barrier.wait();
    atomic_fetch_inc(&hist[in[t.global] % bins]);
    t.barrier.wait();
    if (l < bins) {
      pt[t.tile[0] * bins + l] = static_cast<int>(hist[l]);
      atomic_fetch_add(&tot[l], static_cast<int>(hist[l]));
    }
  });
  pt.synchronize();
  tot.synchronize();
  std::vector<int> want_tile(tiles * bins, 0), want_total(bins, 0);
  for (int i = 0; i < n; ++i) {
    ++want_tile[(i / kTile) * bins + values[i] % bins];
    ++want_total[values[i] % bins];
  }
  EXPECT_EQ(per_tile, want_tile);
  EXPECT_EQ(total, want_total);
}

// tile_static max/min/exchange across the fibers of a tile: the tile's largest and smallest
// value, and the exchange chain handing every local id on exactly once.
TEST_P(AtomicsTest, TileStaticMaxMinAndExchange) {
  constexpr int tiles = 32, n = tiles * kTile;
  const std::vector<int> values = scrambled(n);
  std::vector<int> out(tiles * 3, 0);
  array_view<const int, 1> in(n, values);
  array_view<int, 1> o(tiles * 3, out);
  parallel_for_each(in.extent.tile<kTile>(), [=](tiled_index<kTile> t) restrict(amp) {
    tile_static int hi, lo, slot, id_sum;
    if (t.local[0] == 0) {
      hi = INT_MIN;
      lo = INT_MAX;
      slot = kTile;  // the value no work-item exchanges in
      id_sum = 0;
    }
    t.barrier.wait();
    atomic_fetch_max(&hi, in[t.global]);
    atomic_fetch_min(&lo, in[t.global]);
    atomic_fetch_add(&id_sum, atomic_exchange(&slot, t.local[0]));
    t.barrier.wait();
    if (t.local[0] == 0) {
      o[t.tile[0] * 3 + 0] = hi;
      o[t.tile[0] * 3 + 1] = lo;
      o[t.tile[0] * 3 + 2] = id_sum + slot;  // all returned values plus the final one
    }
  });
  o.synchronize();
  for (int tile = 0; tile < tiles; ++tile) {
    auto first = values.begin() + tile * kTile, last = first + kTile;
    EXPECT_EQ(out[tile * 3 + 0], *std::max_element(first, last)) << "tile " << tile;
    EXPECT_EQ(out[tile * 3 + 1], *std::min_element(first, last)) << "tile " << tile;
    EXPECT_EQ(out[tile * 3 + 2], kTile * (kTile - 1) / 2 + kTile) << "tile " << tile;
  }
}

AMPLE_INSTANTIATE_WORKER_TESTS(AtomicsTest);

}  // namespace
