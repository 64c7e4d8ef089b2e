// A header written for Visual C++, where `restrict` is a keyword: it says restrict(amp) before
// including anything. The ample::ample target force-includes ample/restrict.hpp
// (AMPLE_FORCE_INCLUDE_RESTRICT), so this file compiles unchanged.

// These tests call amp-restricted functions from host code too, which C++ AMP does not allow
// (the restriction checker's C3930 for cpu code, docs/design/restrict-checker.md).
#define AMPLE_HOST_CALLS_AMP_FUNCTIONS

inline int clamp_to_byte(int v) restrict(amp, cpu) { return v < 0 ? 0 : (v > 255 ? 255 : v); }
inline float half_of(float v) restrict(amp) { return v / 2; }

#include <gtest/gtest.h>

namespace {

TEST(RestrictBeforeIncludesTest, FunctionsDeclaredBeforeAnyIncludeWork) {
  EXPECT_EQ(clamp_to_byte(300), 255);
  EXPECT_EQ(clamp_to_byte(-3), 0);
  EXPECT_FLOAT_EQ(half_of(3.0f), 1.5f);
}

}  // namespace
