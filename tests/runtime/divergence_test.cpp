// Barrier divergence: work-items of one tile that do not all reach the same barrier. Ample must
// report it as runtime_exception naming the barrier call site ("divergence_test.cpp:<line>"),
// never hang, and stay usable afterwards.
#include <atomic>
#include <string>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using ample_test::WorkerCountTest;

// WAIT_RECORDING_LINE(t, line) records the source line in `line` and waits at the barrier; the
// barrier's own call site is the same line, because both come from this one macro expansion.
#define WAIT_RECORDING_LINE(t, line) ((line).store(__LINE__), (t).barrier.wait())

std::string site(int line) { return "divergence_test.cpp:" + std::to_string(line); }

class DivergenceTest : public WorkerCountTest {
 protected:
  static void expect_runtime_usable() {
    constexpr int T = 128;
    std::vector<int> v(4 * T, 0);
    array_view<int, 1> av(4 * T, v);
    parallel_for_each(av.extent.tile<T>(), [=](tiled_index<T> t) restrict(amp) {
      tile_static int s[T];
      s[t.local[0]] = t.local[0];
      t.barrier.wait();
      av[t.global] = s[T - 1 - t.local[0]];
      t.barrier.wait();
    });
    av.synchronize();
    for (int g = 0; g < 4 * T; ++g) ASSERT_EQ(v[g], T - 1 - g % T) << "work-item " << g;
  }
};

TEST_P(DivergenceTest, SomeReturnEarlyOthersWait) {
  std::atomic<int> line{0};
  try {
    parallel_for_each(extent<1>(256).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
      if (t.local[0] < 32) return;
      WAIT_RECORDING_LINE(t, line);
    });
    FAIL() << "barrier divergence must be reported";
  } catch (const runtime_exception& e) {
    ASSERT_NE(line.load(), 0);
    EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(DivergenceTest, OnlyOneWorkItemReturnsEarly) {
  std::atomic<int> line{0};
  try {
    parallel_for_each(extent<2>(32, 32).tile<16, 16>(), [&](tiled_index<16, 16> t) restrict(amp) {
      if (t.global == index<2>(17, 30)) return;
      WAIT_RECORDING_LINE(t, line);
    });
    FAIL() << "barrier divergence must be reported";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(DivergenceTest, DifferentBarriersInIfElse) {
  std::atomic<int> line_a{0}, line_b{0};
  try {
    parallel_for_each(extent<1>(128).tile<32>(), [&](tiled_index<32> t) restrict(amp) {
      if (t.local[0] % 2 == 0) {
        WAIT_RECORDING_LINE(t, line_a);
      } else {
        WAIT_RECORDING_LINE(t, line_b);
      }
    });
    FAIL() << "waiting at two different barriers must be reported";
  } catch (const runtime_exception& e) {
    ASSERT_NE(line_a.load(), line_b.load());
    EXPECT_TRUE(contains(e.what(), "divergence_test.cpp:")) << e.what();
    EXPECT_TRUE(contains(e.what(), site(line_a.load())) || contains(e.what(), site(line_b.load()))) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(DivergenceTest, BarrierInsideBranchTakenByPartOfTile) {
  std::atomic<int> line{0};
  std::vector<int> v(256, 0);
  array_view<int, 1> av(256, v);
  try {
    parallel_for_each(av.extent.tile<256>(), [=, &line](tiled_index<256> t) restrict(amp) {
      if (t.local[0] == 0) {
        WAIT_RECORDING_LINE(t, line);
      }
      av[t.global] = 1;
    });
    FAIL() << "a barrier reached by one work-item only must be reported";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(DivergenceTest, DifferentTripCountsThroughLoopBarrier) {
  std::atomic<int> line{0};
  try {
    parallel_for_each(extent<1>(64).tile<16>(), [&](tiled_index<16> t) restrict(amp) {
      for (int r = 0; r < t.local[0] % 3; ++r) WAIT_RECORDING_LINE(t, line);
    });
    FAIL() << "work-items passing a loop barrier different numbers of times must be reported";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(DivergenceTest, FenceVariantDivergence) {
  std::atomic<int> line{0};
  try {
    parallel_for_each(extent<2>(8, 8).tile<4, 4>(), [&](tiled_index<4, 4> t) restrict(amp) {
      if (t.local[1] == 3) return;
      line.store(__LINE__); t.barrier.wait_with_tile_static_memory_fence();
    });
    FAIL() << "barrier divergence must be reported";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(DivergenceTest, DivergenceOnlyInOneTileOfMany) {
  std::atomic<int> line{0};
  std::atomic<int> ran{0};
  try {
    parallel_for_each(extent<1>(64 * 200).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
      ++ran;
      if (t.tile[0] == 137 && t.local[0] == 63) return;
      WAIT_RECORDING_LINE(t, line);
    });
    FAIL() << "divergence in tile 137 must be reported";
  } catch (const runtime_exception& e) {
    EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(DivergenceTest, RepeatedDivergenceDoesNotExhaustTheEngine) {
  for (int round = 0; round < 20; ++round) {
    EXPECT_THROW(parallel_for_each(extent<1>(512).tile<256>(), [](tiled_index<256> t) restrict(amp) {
                   if (t.local[0] >= 128) return;
                   t.barrier.wait();
                 }),
                 runtime_exception);
  }
  expect_runtime_usable();
}

AMPLE_INSTANTIATE_WORKER_TESTS(DivergenceTest);

}  // namespace
