// AMPLE_BLOCKTIME: how long idle workers stay awake for the next launch. CTest runs this binary
// with AMPLE_BLOCKTIME=0, so that every launch below finds the workers asleep in their futex
// wait: the path the default (200 ms) leaves to programs that pause longer than that.
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

// Every launch after a pause wakes the sleeping workers, and each work-item's write lands.
TEST(BlocktimeTest, SleepingWorkersWakeForEveryLaunch) {
  const int items = 64 * static_cast<int>(ample::thread_count());
  std::vector<int> v(static_cast<std::size_t>(items), 0);
  array_view<int, 1> av(items, v);
  for (int round = 1; round <= 20; ++round) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1; });
    av.synchronize();
    for (int i = 0; i < items; ++i) ASSERT_EQ(v[static_cast<std::size_t>(i)], round) << "item " << i;
  }
}

// A malformed value is a runtime_exception naming it, thrown by the first launch. In a child
// process: the setting is read once, when the first launch starts the engine.
TEST(BlocktimeDeathTest, MalformedValueNamesItself) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto launch_with = [](const char* value) {
    setenv("AMPLE_BLOCKTIME", value, 1);
    try {
      array_view<int, 1> av(4);
      parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 1; });
    } catch (const runtime_exception& e) {
      std::cerr << e.what() << '\n';
      std::exit(3);
    }
    std::exit(0);
  };
  EXPECT_EXIT(launch_with("soon"), ::testing::ExitedWithCode(3),
              "AMPLE_BLOCKTIME=\"soon\" is not a number of milliseconds from 0 to 3600000");
  EXPECT_EXIT(launch_with("-5"), ::testing::ExitedWithCode(3), "AMPLE_BLOCKTIME=\"-5\"");
  EXPECT_EXIT(launch_with("200"), ::testing::ExitedWithCode(0), "");
}

}  // namespace
