// accelerator::set_default_cpu_access_type() in a fresh process: it succeeds once per device, and
// only before the runtime's default has been used for an array or for an array_view's implicit
// storage (SPEC §3.2; MSREF accelerator::set_default_cpu_access_type). The setting is fixed per
// process and device, so each test uses a device of its own and this binary is separate.
#include <atomic>
#include <thread>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

// REF: the first override succeeds and reaches every accelerator object for the device; the
// second fails and changes nothing; arrays with access_type_auto take the override.
TEST(AcceleratorCpuAccessTest, OverridesOnceAndAutoArraysTakeIt) {
  accelerator ref(accelerator::direct3d_ref);
  const accelerator before(accelerator::direct3d_ref);
  EXPECT_EQ(ref.get_default_cpu_access_type(), access_type_none) << "the runtime's choice: REF has memory of its own";

  EXPECT_TRUE(ref.set_default_cpu_access_type(access_type_read));
  EXPECT_EQ(ref.get_default_cpu_access_type(), access_type_read);
  EXPECT_EQ(ref.default_cpu_access_type, access_type_read);
  EXPECT_EQ(before.get_default_cpu_access_type(), access_type_read) << "the getter reads the device";
  EXPECT_EQ(before.default_cpu_access_type, access_type_none) << "the data member is a snapshot";
  EXPECT_EQ(accelerator(accelerator::direct3d_ref).default_cpu_access_type, access_type_read);

  EXPECT_FALSE(ref.set_default_cpu_access_type(access_type_write)) << "already overridden";
  EXPECT_FALSE(accelerator(accelerator::direct3d_ref).set_default_cpu_access_type(access_type_write));
  EXPECT_EQ(ref.get_default_cpu_access_type(), access_type_read);
  EXPECT_EQ(ref.default_cpu_access_type, access_type_read) << "a failed call leaves the member alone";

  array<int, 1> implicit(4, ref.default_view);
  array<int, 1> auto_type(4, ref.default_view, access_type_auto);
  array<int, 1> explicit_type(4, ref.default_view, access_type_write);
  EXPECT_EQ(implicit.get_cpu_access_type(), access_type_read);
  EXPECT_EQ(auto_type.get_cpu_access_type(), access_type_read);
  EXPECT_EQ(explicit_type.get_cpu_access_type(), access_type_write);
}

// WARP: an array that took the runtime's default fixes it; the override then fails.
TEST(AcceleratorCpuAccessTest, FailsOnceTheRuntimeDefaultWasUsed) {
  accelerator warp(accelerator::direct3d_warp);
  array<float, 2> first(2, 2, warp.default_view);
  EXPECT_EQ(first.get_cpu_access_type(), access_type_read_write);
  EXPECT_FALSE(warp.set_default_cpu_access_type(access_type_read));
  EXPECT_EQ(warp.get_default_cpu_access_type(), access_type_read_write);
  array<float, 1> second(4, warp.default_view);
  EXPECT_EQ(second.get_cpu_access_type(), access_type_read_write);
}

// The default engine: an array_view without a data source gets implicit storage there, which
// uses the runtime's default as an array does.
TEST(AcceleratorCpuAccessTest, ImplicitArrayViewStorageUsesTheDefault) {
  array_view<int, 1> scratch(64);
  parallel_for_each(scratch.extent, [=](index<1> i) restrict(amp) { scratch[i] = i[0]; });
  EXPECT_EQ(scratch[63], 63);
  accelerator engine;
  EXPECT_FALSE(engine.set_default_cpu_access_type(access_type_read));
  EXPECT_EQ(engine.get_default_cpu_access_type(), access_type_read_write);
}

// cpu_accelerator: arrays with an explicit access type leave the default free; of threads that
// race to override it, exactly one wins and its type is the one that stays.
TEST(AcceleratorCpuAccessTest, ExplicitArraysLeaveItFreeAndOneRacerWins) {
  accelerator host(accelerator::cpu_accelerator);
  array<int, 1> explicit_type(4, host.default_view, access_type_read_write);
  EXPECT_EQ(explicit_type.get_cpu_access_type(), access_type_read_write);

  const access_type types[] = {access_type_read, access_type_write, access_type_none, access_type_read_write};
  std::atomic<int> winners{0};
  std::atomic<int> winner_type{-1};
  std::atomic<bool> go{false};
  std::vector<std::thread> racers;
  for (int t = 0; t < 8; ++t)
    racers.emplace_back([&, t] {
      while (!go.load()) std::this_thread::yield();
      accelerator mine(accelerator::cpu_accelerator);
      if (mine.set_default_cpu_access_type(types[t % 4])) {
        ++winners;
        winner_type = types[t % 4];
      }
    });
  go = true;
  for (std::thread& r : racers) r.join();
  EXPECT_EQ(winners.load(), 1);
  EXPECT_EQ(host.get_default_cpu_access_type(), static_cast<access_type>(winner_type.load()));
  array<int, 1> later(4, host.default_view);
  EXPECT_EQ(later.get_cpu_access_type(), static_cast<access_type>(winner_type.load()));
}

}  // namespace
