// The language extensions: restrict(...) specifiers, tile_static, the Concurrency alias, and
// kernels over ranks beyond 3.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

#include <vector>

#include "common/test_support.hpp"

// Defined in restrict_optout.cpp, which includes <amp.h> with AMPLE_NO_RESTRICT_MACRO.
int restrict_identifier_value();

namespace {
AMPLE_TEST_USING_AMP;

// restrict(...) is accepted after free functions, member functions and lambdas.
int twice(int x) restrict(amp, cpu) { return 2 * x; }
int thrice(int x) restrict(cpu) { return 3 * x; }

struct scaler {
  int factor;
  int apply(int x) const restrict(amp) { return factor * x; }
};

TEST(LanguageTest, RestrictSpecifiersCompileAway) {
  EXPECT_EQ(twice(4), 8);
  EXPECT_EQ(thrice(4), 12);
  EXPECT_EQ(scaler{5}.apply(2), 10);
  auto f = [](int x) restrict(amp) { return x + 1; };
  EXPECT_EQ(f(1), 2);
}

TEST(LanguageTest, AmpFunctionsAreCallableFromKernels) {
  std::vector<int> v(16);
  array_view<int, 1> av(16, v);
  const scaler s{3};
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = s.apply(twice(i[0])); });
  for (int i = 0; i < 16; ++i) EXPECT_EQ(v[i], 6 * i);
}

TEST(LanguageTest, ConcurrencyAliasNamesTheSameEntities) {
  static_assert(std::is_same_v<Concurrency::extent<2>, concurrency::extent<2>>);
  static_assert(std::is_same_v<Concurrency::array_view<const float, 3>, concurrency::array_view<const float, 3>>);
  Concurrency::index<1> i(3);
  EXPECT_EQ(i[0], 3);
}

// The opt-out macro keeps `restrict` an ordinary identifier.
TEST(LanguageTest, RestrictOptOutKeepsTheIdentifier) { EXPECT_EQ(restrict_identifier_value(), 42); }

// Non-tiled kernels run over any rank.
TEST(LanguageTest, KernelsRunOverRankFive) {
  const int dims[5] = {2, 3, 1, 4, 5};
  extent<5> e(dims);
  std::vector<int> v(e.size(), -1);
  array_view<int, 5> av(e, v);
  parallel_for_each(av.extent, [=](index<5> i) restrict(amp) {
    av[i] = (((i[0] * 3 + i[1]) * 1 + i[2]) * 4 + i[3]) * 5 + i[4];
  });
  for (int k = 0; k < static_cast<int>(v.size()); ++k) EXPECT_EQ(v[k], k);
}

}  // namespace
