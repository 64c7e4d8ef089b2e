// Work-item fiber stacks: the configurable size, and a clear message on overflow.
// Some kernels here call host functions to use deep stacks in kernels, which C++ AMP forbids; the
// restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <atomic>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

/// use_stack() touches `bytes` of stack in one frame the optimiser cannot remove.
__attribute__((noinline)) int use_stack(int bytes, int seed) {
  volatile char* block = static_cast<char*>(__builtin_alloca(static_cast<std::size_t>(bytes)));
  for (int i = 0; i < bytes; i += 512) block[i] = static_cast<char>(seed + i);
  return block[bytes / 2];
}

// The default is 64 KiB, and four times that in sanitizer builds, whose frames are larger.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AMPLE_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AMPLE_TEST_SANITIZED 1
#endif
#endif
#if defined(AMPLE_TEST_SANITIZED)
constexpr std::size_t default_stack_bytes = 256 * 1024;
#else
constexpr std::size_t default_stack_bytes = 64 * 1024;
#endif

/// StackSizeTest restores the default stack size after each test.
class StackSizeTest : public ::testing::Test {
 protected:
  void TearDown() override { ample::set_work_item_stack_size(default_stack_bytes); }
};

TEST_F(StackSizeTest, DefaultIs64KiBOr256KiBWithSanitizers) {
  EXPECT_EQ(ample::work_item_stack_size(), default_stack_bytes);
}

TEST_F(StackSizeTest, SizeIsRoundedUpToPagesWithAMinimum) {
  ample::set_work_item_stack_size(100000);
  EXPECT_EQ(ample::work_item_stack_size() % 4096, 0u);
  EXPECT_GE(ample::work_item_stack_size(), 100000u);
  ample::set_work_item_stack_size(1);
  EXPECT_GE(ample::work_item_stack_size(), 16u * 1024u);
}

// REF launches run without the engine's launch lock, so the stack size may change while one of
// their tiles runs: the running tile keeps its stacks (they used to be unmapped under the
// loop fiber at its first barrier), and the next tile takes the new size.
// Nearly every tile here meets a new size and so makes all its fibers anew; under ASan with
// use-after-return detection each new fiber costs a fake stack (about 0.4 ms on the CI
// machine), hence fewer tiles in sanitizer builds.
TEST_F(StackSizeTest, SizeChangesDuringLaunchesOnRefLeaveRunningTilesAlone) {
#if defined(AMPLE_TEST_SANITIZED)
  constexpr int rounds = 10, elements = 1024;
#else
  constexpr int rounds = 50, elements = 4096;
#endif
  accelerator ref(accelerator::direct3d_ref);
  std::atomic<bool> done{false};
  std::thread changer([&] {
    for (std::size_t i = 0; !done.load(); ++i) ample::set_work_item_stack_size((i % 2 == 0 ? 64 : 128) * 1024);
  });
  std::vector<int> v(elements);
  array_view<int, 1> av(elements, v);
  for (int round = 0; round < rounds; ++round) {
    parallel_for_each(ref.default_view, av.extent.tile<256>(), [=](tiled_index<256> t) restrict(amp) {
      tile_static int s[256];
      s[t.local[0]] = t.global[0] + round;
      t.barrier.wait();
      av[t.global] = s[255 - t.local[0]];
    });
    av.synchronize();
    ASSERT_EQ(v[0], 255 + round);
    ASSERT_EQ(v[elements - 1], elements - 256 + round);
  }
  done = true;
  changer.join();
}

// A work-item that needs 256 KiB of stack runs once the stack is made large enough, both before
// and after the tile's first barrier (loop fiber and promoted fibers).
TEST_F(StackSizeTest, LargerStacksServeDeepWorkItems) {
  ample::set_work_item_stack_size(1024 * 1024);
  array_view<int, 1> out(64);
  parallel_for_each(out.extent.tile<32>(), [=](tiled_index<32> t) restrict(amp) {
    int a = use_stack(256 * 1024, t.local[0]);
    t.barrier.wait();
    out[t] = a + use_stack(256 * 1024, t.local[0]) - a + 1;
  });
  for (int i = 0; i < 64; ++i) EXPECT_NE(out[i], 0);
}

void overflow_a_work_item_stack() {
  array_view<int, 1> out(16);
  parallel_for_each(out.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    t.barrier.wait();
    out[t] = use_stack(1024 * 1024, t.local[0]);
  });
}

// Overflowing the default stack ends the process with a message that names the setting,
// not a bare segmentation fault.
TEST(StackOverflowDeathTest, MessageNamesTheStackSizeSetting) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(overflow_a_work_item_stack(), "overflowed its fiber stack of " + std::to_string(default_stack_bytes) +
                                                 " bytes.*AMPLE_STACK_SIZE");
}

}  // namespace
