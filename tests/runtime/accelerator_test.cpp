// accelerator and accelerator_view: enumeration, properties, views and markers (SPEC §3).
// Some kernels here record which worker threads run them, which C++ AMP forbids; the restriction
// checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <string>
#include <vector>

#include <algorithm>
#include <thread>

#include <unistd.h>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;

const std::wstring kCpuPath = L"cpu";

TEST(AcceleratorTest, PathConstants) {
  EXPECT_EQ(std::wstring(accelerator::default_accelerator), L"default");
  EXPECT_EQ(std::wstring(accelerator::cpu_accelerator), L"cpu");
}

TEST(AcceleratorTest, DefaultIsAmpleMulticoreEngine) {
  accelerator acc;
  EXPECT_NE(acc.device_path, kCpuPath) << "the default must be Ample's engine, not cpu_accelerator";
  EXPECT_NE(acc.device_path, std::wstring(L"default"));
  EXPECT_FALSE(acc.device_path.empty());
  EXPECT_FALSE(acc.description.empty());
  EXPECT_TRUE(acc.is_emulated) << "a CPU running the kernels, as WARP";
  EXPECT_TRUE(acc.supports_double_precision);
}

TEST(AcceleratorTest, GetFormsMatchProperties) {
  accelerator acc;
  EXPECT_EQ(acc.get_device_path(), acc.device_path);
  EXPECT_EQ(acc.get_description(), acc.description);
  EXPECT_EQ(acc.get_dedicated_memory(), acc.dedicated_memory);
  EXPECT_EQ(acc.get_supports_double_precision(), acc.supports_double_precision);
  EXPECT_EQ(acc.get_is_emulated(), acc.is_emulated);
  EXPECT_EQ(acc.get_version(), acc.version);
  EXPECT_TRUE(acc.get_default_view() == acc.default_view);
}

TEST(AcceleratorTest, DefaultPathNamesTheDefault) {
  accelerator by_default;
  accelerator by_path(accelerator::default_accelerator);
  EXPECT_TRUE(by_default == by_path);
  EXPECT_FALSE(by_default != by_path);
  EXPECT_EQ(by_path.device_path, by_default.device_path);
}

TEST(AcceleratorTest, GetAllListsEngineAndCpu) {
  std::vector<accelerator> all = accelerator::get_all();
  ASSERT_GE(all.size(), 2u);
  bool has_cpu = false, has_default = false;
  const std::wstring default_path = accelerator().device_path;
  for (const accelerator& a : all) {
    if (a.device_path == kCpuPath) has_cpu = true;
    if (a.device_path == default_path) has_default = true;
  }
  EXPECT_TRUE(has_cpu);
  EXPECT_TRUE(has_default);
}

TEST(AcceleratorTest, CpuAcceleratorByPath) {
  accelerator cpu(accelerator::cpu_accelerator);
  EXPECT_EQ(cpu.device_path, kCpuPath);
  EXPECT_TRUE(cpu != accelerator());
}

TEST(AcceleratorTest, UnknownPathThrows) {
  EXPECT_THROW(accelerator(L"no-such-device"), runtime_exception);
}

TEST(AcceleratorTest, SetDefaultAfterUseReturnsFalse) {
  accelerator acc;
  std::vector<int> v(4, 0);
  array_view<int, 1> av(4, v);
  parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] = 1; });
  av.synchronize();
  EXPECT_FALSE(accelerator::set_default(accelerator::cpu_accelerator));
  EXPECT_EQ(accelerator().device_path, acc.device_path) << "a refused set_default changes nothing";
}

TEST(AcceleratorViewTest, DefaultViewBelongsToAccelerator) {
  accelerator acc;
  accelerator_view av = acc.default_view;
  EXPECT_TRUE(av.get_accelerator() == acc);
  EXPECT_TRUE(av == acc.get_default_view());
  EXPECT_FALSE(av != acc.get_default_view());
  accelerator_view copy = av;
  EXPECT_TRUE(copy == av);
}

TEST(AcceleratorViewTest, CreateViewMakesDistinctView) {
  accelerator acc;
  accelerator_view created = acc.create_view();
  EXPECT_TRUE(created != acc.default_view);
  EXPECT_TRUE(created.get_accelerator() == acc);
  accelerator_view other = acc.create_view();
  EXPECT_TRUE(other != created);
}

TEST(AcceleratorViewTest, WaitFlushAndMarker) {
  accelerator_view av = accelerator().default_view;
  std::vector<int> v(256, 0);
  array_view<int, 1> data(256, v);
  parallel_for_each(av, data.extent, [=](index<1> i) restrict(amp) { data[i] = i[0]; });
  av.flush();
  av.wait();
  completion_future marker = av.create_marker();
  EXPECT_TRUE(marker.valid());
  marker.wait();
  EXPECT_NO_THROW(marker.get());
  data.synchronize();
  for (int i = 0; i < 256; ++i) EXPECT_EQ(v[i], i);
}

TEST(AcceleratorViewTest, KernelOnCreatedView) {
  accelerator_view av = accelerator().create_view();
  std::vector<int> v(64, 0);
  array_view<int, 1> data(64, v);
  parallel_for_each(av, data.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
    tile_static int s[16];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    data[t.global] = s[15 - t.local[0]];
  });
  data.synchronize();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(v[i], (i / 16) * 16 + 15 - i % 16);
}

TEST(AcceleratorViewTest, CpuAcceleratorCannotRunKernels) {
  accelerator cpu(accelerator::cpu_accelerator);
  std::vector<int> v(8, 0);
  array_view<int, 1> data(8, v);
  bool ran = false;
  try {
    parallel_for_each(cpu.default_view, data.extent, [=, &ran](index<1> i) restrict(amp) {
      ran = true;
      data[i] = 1;
    });
    FAIL() << "parallel_for_each on cpu_accelerator must throw";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), "parallel_for_each")) << e.what();
    EXPECT_TRUE(contains(e.what(), "not supported")) << e.what();
  }
  EXPECT_FALSE(ran);
  // The default accelerator still works afterwards.
  parallel_for_each(data.extent, [=](index<1> i) restrict(amp) { data[i] = 2; });
  data.synchronize();
  for (int x : v) EXPECT_EQ(x, 2);
}

// WARP and REF: the software devices of Microsoft's runtime, accepted by path (issue 4).
TEST(SoftwareAcceleratorTest, WarpAndRefAreListedAndEmulated) {
  std::vector<std::wstring> paths;
  for (const accelerator& a : accelerator::get_all()) paths.push_back(a.device_path);
  EXPECT_NE(std::find(paths.begin(), paths.end(), std::wstring(accelerator::direct3d_warp)), paths.end());
  EXPECT_NE(std::find(paths.begin(), paths.end(), std::wstring(accelerator::direct3d_ref)), paths.end());
  const accelerator warp(accelerator::direct3d_warp), ref(accelerator::direct3d_ref);
  EXPECT_TRUE(warp.is_emulated);
  EXPECT_TRUE(ref.is_emulated);
  EXPECT_TRUE(ref.is_debug);
  EXPECT_TRUE(accelerator().is_emulated) << "the engine plays WARP's part";
}

TEST(SoftwareAcceleratorTest, WarpRunsKernels) {
  std::vector<int> v(4096);
  array_view<int, 1> av(4096, v);
  parallel_for_each(accelerator(accelerator::direct3d_warp).default_view, av.extent,
                    [=](index<1> i) restrict(amp) { av[i] = 3 * i[0]; });
  for (int i = 0; i < 4096; ++i) ASSERT_EQ(v[i], 3 * i);
}

// REF runs every work-item on the launching thread, in row-major order: runs are reproducible.
TEST(SoftwareAcceleratorTest, RefRunsInOrderOnItsViewsThread) {
  const accelerator_view ref = accelerator(accelerator::direct3d_ref).default_view;
  std::vector<int> order(1000, -1);
  std::vector<std::thread::id> threads(1000);
  int next = 0;  // touched by one thread only, which is what this test checks
  array_view<int, 1> av(1000, order);
  parallel_for_each(ref, av.extent, [=, &next, &threads](index<1> i) restrict(amp) {
    av[i] = next++;
    threads[i[0]] = std::this_thread::get_id();
  });
  av.synchronize();  // REF has memory of its own: the results reach `order` here
  EXPECT_NE(threads[0], std::this_thread::get_id()) << "REF's launches are queued; the view's thread runs them";
  for (int i = 0; i < 1000; ++i) {
    ASSERT_EQ(order[i], i);
    ASSERT_EQ(threads[i], threads[0]);
  }
}

TEST(SoftwareAcceleratorTest, RefRunsTiledKernelsWithBarriers) {
  const accelerator_view ref = accelerator(accelerator::direct3d_ref).default_view;
  std::vector<int> v(256);
  array_view<int, 1> av(256, v);
  parallel_for_each(ref, av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int reversed[64];
    reversed[63 - t.local[0]] = t.global[0];
    t.barrier.wait();
    av[t.global] = reversed[t.local[0]];
  });
  av.synchronize();
  for (int i = 0; i < 256; ++i) ASSERT_EQ(v[i], (i / 64) * 64 + 63 - i % 64);
}

// Selecting a device by its properties (issue 11, item 5; issue 20). Programs written for
// Microsoft's runtime test these properties before launching. Every Ample device reports
// is_emulated, as on a machine whose only compute device is WARP: idioms that look for hardware
// find none and fall back to the default; the others must land on a device that runs kernels,
// never on cpu_accelerator, which runs none.

/// launch_on() runs a small kernel on `acc` and checks its result.
void launch_on(const accelerator& acc) {
  std::vector<int> v(1024, 0);
  array_view<int, 1> data(1024, v);
  parallel_for_each(acc.default_view, data.extent, [=](index<1> i) restrict(amp) { data[i] = 2 * i[0] + 1; });
  data.synchronize();
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(v[i], 2 * i + 1);
}

TEST(AcceleratorSelectionTest, CpuAcceleratorIsEmulatedAsInMicrosoftsRuntime) {
  const accelerator cpu(accelerator::cpu_accelerator);
  EXPECT_TRUE(cpu.is_emulated);
  EXPECT_TRUE(cpu.get_is_emulated());
  EXPECT_FALSE(cpu.has_display);
  EXPECT_FALSE(cpu.supports_double_precision);
  EXPECT_FALSE(cpu.supports_limited_double_precision);
  EXPECT_EQ(cpu.dedicated_memory, 0u);
  EXPECT_TRUE(cpu.supports_cpu_shared_memory);
}

TEST(AcceleratorSelectionTest, GetAllListsTheEngineFirstThenWarpRefAndCpu) {
  const std::vector<accelerator> all = accelerator::get_all();
  ASSERT_EQ(all.size(), 4u);
  EXPECT_TRUE(all[0] == accelerator()) << "the default, the multicore engine, comes first";
  for (const accelerator& a : all) EXPECT_TRUE(a.is_emulated) << std::string(a.device_path.begin(), a.device_path.end());
  EXPECT_EQ(all[1].device_path, std::wstring(accelerator::direct3d_warp));
  EXPECT_EQ(all[2].device_path, std::wstring(accelerator::direct3d_ref));
  EXPECT_EQ(all.back().device_path, kCpuPath);
}

TEST(AcceleratorSelectionTest, DefaultAcceleratorPassesTheUsualChecks) {
  const accelerator acc;
  EXPECT_TRUE(acc.is_emulated);
  EXPECT_FALSE(acc.is_debug);
  EXPECT_FALSE(acc.has_display);
  EXPECT_TRUE(acc.supports_double_precision);
  EXPECT_TRUE(acc.supports_limited_double_precision);
  EXPECT_TRUE(acc.supports_cpu_shared_memory);
  EXPECT_GT(acc.dedicated_memory, 0u);
  EXPECT_NE(acc.device_path, kCpuPath);
  // Direct3D feature level 11.0, as Microsoft's runtime reports it on DirectX 11 devices.
  EXPECT_EQ(acc.version, 0xB0000u);
  EXPECT_GE(acc.get_version() >> 16, 11u);
}

// dedicated_memory is in KB, as in Microsoft's runtime: a program that turns it into bytes must
// get no more than the machine has, so that buffers sized from it can be allocated.
TEST(AcceleratorSelectionTest, DedicatedMemoryIsKilobytesThatFitTheMachine) {
  const accelerator acc;
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  ASSERT_GT(pages, 0);
  ASSERT_GT(page_size, 0);
  const std::size_t machine_bytes = static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size);
  EXPECT_LE(acc.dedicated_memory * 1024, machine_bytes) << "dedicated_memory must count kilobytes";
  EXPECT_GE(acc.dedicated_memory * 1024, machine_bytes / 16) << "and be a real share of the machine";
  // A buffer of a fraction of it, as programs size working sets, allocates and runs.
  const std::size_t bytes = std::min<std::size_t>(acc.dedicated_memory * 1024 / 4096, std::size_t{64} << 20);
  const int n = static_cast<int>(bytes / sizeof(int));
  ASSERT_GT(n, 0);
  array<int, 1> buffer(n, acc.default_view);
  parallel_for_each(buffer.extent, [&buffer](index<1> i) restrict(amp) { buffer[i] = i[0]; });
  std::vector<int> back(static_cast<std::size_t>(n));
  copy(buffer, back.begin());
  EXPECT_EQ(back[static_cast<std::size_t>(n) - 1], n - 1);
}

// The selection of Microsoft's samples: the first device that is not emulated, else leave the
// default alone. Nothing claims to be hardware, so the default runs the kernels.
TEST(AcceleratorSelectionTest, FirstNotEmulatedFindsNoneAndTheDefaultRuns) {
  const std::vector<accelerator> all = accelerator::get_all();
  const auto it = std::find_if(all.begin(), all.end(), [](const accelerator& a) { return !a.is_emulated; });
  EXPECT_EQ(it, all.end());
  const accelerator chosen = it != all.end() ? *it : accelerator();
  EXPECT_NE(chosen.device_path, kCpuPath);
  launch_on(chosen);
}

TEST(AcceleratorSelectionTest, MostDedicatedMemoryRunsKernels) {
  const std::vector<accelerator> all = accelerator::get_all();
  const auto it = std::max_element(all.begin(), all.end(), [](const accelerator& a, const accelerator& b) {
    return a.dedicated_memory < b.dedicated_memory;
  });
  ASSERT_NE(it, all.end());
  EXPECT_TRUE(*it == accelerator());
  launch_on(*it);
  // The same with ties going to the later device: only one device reports any memory.
  accelerator best(accelerator::cpu_accelerator);
  for (const accelerator& a : all)
    if (a.dedicated_memory >= best.dedicated_memory) best = a;
  EXPECT_TRUE(best == accelerator());
  EXPECT_EQ(accelerator(accelerator::direct3d_warp).dedicated_memory, 0u);
  EXPECT_EQ(accelerator(accelerator::direct3d_ref).dedicated_memory, 0u);
}

TEST(AcceleratorSelectionTest, EveryDoublePrecisionDeviceRunsDoubleKernels) {
  int found = 0;
  for (const accelerator& a : accelerator::get_all()) {
    if (!a.supports_double_precision) continue;
    ++found;
    EXPECT_NE(a.device_path, kCpuPath);
    std::vector<double> v(256, 0.0);
    array_view<double, 1> data(256, v);
    parallel_for_each(a.default_view, data.extent, [=](index<1> i) restrict(amp) { data[i] = i[0] * 0.5; });
    data.synchronize();
    for (int i = 0; i < 256; ++i) ASSERT_EQ(v[static_cast<std::size_t>(i)], i * 0.5);
  }
  EXPECT_GE(found, 1);
}

// The selection loop of Microsoft's samples: skip cpu and emulated devices, prefer a display,
// and make the choice the default with set_default only when there was one. With none, the
// default stays the engine; a loop that only skips cpu finds the engine first.
TEST(AcceleratorSelectionTest, SampleStyleLoopsLandOnTheEngine) {
  accelerator chosen(accelerator::cpu_accelerator);
  for (const accelerator& a : accelerator::get_all()) {
    if (a.device_path == accelerator::cpu_accelerator || a.is_emulated) continue;
    if (chosen.device_path == accelerator::cpu_accelerator || a.has_display) chosen = a;
  }
  EXPECT_EQ(chosen.device_path, kCpuPath) << "no device is hardware";
  for (const accelerator& a : accelerator::get_all()) {
    if (a.device_path == accelerator::cpu_accelerator) continue;
    chosen = a;
    break;
  }
  EXPECT_TRUE(chosen == accelerator());
  launch_on(chosen);
}

}  // namespace
