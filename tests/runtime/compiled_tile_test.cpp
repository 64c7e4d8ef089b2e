// What only the compiled path of tiled kernels has to get right (docs/design/compiled-barriers.md);
// the rest of the tiled suite runs on both paths. Built without the pass (GCC), the same
// kernels run on fibers and must simply work.
// Some kernels here reach a host function through a pointer to test the fiber fallback, which C++
// AMP forbids; the restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

class CompiledTileTest : public WorkerCountTest {};

/// compiled_here() is true when this test's tiled kernels run compiled.
bool compiled_here() {
#if defined(AMPLE_EXPECT_COMPILED_TILES)
  return ample::detail::cpu::compiled_tiles_enabled();
#else
  return false;
#endif
}

/// on_gpu() is true in the gpu: runs, whose kernels with device code run on a GPU: neither of
/// the CPU engine's paths counts them.
bool on_gpu() { return accelerator().get_device_path().rfind(L"ample\\cuda\\", 0) == 0; }

// A barrier reached through a pointer is invisible to the pass.
[[gnu::noinline]] void wait_on(const tile_barrier& barrier) { barrier.wait(); }
void (*volatile waiter)(const tile_barrier&) = &wait_on;

TEST_P(CompiledTileTest, BarrierThroughAPointerFailsLoudlyWhenCompiled) {
  std::vector<int> v(64, 0);
  array_view<int, 1> av(64, v);
  const auto launch = [&] {
    parallel_for_each(av.extent.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
      av[t.global] = 1;
      waiter(t.barrier);
      av[t.global] = 2;
    });
    av.synchronize();
  };
  if (compiled_here()) {
    try {
      launch();
      ADD_FAILURE() << "a barrier the pass did not compile must throw";
    } catch (const runtime_exception& e) {
      EXPECT_NE(std::string(e.what()).find("was not compiled with its kernel"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("compiled_tile_test.cpp"), std::string::npos) << e.what();
    }
    ample_test::expect_runtime_usable();
  } else {
    launch();
    for (int x : v) ASSERT_EQ(x, 2);
  }
}

TEST_P(CompiledTileTest, TiledLaunchesAreCountedByPath) {
  const ample::detail::cpu::tiled_path_counts before = ample::detail::cpu::tiled_launches();
  const unsigned long long gpu_before = ample::detail::gpu_tiled_launches();
  std::vector<int> v(256, 0);
  array_view<int, 1> av(256, v);
  parallel_for_each(av.extent.tile<64>(), [=](tiled_index<64> t) restrict(amp) {
    tile_static int s[64];
    s[t.local[0]] = t.local[0];
    t.barrier.wait();
    av[t.global] = s[63 - t.local[0]];
  });
  av.synchronize();
  const ample::detail::cpu::tiled_path_counts after = ample::detail::cpu::tiled_launches();
  EXPECT_EQ(after.compiled - before.compiled, compiled_here() && !on_gpu() ? 1u : 0u);
  EXPECT_EQ(after.fibers - before.fibers, compiled_here() || on_gpu() ? 0u : 1u);
  EXPECT_EQ(ample::detail::gpu_tiled_launches() - gpu_before, on_gpu() ? 1u : 0u);
  for (int i = 0; i < 256; ++i) ASSERT_EQ(v[i], 63 - i % 64) << "element " << i;
}

AMPLE_INSTANTIATE_WORKER_TESTS(CompiledTileTest);

}  // namespace
