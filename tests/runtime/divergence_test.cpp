// Barrier divergence and barrier misuse: work-items of one tile that do not all reach the same
// barrier, a barrier waited on outside its tile, and exceptions thrown while tile-mates wait.
// Ample must report each as an exception (runtime_exception naming the barrier call site,
// "divergence_test.cpp:<line>", or the kernel's own exception), never hang, and stay usable:
// every test ends by running a tiled and a non-tiled kernel and checking their results.
//
// "A barrier in a non-tiled kernel" cannot be written directly in C++ AMP: a tile_barrier has no
// public constructor (tests/compile_fail/tile_barrier_default.cpp), cannot be assigned, and is
// only handed out as tiled_index::barrier to the work-items of a tiled kernel. What compiles is
// a copy that escapes its tile: kept after the kernel and waited on by the host, captured into
// a non-tiled kernel, used by another tile or another thread. Those are the misuse tests below.
// Some kernels here put barriers under divergent conditions to test the run-time check, which C++
// AMP forbids; the restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <atomic>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using ample_test::WorkerCountTest;

// WAIT_AT(barrier, line) records the source line in `line` and waits at `barrier`; the
// barrier's own call site is the same line, because both come from this one macro expansion.
#define WAIT_AT(barrier, line) ((line).store(__LINE__), (barrier).wait())

std::string site(int line) { return "divergence_test.cpp:" + std::to_string(line); }

struct kernel_error : std::runtime_error {
  explicit kernel_error(const std::string& what) : std::runtime_error(what) {}
};

/// live_items counts work-items whose frame is alive: a work-item of an aborted tile must unwind
/// (destructors run) rather than be abandoned on its fiber stack.
struct live_items {
  explicit live_items(std::atomic<int>& n) : n_(n) { ++n_; }
  ~live_items() { --n_; }
  live_items(const live_items&) = delete;
  live_items& operator=(const live_items&) = delete;
  std::atomic<int>& n_;
};

class DivergenceTest : public WorkerCountTest {
 protected:
  // expect_runtime_usable() runs a tiled kernel with barriers and a non-tiled kernel on the same
  // engine, and checks both results.
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
    parallel_for_each(av.extent, [=](index<1> i) restrict(amp) { av[i] += 1000 * i[0]; });
    av.synchronize();
    for (int g = 0; g < 4 * T; ++g) ASSERT_EQ(v[g], T - 1 - g % T + 1000 * g) << "work-item " << g;
  }

  // expect_divergence() runs `launch`, which must throw runtime_exception naming every site in
  // `sites` (each a line of this file) and every text in `parts`; then checks the runtime.
  template <class Launch>
  static void expect_divergence(Launch launch, std::vector<const std::atomic<int>*> sites,
                                std::vector<std::string> parts = {}) {
    try {
      launch();
      ADD_FAILURE() << "barrier divergence must be reported";
    } catch (const runtime_exception& e) {
      EXPECT_EQ(e.get_error_code(), error_code::e_fail);
      for (const std::atomic<int>* line : sites) {
        ASSERT_NE(line->load(), 0) << "the barrier was never reached";
        EXPECT_TRUE(contains(e.what(), site(line->load()))) << e.what();
      }
      for (const std::string& part : parts) EXPECT_TRUE(contains(e.what(), part)) << e.what();
    }
    expect_runtime_usable();
  }
};

// --- Divergence: work-items of one tile do not reach the same barrier -----------------------

TEST_P(DivergenceTest, SomeReturnEarlyOthersWait) {
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(256).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
          if (t.local[0] < 32) return;
          WAIT_AT(t.barrier, line);
        });
      },
      {&line}, {"barrier divergence", "returned without reaching it"});
}

TEST_P(DivergenceTest, OnlyOneWorkItemReturnsEarly) {
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<2>(32, 32).tile<16, 16>(), [&](tiled_index<16, 16> t) restrict(amp) {
          if (t.global == index<2>(17, 30)) return;
          WAIT_AT(t.barrier, line);
        });
      },
      {&line}, {"tile (1, 1)", "work-item (1, 14) returned without reaching it"});
}

TEST_P(DivergenceTest, DifferentBarriersInIfElse) {
  std::atomic<int> line_a{0}, line_b{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(128).tile<32>(), [&](tiled_index<32> t) restrict(amp) {
          if (t.local[0] % 2 == 0) {
            WAIT_AT(t.barrier, line_a);
          } else {
            WAIT_AT(t.barrier, line_b);
          }
        });
      },
      {&line_a, &line_b});
  EXPECT_NE(line_a.load(), line_b.load());
}

TEST_P(DivergenceTest, SomeSkipAFirstBarrierAndMeetAtASecond) {
  // Items 0-7 wait at A, items 8-15 skipped A and wait at B: each barrier is reached, but not
  // by the whole tile.
  std::atomic<int> line_a{0}, line_b{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(64).tile<16>(), [&](tiled_index<16> t) restrict(amp) {
          if (t.local[0] < 8) WAIT_AT(t.barrier, line_a);
          WAIT_AT(t.barrier, line_b);
        });
      },
      {&line_a, &line_b});
}

TEST_P(DivergenceTest, BarrierInsideBranchTakenByPartOfTile) {
  // Only work-item 0 takes the branch: it waits, the others run past and return.
  std::atomic<int> line{0};
  std::vector<int> v(256, 0);
  array_view<int, 1> av(256, v);
  expect_divergence(
      [&] {
        parallel_for_each(av.extent.tile<256>(), [=, &line](tiled_index<256> t) restrict(amp) {
          if (t.local[0] == 0) {
            WAIT_AT(t.barrier, line);
          }
          av[t.global] = 1;
        });
      },
      {&line}, {"work-item (0) waits at barrier"});
}

TEST_P(DivergenceTest, BarrierInsideBranchNotTakenByWorkItemZero) {
  // The odd work-items take the branch; work-item 0 returns before anyone reached a barrier.
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<2>(8, 8).tile<8, 8>(), [&](tiled_index<8, 8> t) restrict(amp) {
          if (t.local[1] % 2 == 1) WAIT_AT(t.barrier, line);
        });
      },
      {&line}, {"work-item (0, 1) waits at barrier", "work-item (0, 0) returned"});
}

TEST_P(DivergenceTest, DifferentTripCountsThroughLoopBarrier) {
  // Work-item 0 makes no trip at all.
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(64).tile<16>(), [&](tiled_index<16> t) restrict(amp) {
          for (int r = 0; r < t.local[0] % 3; ++r) WAIT_AT(t.barrier, line);
        });
      },
      {&line});
}

TEST_P(DivergenceTest, OneWorkItemLeavesTheLoopOneTripEarly) {
  // Every work-item passes the loop's barrier together twice; work-item 5 then leaves.
  std::atomic<int> line{0};
  std::atomic<int> rounds_passed{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(32).tile<32>(), [&](tiled_index<32> t) restrict(amp) {
          const int trips = t.local[0] == 5 ? 2 : 3;
          for (int r = 0; r < trips; ++r) {
            WAIT_AT(t.barrier, line);
            if (t.local[0] == 0) ++rounds_passed;
          }
        });
      },
      {&line}, {"work-item (5) returned without reaching it"});
  EXPECT_EQ(rounds_passed.load(), 2) << "the first two rounds are legal and must complete";
}

TEST_P(DivergenceTest, FenceVariantDivergence) {
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<2>(8, 8).tile<4, 4>(), [&](tiled_index<4, 4> t) restrict(amp) {
          if (t.local[1] == 3) return;
          line.store(__LINE__); t.barrier.wait_with_tile_static_memory_fence();
        });
      },
      {&line});
}

TEST_P(DivergenceTest, DivergenceOnlyInOneTileOfMany) {
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(64 * 200).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
          if (t.tile[0] == 137 && t.local[0] == 63) return;
          WAIT_AT(t.barrier, line);
        });
      },
      {&line}, {"tile (137)", "work-item (63) returned"});
}

TEST_P(DivergenceTest, RepeatedDivergenceDoesNotExhaustTheEngine) {
  std::atomic<int> line{0};
  for (int round = 0; round < 20; ++round) {
    try {
      parallel_for_each(extent<1>(512).tile<256>(), [&](tiled_index<256> t) restrict(amp) {
        if (t.local[0] >= 128) return;
        WAIT_AT(t.barrier, line);
      });
      ADD_FAILURE() << "round " << round << ": divergence must be reported";
    } catch (const runtime_exception& e) {
      EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
    }
  }
  expect_runtime_usable();
}

// --- Misuse: a barrier waited on outside its tile --------------------------------------------

/// saved_barrier() runs a one-tile kernel whose work-item 0 copies its barrier out.
std::optional<tile_barrier> saved_barrier() {
  std::optional<tile_barrier> saved;
  parallel_for_each(extent<1>(64).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
    if (t.local[0] == 0) saved.emplace(t.barrier);
  });
  return saved;
}

TEST_P(DivergenceTest, BarrierKeptAfterItsKernelAndWaitedOnByTheHost) {
  std::optional<tile_barrier> saved = saved_barrier();
  ASSERT_TRUE(saved.has_value());
  std::atomic<int> line{0};
  expect_divergence([&] { WAIT_AT(*saved, line); }, {&line}, {"outside any tile"});
  // Each fence variant is checked the same way.
  EXPECT_THROW(saved->wait_with_all_memory_fence(), runtime_exception);
  EXPECT_THROW(saved->wait_with_global_memory_fence(), runtime_exception);
  EXPECT_THROW(saved->wait_with_tile_static_memory_fence(), runtime_exception);
}

TEST_P(DivergenceTest, BarrierWaitedOnInANonTiledKernel) {
  std::optional<tile_barrier> saved = saved_barrier();
  ASSERT_TRUE(saved.has_value());
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<2>(16, 16), [&](index<2>) restrict(amp) { WAIT_AT(*saved, line); });
      },
      {&line}, {"outside any tile"});
}

TEST_P(DivergenceTest, BarrierOfAFinishedKernelWaitedOnInALaterTiledKernel) {
  // With one worker, the later tiles run on the very thread and scheduler that ran the barrier's
  // tile: only the tile's serial number tells them apart.
  std::optional<tile_barrier> saved = saved_barrier();
  ASSERT_TRUE(saved.has_value());
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(256).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
          t.barrier.wait();
          WAIT_AT(*saved, line);
        });
      },
      {&line}, {"does not belong to"});
}

TEST_P(DivergenceTest, BarrierOfAnotherTileInTheSameLaunch) {
  // Tile 0 publishes its barrier; work-item 3 of every other tile waits on it.
  std::optional<tile_barrier> tile0;
  std::atomic<bool> published{false};
  std::atomic<int> line{0};
  expect_divergence(
      [&] {
        parallel_for_each(extent<1>(64 * 16).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
          if (t.tile[0] == 0) {
            if (t.local[0] == 0) {
              tile0.emplace(t.barrier);
              published.store(true, std::memory_order_release);
            }
            t.barrier.wait();
            return;
          }
          // Chunks are claimed in order, so tile 0 has started (or finished) on some thread.
          while (!published.load(std::memory_order_acquire)) std::this_thread::yield();
          if (t.local[0] == 3) WAIT_AT(*tile0, line);
        });
      },
      {&line}, {"does not belong to"});
}

TEST_P(DivergenceTest, BarrierWaitedOnFromAnotherThreadWhileItsTileRuns) {
  // A work-item hands its own barrier to a helper thread: the helper is not a work-item of the
  // tile, and must get an exception instead of entering the scheduler of a running tile.
  std::atomic<int> line{0};
  std::atomic<int> reported{0};
  std::string message;
  parallel_for_each(extent<1>(32).tile<32>(), [&](tiled_index<32> t) restrict(amp) {
    if (t.local[0] == 7) {
      std::thread helper([&] {
        try {
          WAIT_AT(t.barrier, line);
        } catch (const runtime_exception& e) {
          message = e.what();
          ++reported;
        }
      });
      helper.join();
    }
    t.barrier.wait();
  });
  EXPECT_EQ(reported.load(), 1);
  EXPECT_TRUE(contains(message, site(line.load()))) << message;
  EXPECT_TRUE(contains(message, "outside any tile")) << message;
  expect_runtime_usable();
}

TEST_P(DivergenceTest, BarriersOutliveTheWorkerThreadsThatRanThem) {
  // Every tile keeps its barrier; resizing the pool ends the worker threads and their tile
  // schedulers. Waiting on the kept barriers must throw without touching the freed schedulers
  // (an AddressSanitizer build checks that part).
  constexpr int tiles = 64;
  std::vector<std::optional<tile_barrier>> saved(tiles);
  parallel_for_each(extent<1>(tiles * 16).tile<16>(), [&](tiled_index<16> t) restrict(amp) {
    if (t.local[0] == 0) saved[static_cast<std::size_t>(t.tile[0])].emplace(t.barrier);
  });
  ample::set_thread_count(GetParam());  // a new pool: the old workers are joined
  for (int i = 0; i < tiles; ++i) {
    ASSERT_TRUE(saved[static_cast<std::size_t>(i)].has_value());
    std::atomic<int> line{0};
    try {
      WAIT_AT(*saved[static_cast<std::size_t>(i)], line);
      ADD_FAILURE() << "tile " << i << ": waiting on a kept barrier must throw";
    } catch (const runtime_exception& e) {
      EXPECT_TRUE(contains(e.what(), site(line.load()))) << e.what();
    }
  }
  expect_runtime_usable();
}

// --- Exceptions while tile-mates wait at a barrier -------------------------------------------

TEST_P(DivergenceTest, ExceptionWhileOthersWaitAtABarrierPropagates) {
  // Work-items 0-39 wait at the barrier when work-item 40 throws: the exception reaches the
  // caller, the waiting items unwind, and none of them gets past the barrier.
  std::atomic<int> alive{0}, passed{0};
  try {
    parallel_for_each(extent<1>(64 * 8).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
      const live_items guard(alive);
      if (t.tile[0] == 5 && t.local[0] == 40) throw kernel_error("work-item 40 of tile 5");
      t.barrier.wait();
      if (t.tile[0] == 5) ++passed;
    });
    ADD_FAILURE() << "the kernel's exception must reach the caller";
  } catch (const kernel_error& e) {
    EXPECT_STREQ(e.what(), "work-item 40 of tile 5");
  }
  EXPECT_EQ(alive.load(), 0) << "every started work-item must have unwound";
  EXPECT_EQ(passed.load(), 0) << "no work-item of the failed tile may pass its barrier";
  expect_runtime_usable();
}

TEST_P(DivergenceTest, ExceptionFromTheLastWorkItemWhileAllOthersWait) {
  std::atomic<int> alive{0};
  EXPECT_THROW(parallel_for_each(extent<2>(32, 32).tile<16, 16>(), [&](tiled_index<16, 16> t) restrict(amp) {
                 const live_items guard(alive);
                 t.barrier.wait();
                 if (t.local == index<2>(15, 15)) throw kernel_error("last work-item, second round");
                 t.barrier.wait();
               }),
               kernel_error);
  EXPECT_EQ(alive.load(), 0);
  expect_runtime_usable();
}

TEST_P(DivergenceTest, FirstExceptionWins) {
  // In tiles 2 and 5, work-item 10 throws at the first barrier round and work-item 50 would
  // throw later. Within a tile the first exception is kept and the tile stops, so work-item 50
  // never throws; across tiles it is whichever tile failed first: tile 2 with one worker (tiles
  // run in order), either with more.
  std::atomic<int> alive{0};
  try {
    parallel_for_each(extent<1>(64 * 8).tile<64>(), [&](tiled_index<64> t) restrict(amp) {
      const live_items guard(alive);
      const bool failing_tile = t.tile[0] == 2 || t.tile[0] == 5;
      if (failing_tile && t.local[0] == 10) throw kernel_error("tile " + std::to_string(t.tile[0]) + " item 10");
      t.barrier.wait();
      if (failing_tile && t.local[0] == 50) throw kernel_error("tile " + std::to_string(t.tile[0]) + " item 50");
    });
    ADD_FAILURE() << "the kernel's exception must reach the caller";
  } catch (const kernel_error& e) {
    const std::string what = e.what();
    if (GetParam() == 1) EXPECT_EQ(what, "tile 2 item 10");
    else EXPECT_TRUE(what == "tile 2 item 10" || what == "tile 5 item 10") << what;
  }
  EXPECT_EQ(alive.load(), 0);
  expect_runtime_usable();
}

TEST_P(DivergenceTest, ExceptionBeforeTheDivergenceIsSeenWins) {
  // Work-item 5 returns early (divergence, but only visible when the round closes) and then
  // work-item 9 throws: the kernel's exception came first and is the one reported.
  try {
    parallel_for_each(extent<1>(32).tile<32>(), [&](tiled_index<32> t) restrict(amp) {
      if (t.local[0] == 5) return;
      if (t.local[0] == 9) throw kernel_error("item 9");
      t.barrier.wait();
    });
    ADD_FAILURE() << "an exception must reach the caller";
  } catch (const kernel_error& e) {
    EXPECT_STREQ(e.what(), "item 9");
  }
  expect_runtime_usable();
}

// Seed 003's transposes pass their views by value to a function that waits at a barrier, so
// the copies live across it. Copies made inside a kernel do not own the data; a compiled tile
// needs no cleanup for them. When a work-item throws after the barrier, the exception still
// reaches the caller, and the views and the runtime go on working.
void transpose_block(tiled_index<8, 8> t, array_view<const int, 2> in, array_view<int, 2> out,
                     int failing_tile) restrict(amp) {
  tile_static int block[8][8];
  block[t.local[0]][t.local[1]] = in[t.global];
  t.barrier.wait();
  if (t.tile[0] == failing_tile && t.local == index<2>(3, 5)) throw kernel_error("item (3, 5)");
  out[t.global] = block[t.local[1]][t.local[0]];
}

TEST_P(DivergenceTest, ExceptionWhileViewsPassedByValueWaitAtABarrier) {
  constexpr int N = 32;
  std::vector<int> data(N * N), result(N * N, -1);
  for (int k = 0; k < N * N; ++k) data[k] = k;
  array_view<const int, 2> in(N, N, data);
  array_view<int, 2> out(N, N, result);
  const auto transpose = [=](int failing_tile) {
    parallel_for_each(out.extent.tile<8, 8>(),
                      [=](tiled_index<8, 8> t) restrict(amp) { transpose_block(t, in, out, failing_tile); });
  };
  [[maybe_unused]] const ample::detail::cpu::tiled_path_counts before = ample::detail::cpu::tiled_launches();
  EXPECT_THROW(transpose(2), kernel_error);
  transpose(-1);
#if defined(AMPLE_EXPECT_COMPILED_TILES)
  if (ample::detail::cpu::compiled_tiles_enabled())
    EXPECT_EQ(ample::detail::cpu::tiled_launches().compiled - before.compiled, 2u) << "the pass declined the kernel";
#endif
  out.synchronize();
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      ASSERT_EQ(result[r * N + c], data[(r / 8 * 8 + c % 8) * N + c / 8 * 8 + r % 8]) << "(" << r << ", " << c << ")";
  expect_runtime_usable();
}

AMPLE_INSTANTIATE_WORKER_TESTS(DivergenceTest);

}  // namespace
