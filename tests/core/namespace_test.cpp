// Concurrency is the namespace and concurrency its alias, as in Visual C++: programs reopen
// `namespace Concurrency` to add their own helpers, and every C++ AMP name is reachable under
// both spellings.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

#include <amp.h>
#include <amp_graphics.h>
#include <amp_math.h>
#include <amp_short_vectors.h>
#include <gtest/gtest.h>

#include <type_traits>

// What test frameworks written for Visual C++ do: their helpers live in Concurrency::Test and
// Concurrency::details is reopened too (Microsoft's runtime has one; Ample's internals are
// elsewhere, so nothing collides).
namespace Concurrency {
namespace Test {
inline int doubled(const index<1>& i) restrict(amp, cpu) { return 2 * i[0]; }
}  // namespace Test
namespace details {
struct program_helper {
  int value = 7;
};
}  // namespace details
}  // namespace Concurrency

namespace Concurrency::graphics {
inline int program_graphics_helper() { return 3; }
}  // namespace Concurrency::graphics

namespace {

static_assert(std::is_same_v<concurrency::index<2>, Concurrency::index<2>>);
static_assert(std::is_same_v<concurrency::array_view<int, 1>, Concurrency::array_view<int, 1>>);
static_assert(std::is_same_v<concurrency::graphics::float_4, Concurrency::graphics::float_4>);
static_assert(std::is_same_v<concurrency::graphics::texture<int, 1>, Concurrency::graphics::texture<int, 1>>);

TEST(NamespaceTest, ReopenedConcurrencyIsTheSameNamespaceUnderBothSpellings) {
  EXPECT_EQ(concurrency::Test::doubled(concurrency::index<1>(4)), 8);
  EXPECT_EQ(Concurrency::Test::doubled(Concurrency::index<1>(5)), 10);
  EXPECT_EQ(concurrency::details::program_helper{}.value, 7);
  EXPECT_EQ(concurrency::graphics::program_graphics_helper(), 3);
}

TEST(NamespaceTest, NestedNamespacesUnderBothSpellings) {
  EXPECT_FLOAT_EQ(Concurrency::fast_math::sqrt(4.0f), concurrency::fast_math::sqrt(4.0f));
  EXPECT_DOUBLE_EQ(Concurrency::precise_math::cbrt(27.0), concurrency::precise_math::cbrt(27.0));
  EXPECT_EQ(Concurrency::direct3d::countbits(7u), concurrency::direct3d::countbits(7u));
  Concurrency::graphics::int_2 a(1, 2);
  concurrency::graphics::int_2 b = a;
  EXPECT_EQ(b.y, 2);
}

TEST(NamespaceTest, KernelUsesHelpersFromTheReopenedNamespace) {
  using namespace Concurrency;
  using Concurrency::index;  // glibc's index() is global (see AMPLE_HIDE_GLIBC_INDEX)
  array_view<int, 1> out(16);
  parallel_for_each(out.extent, [=](index<1> i) restrict(amp) { out[i] = Concurrency::Test::doubled(i); });
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], 2 * i);
}

}  // namespace
