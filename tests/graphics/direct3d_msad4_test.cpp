// concurrency::graphics::direct3d::msad4: hand-computed cases (masking, extreme bytes, offsets
// that cross from source.x into source.y, saturation), agreement with a byte-array reference on
// random inputs, and a block-matching search inside a kernel.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

#include <amp_graphics.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <type_traits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;
using concurrency::graphics::uint_2;
using concurrency::graphics::uint_4;
using concurrency::graphics::direct3d::msad4;

static_assert(std::is_same_v<decltype(msad4(0u, uint_2(0u, 0u), uint_4(0u))), uint_4>);
static_assert(msad4(0x04030201u, uint_2(0x03020100u, 0x07060504u), uint_4(0u)).w == 8u);

// reference_msad4() is the definition, written as directly as possible: the 8 source bytes in
// an array, each offset compared byte by byte, the sum saturated in 64-bit arithmetic.
std::array<unsigned int, 4> reference_msad4(unsigned int reference, unsigned int x,
                                            unsigned int y, std::array<unsigned int, 4> accum) {
  std::array<unsigned int, 8> bytes{};
  for (int b = 0; b < 4; ++b) {
    bytes[b] = (x >> (8 * b)) & 0xFFu;
    bytes[b + 4] = (y >> (8 * b)) & 0xFFu;
  }
  std::array<unsigned int, 4> result{};
  for (int offset = 0; offset < 4; ++offset) {
    std::uint64_t sum = accum[offset];
    for (int b = 0; b < 4; ++b) {
      const int ref_byte = int((reference >> (8 * b)) & 0xFFu);
      if (ref_byte != 0) sum += std::uint64_t(std::abs(ref_byte - int(bytes[offset + b])));
    }
    result[offset] = unsigned(std::min<std::uint64_t>(sum, 0xFFFFFFFFu));
  }
  return result;
}

// expect_msad4() checks each component of msad4(reference, (x, y), accum) against `expected`.
void expect_msad4(unsigned int reference, unsigned int x, unsigned int y, uint_4 accum,
                  std::array<unsigned int, 4> expected) {
  const uint_4 r = msad4(reference, uint_2(x, y), accum);
  EXPECT_EQ(r.x, expected[0]) << std::hex << reference << " " << x << " " << y;
  EXPECT_EQ(r.y, expected[1]) << std::hex << reference << " " << x << " " << y;
  EXPECT_EQ(r.z, expected[2]) << std::hex << reference << " " << x << " " << y;
  EXPECT_EQ(r.w, expected[3]) << std::hex << reference << " " << x << " " << y;
}

TEST(Msad4, ZeroReferenceMasksEverything) {
  expect_msad4(0u, 0xFFFFFFFFu, 0xFFFFFFFFu, uint_4(1u, 2u, 3u, 4u), {1u, 2u, 3u, 4u});
  expect_msad4(0u, 0x12345678u, 0x9ABCDEF0u, uint_4(0u), {0u, 0u, 0u, 0u});
}

TEST(Msad4, ExtremeBytes) {
  expect_msad4(0xFFFFFFFFu, 0u, 0u, uint_4(0u), {1020u, 1020u, 1020u, 1020u});
  expect_msad4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, uint_4(0u), {0u, 0u, 0u, 0u});
  // A reference byte of 1 is not masked: against 0xFF it differs by 254.
  expect_msad4(0x01010101u, 0xFFFFFFFFu, 0xFFFFFFFFu, uint_4(0u), {1016u, 1016u, 1016u, 1016u});
}

TEST(Msad4, ZeroReferenceBytesAreMasked) {
  // Reference bytes 0 and 2 are 0xFF, bytes 1 and 3 are masked. Source bytes, low first:
  // 00 FF 00 FF | 00 00 00 00. At offset 0 the unmasked bytes meet 00 (255 each) and the masked
  // ones meet FF, which would add 510 more if they counted; at offset 1 they meet FF (0 each).
  expect_msad4(0x00FF00FFu, 0x00FF00FFu ^ 0xFFFFFFFFu, 0u, uint_4(0u), {510u, 0u, 510u, 255u});
  // Only the lowest reference byte counts, so each offset sees one source byte: 10 - b.
  expect_msad4(0x0000000Au, 0x04030201u, 0x08070605u, uint_4(0u), {9u, 8u, 7u, 6u});
  // Only the highest: offset i compares 10 with source byte i + 3, so offsets 1..3 read source.y.
  expect_msad4(0x0A000000u, 0x04030201u, 0x08070605u, uint_4(0u), {6u, 5u, 4u, 3u});
}

TEST(Msad4, OffsetsCrossFromXIntoY) {
  // Source bytes 0..7 hold 0..7; reference bytes hold 1..4. Offset i compares j + 1 with i + j,
  // so each byte differs by |1 - i|.
  expect_msad4(0x04030201u, 0x03020100u, 0x07060504u, uint_4(10u, 20u, 30u, 40u),
               {14u, 20u, 34u, 48u});
  // Bytes of y only ever reach offsets 1..3, and y's top byte never counts.
  expect_msad4(0xFFFFFFFFu, 0xFFFFFFFFu, 0xFF000000u, uint_4(0u), {0u, 255u, 510u, 765u});
}

TEST(Msad4, SaturatesAtTheTopOfTheAccumulator) {
  const unsigned int top = 0xFFFFFFFFu;
  expect_msad4(0x000000FFu, 0u, 0u, uint_4(top - 1u, top - 255u, top, 0u),
               {top, top, top, 255u});
}

TEST(Msad4, MatchesTheReferenceOnRandomInputs) {
  std::mt19937 rng(2024);
  // Bytes drawn from the edges half of the time: zero (masked), 1, 0x7F, 0x80, 0xFE, 0xFF.
  const unsigned int edges[] = {0x00u, 0x01u, 0x7Fu, 0x80u, 0xFEu, 0xFFu};
  auto random_word = [&] {
    unsigned int w = 0;
    for (int b = 0; b < 4; ++b) {
      const unsigned int byte = rng() % 2 ? edges[rng() % 6] : rng() & 0xFFu;
      w |= byte << (8 * b);
    }
    return w;
  };
  for (int trial = 0; trial < 20000; ++trial) {
    const unsigned int reference = random_word(), x = random_word(), y = random_word();
    // Mostly small accumulators, sometimes ones that saturate.
    std::array<unsigned int, 4> accum{};
    for (unsigned int& a : accum) a = trial % 8 == 0 ? 0xFFFFFFFFu - (rng() & 0x7FFu) : rng() % 5000;
    const uint_4 r = msad4(reference, uint_2(x, y), uint_4(accum[0], accum[1], accum[2], accum[3]));
    const std::array<unsigned int, 4> expected = reference_msad4(reference, x, y, accum);
    ASSERT_EQ(r.x, expected[0]) << std::hex << reference << " " << x << " " << y;
    ASSERT_EQ(r.y, expected[1]) << std::hex << reference << " " << x << " " << y;
    ASSERT_EQ(r.z, expected[2]) << std::hex << reference << " " << x << " " << y;
    ASSERT_EQ(r.w, expected[3]) << std::hex << reference << " " << x << " " << y;
  }
}

class Msad4KernelTest : public WorkerCountTest {};

// Block matching, as msad4 is used for motion search: a 4-pixel pattern with one masked pixel is
// compared with a line of 8-bit pixels at every offset, four offsets per work-item; the best
// match is where the pattern was planted.
TEST_P(Msad4KernelTest, FindsAPatternInALine) {
  constexpr int words = 1024;  // the line: 4 * words pixels, packed four to a word
  constexpr int planted_at = 1234;
  constexpr unsigned int pattern = 0xC8003C14u;  // pixels 0x14, 0x3C, masked, 0xC8
  std::mt19937 rng(7);
  std::vector<unsigned char> pixels(4 * words + 4);
  for (unsigned char& p : pixels) p = static_cast<unsigned char>(rng());
  for (int b = 0; b < 4; ++b)
    if (b != 2) pixels[planted_at + b] = static_cast<unsigned char>(pattern >> (8 * b));
  std::vector<unsigned int> line(words + 1);
  for (int w = 0; w <= words; ++w)
    for (int b = 0; b < 4; ++b) line[w] |= unsigned(pixels[4 * w + b]) << (8 * b);

  array_view<const unsigned int, 1> line_view(words + 1, line);
  std::vector<uint_4> costs(words);
  array_view<uint_4, 1> cost_view(words, costs);
  cost_view.discard_data();
  parallel_for_each(cost_view.extent, [=](index<1> i) restrict(amp) {
    const int w = i[0];
    cost_view[i] = concurrency::graphics::direct3d::msad4(
        pattern, uint_2(line_view[w], line_view[w + 1]), uint_4(0u));
  });
  cost_view.synchronize();

  int best = -1;
  unsigned int best_cost = 0xFFFFFFFFu;
  for (int w = 0; w < words; ++w) {
    const std::array<unsigned int, 4> expected = reference_msad4(pattern, line[w], line[w + 1], {});
    const unsigned int got[4] = {costs[w].x, costs[w].y, costs[w].z, costs[w].w};
    for (int k = 0; k < 4; ++k) {
      ASSERT_EQ(got[k], expected[k]) << "offset " << 4 * w + k;
      if (got[k] < best_cost) {
        best_cost = got[k];
        best = 4 * w + k;
      }
    }
  }
  EXPECT_EQ(best_cost, 0u);
  EXPECT_EQ(best, planted_at);
}

AMPLE_INSTANTIATE_WORKER_TESTS(Msad4KernelTest);

}  // namespace
