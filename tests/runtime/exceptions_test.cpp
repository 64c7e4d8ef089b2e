// The exception hierarchy (SPEC §12.2), the errors parallel_for_each reports for bad compute
// domains, and exceptions thrown by kernels: they stop the launch, reach the caller unchanged,
// and leave the runtime usable.
// Some kernels here throw exceptions from kernels to test how launches report them, which C++ AMP
// forbids; the restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::contains;
using ample_test::expect_runtime_usable;
using ample_test::WorkerCountTest;

struct kernel_error : std::runtime_error {
  explicit kernel_error(const std::string& what) : std::runtime_error(what) {}
};

TEST(ExceptionHierarchyTest, DerivesFromRuntimeException) {
  EXPECT_TRUE((std::is_base_of_v<std::exception, runtime_exception>));
  EXPECT_TRUE((std::is_base_of_v<runtime_exception, out_of_memory>));
  EXPECT_TRUE((std::is_base_of_v<runtime_exception, invalid_compute_domain>));
  EXPECT_TRUE((std::is_base_of_v<runtime_exception, unsupported_feature>));
  EXPECT_TRUE((std::is_base_of_v<runtime_exception, accelerator_view_removed>));
}

TEST(ExceptionHierarchyTest, MessageAndErrorCode) {
  runtime_exception e("device lost", 42);
  EXPECT_STREQ(e.what(), "device lost");
  EXPECT_EQ(e.get_error_code(), 42);

  runtime_exception code_only(7);
  EXPECT_EQ(code_only.get_error_code(), 7);

  invalid_compute_domain icd("bad domain");
  EXPECT_STREQ(icd.what(), "bad domain");
  out_of_memory oom("no memory");
  EXPECT_STREQ(oom.what(), "no memory");
  unsupported_feature uf("no textures");
  EXPECT_STREQ(uf.what(), "no textures");
  EXPECT_NE(icd.get_error_code(), 0);
  EXPECT_NE(oom.get_error_code(), 0);
  EXPECT_NE(uf.get_error_code(), 0);

  accelerator_view_removed removed("gone", 99);
  EXPECT_STREQ(removed.what(), "gone");
  EXPECT_EQ(removed.get_view_removed_reason(), 99);
}

TEST(ExceptionHierarchyTest, CatchableAsBase) {
  try {
    throw invalid_compute_domain("x");
  } catch (const runtime_exception& e) {
    EXPECT_STREQ(e.what(), "x");
    return;
  }
  FAIL();
}

class ComputeDomainTest : public WorkerCountTest {};

TEST_P(ComputeDomainTest, ExtentNotDivisibleByTile) {
  std::atomic<int> ran{0};
  try {
    parallel_for_each(extent<2>(1000, 7).tile<16, 16>(), [&](tiled_index<16, 16>) restrict(amp) { ++ran; });
    FAIL() << "extent (1000, 7) is not divisible by tile (16, 16)";
  } catch (const invalid_compute_domain& e) {
    EXPECT_TRUE(contains(e.what(), "(1000, 7)")) << e.what();
    EXPECT_TRUE(contains(e.what(), "(16, 16)")) << e.what();
  }
  EXPECT_EQ(ran.load(), 0) << "no work-item may run for an invalid domain";
}

TEST_P(ComputeDomainTest, OneDimensionalNotDivisible) {
  EXPECT_THROW(parallel_for_each(extent<1>(100).tile<64>(), [](tiled_index<64>) restrict(amp) {}),
               invalid_compute_domain);
  EXPECT_THROW(parallel_for_each(extent<3>(4, 16, 17).tile<4, 16, 16>(), [](tiled_index<4, 16, 16>) restrict(amp) {}),
               invalid_compute_domain);
}

TEST_P(ComputeDomainTest, ZeroExtent) {
  std::atomic<int> ran{0};
  try {
    parallel_for_each(extent<2>(4, 0), [&](index<2>) restrict(amp) { ++ran; });
    FAIL() << "a zero extent is not a compute domain";
  } catch (const invalid_compute_domain& e) {
    EXPECT_TRUE(contains(e.what(), "(4, 0)")) << e.what();
  }
  EXPECT_THROW(parallel_for_each(extent<1>(0), [&](index<1>) restrict(amp) { ++ran; }), invalid_compute_domain);
  EXPECT_EQ(ran.load(), 0);
}

TEST_P(ComputeDomainTest, NegativeExtent) {
  std::atomic<int> ran{0};
  try {
    parallel_for_each(extent<1>(-3), [&](index<1>) restrict(amp) { ++ran; });
    FAIL() << "a negative extent is not a compute domain";
  } catch (const invalid_compute_domain& e) {
    EXPECT_TRUE(contains(e.what(), "-3")) << e.what();
  }
  EXPECT_THROW(parallel_for_each(extent<2>(-16, 16).tile<16, 16>(), [&](tiled_index<16, 16>) restrict(amp) { ++ran; }),
               invalid_compute_domain);
  EXPECT_EQ(ran.load(), 0);
}

// Microsoft's limit of 65535 tiles along each dimension (Direct3D's), on every accelerator:
// one tile more is refused, naming the dimension and the count, before any work-item runs;
// the limit itself runs.
TEST_P(ComputeDomainTest, AtMost65535TilesAlongEachDimension) {
  std::atomic<int> ran{0};
  try {
    parallel_for_each(extent<2>(2, 65536).tile<1, 1>(), [&](tiled_index<1, 1>) restrict(amp) { ++ran; });
    FAIL() << "65536 tiles along dimension 1";
  } catch (const invalid_compute_domain& e) {
    EXPECT_TRUE(contains(e.what(), "65536 tiles along dimension 1")) << e.what();
    EXPECT_TRUE(contains(e.what(), "65535")) << e.what();
  }
  EXPECT_THROW(parallel_for_each(extent<1>(65536 * 64).tile<64>(), [&](tiled_index<64>) restrict(amp) { ++ran; }),
               invalid_compute_domain);
  EXPECT_THROW(
      parallel_for_each(extent<3>(65536, 1, 1).tile<1, 1, 1>(), [&](tiled_index<1, 1, 1>) restrict(amp) { ++ran; }),
      invalid_compute_domain);
  EXPECT_EQ(ran.load(), 0);

  std::vector<int> hits(65535 * 2, 0);
  const array_view<int, 2> out(2, 65535, hits);
  parallel_for_each(out.extent.tile<1, 1>(), [=](tiled_index<1, 1> t) restrict(amp) { out[t.global] += 1; });
  out.synchronize();
  EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), 65535 * 2);
}

// A tile over 1024 work-items does not compile (compile_fail.tile_over_1024_work_items).

class KernelExceptionTest : public WorkerCountTest {};

// launch_and_wait() is parallel_for_each, then wait() on the default view: a kernel's exception
// reaches the caller at once on the CPU engine, and at the next synchronizing call, here wait(),
// on a device whose launches are queued (REF, the `ref:` runs).
template <class... Args>
void launch_and_wait(Args&&... args) {
  parallel_for_each(std::forward<Args>(args)...);
  accelerator().default_view.wait();
}

TEST_P(KernelExceptionTest, PlainKernelThrowAtFirstWorkItem) {
  try {
    launch_and_wait(extent<1>(10000), [](index<1> i) restrict(amp) {
      if (i[0] == 0) throw kernel_error("first");
    });
    FAIL() << "the kernel's exception must reach the caller";
  } catch (const kernel_error& e) {
    EXPECT_STREQ(e.what(), "first");
  }
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, PlainKernelThrowAtLastWorkItem) {
  EXPECT_THROW(launch_and_wait(extent<2>(100, 100), [](index<2> i) restrict(amp) {
                 if (i == index<2>(99, 99)) throw kernel_error("last");
               }),
               kernel_error);
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, ThrowingEveryWorkItemReportsOne) {
  try {
    launch_and_wait(extent<1>(5000), [](index<1> i) restrict(amp) { throw kernel_error("item " + std::to_string(i[0])); });
    FAIL();
  } catch (const kernel_error& e) {
    EXPECT_TRUE(contains(e.what(), "item ")) << e.what();
  }
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, ThrowStopsTheLaunch) {
  std::atomic<int> ran{0};
  constexpr int n = 1 << 20;
  EXPECT_THROW(launch_and_wait(extent<1>(n), [&](index<1>) restrict(amp) {
                 ++ran;
                 throw kernel_error("stop");
               }),
               kernel_error);
  EXPECT_LT(ran.load(), n) << "after the first exception no further work should be started";
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, AmpExceptionTypeIsPreserved) {
  try {
    launch_and_wait(extent<1>(64), [](index<1> i) restrict(amp) {
      if (i[0] == 33) throw out_of_memory("kernel ran out");
    });
    FAIL();
  } catch (const out_of_memory& e) {
    EXPECT_STREQ(e.what(), "kernel ran out");
  }
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, TiledKernelThrowAfterBarrier) {
  try {
    launch_and_wait(extent<1>(4096).tile<256>(), [](tiled_index<256> t) restrict(amp) {
      t.barrier.wait();
      if (t.global[0] == 3000) throw kernel_error("tiled");
      t.barrier.wait();
    });
    FAIL();
  } catch (const kernel_error& e) {
    EXPECT_STREQ(e.what(), "tiled");
  }
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, TiledKernelThrowWhileOthersWaitAtBarrier) {
  // Work-item 5 throws before the barrier its tile-mates wait at: the user's exception, not a
  // divergence report, must reach the caller, and no work-item may be left blocked.
  try {
    launch_and_wait(extent<2>(32, 32).tile<16, 16>(), [](tiled_index<16, 16> t) restrict(amp) {
      if (t.local == index<2>(0, 5)) throw kernel_error("before barrier");
      t.barrier.wait();
    });
    FAIL();
  } catch (const kernel_error& e) {
    EXPECT_STREQ(e.what(), "before barrier");
  }
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, TiledKernelThrowAtLastWorkItemOfLastTile) {
  EXPECT_THROW(launch_and_wait(extent<3>(8, 16, 16).tile<4, 16, 16>(), [](tiled_index<4, 16, 16> t) restrict(amp) {
                 t.barrier.wait();
                 if (t.global == index<3>(7, 15, 15)) throw kernel_error("last");
               }),
               kernel_error);
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, NestedParallelForEachThrows) {
  std::atomic<int> nested_errors{0};
  std::atomic<int> other_errors{0};
  try {
    launch_and_wait(extent<1>(4), [&](index<1>) restrict(amp) {
      try {
        parallel_for_each(extent<1>(4), [](index<1>) restrict(amp) {});
      } catch (const runtime_exception&) {
        ++nested_errors;
        throw;
      } catch (...) {
        ++other_errors;
        throw;
      }
    });
    FAIL() << "parallel_for_each inside a kernel must throw";
  } catch (const runtime_exception&) {
  }
  EXPECT_GE(nested_errors.load(), 1);
  EXPECT_EQ(other_errors.load(), 0);
  expect_runtime_usable();
}

TEST_P(KernelExceptionTest, NestedParallelForEachInTiledKernelThrows) {
  EXPECT_THROW(launch_and_wait(extent<1>(64).tile<32>(), [](tiled_index<32> t) restrict(amp) {
                 t.barrier.wait();
                 parallel_for_each(extent<1>(4), [](index<1>) restrict(amp) {});
               }),
               runtime_exception);
  expect_runtime_usable();
}

// Reconfiguring the engine from a kernel would wait for the very launch the kernel belongs to.
TEST_P(KernelExceptionTest, EngineSettingsFromInsideAKernelThrow) {
  EXPECT_THROW(launch_and_wait(extent<1>(4), [](index<1>) restrict(amp) { ample::set_thread_count(1); }),
               runtime_exception);
  EXPECT_THROW(launch_and_wait(extent<1>(4), [](index<1>) restrict(amp) { ample::set_work_item_stack_size(1 << 20); }),
               runtime_exception);
  expect_runtime_usable();
}

AMPLE_INSTANTIATE_WORKER_TESTS(ComputeDomainTest);
AMPLE_INSTANTIATE_WORKER_TESTS(KernelExceptionTest);

// A kernel that throws part way on REF, which has memory of its own: the work-items that ran
// (REF runs them in order) have written, the others have not, and synchronize() brings exactly
// that back (docs/design/data-model.md).
TEST(KernelExceptionOnRefTest, WritesBeforeTheExceptionAreKept) {
  std::vector<int> v(1024, 0);
  array_view<int, 1> av(1024, v);
  parallel_for_each(accelerator(accelerator::direct3d_ref).default_view, av.extent, [=](index<1> i) restrict(amp) {
    if (i[0] == 512) throw std::runtime_error("stop");
    av[i] = 9;
  });
  // The launch was queued; its exception surfaces at the view's next synchronize(), once.
  EXPECT_THROW(av.synchronize(), std::runtime_error);
  for (int i = 0; i < 1024; ++i) ASSERT_EQ(v[i], i < 512 ? 9 : 0) << i;
  EXPECT_NO_THROW(av.synchronize());
  EXPECT_NO_THROW(accelerator(accelerator::direct3d_ref).default_view.wait());
}

// An exception no view reports surfaces at the view's wait(), or at the next command
// submitted to it, never lost.
TEST(KernelExceptionOnRefTest, WaitAndTheNextLaunchReportIt) {
  const accelerator_view ref = accelerator(accelerator::direct3d_ref).create_view();
  parallel_for_each(ref, extent<1>(8), [](index<1>) restrict(amp) { throw kernel_error("first"); });
  EXPECT_THROW(ref.wait(), kernel_error);
  EXPECT_NO_THROW(ref.wait());
  parallel_for_each(ref, extent<1>(8), [](index<1>) restrict(amp) { throw kernel_error("second"); });
  ref.create_marker().wait();
  try {
    parallel_for_each(ref, extent<1>(8), [](index<1>) restrict(amp) {});
    FAIL() << "the earlier failure must be reported";
  } catch (const kernel_error& e) {
    EXPECT_STREQ(e.what(), "second");
  }
  EXPECT_NO_THROW(ref.wait());
}

}  // namespace
