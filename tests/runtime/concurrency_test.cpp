// Several host threads launching kernels at the same time: tiled and plain kernels, on the
// default view and on views of their own, and alongside kernels that fail.
// Some kernels here throw from kernels and count with std::atomic, which C++ AMP forbids; the
// restriction checker (docs/design/restrict-checker.md) would refuse them.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;
using ample_test::WorkerCountTest;

class ConcurrencyTest : public WorkerCountTest {};

// run_mixed_kernels() launches `rounds` kernels, alternating plain and tiled, on data private to
// the calling thread, and returns the number of wrong elements it found.
int run_mixed_kernels(int thread_id, int rounds, const accelerator_view* view) {
  constexpr int T = 64, n = 16 * T;
  std::vector<int> v(n);
  array_view<int, 1> av(n, v);
  int errors = 0;
  for (int r = 0; r < rounds; ++r) {
    const int base = thread_id * 100000 + r * 1000;
    auto plain = [=](index<1> i) restrict(amp) { av[i] = base + i[0]; };
    auto tiled = [=](tiled_index<T> t) restrict(amp) {
      tile_static int s[T];
      s[t.local[0]] = av[t.global];
      t.barrier.wait();
      av[t.global] = s[T - 1 - t.local[0]];
    };
    if (view) {
      parallel_for_each(*view, av.extent, plain);
      if (r % 2) parallel_for_each(*view, av.extent.tile<T>(), tiled);
    } else {
      parallel_for_each(av.extent, plain);
      if (r % 2) parallel_for_each(av.extent.tile<T>(), tiled);
    }
    av.synchronize();
    for (int g = 0; g < n; ++g) {
      const int expected = r % 2 ? base + (g / T) * T + T - 1 - g % T : base + g;
      if (v[g] != expected) ++errors;
    }
  }
  return errors;
}

TEST_P(ConcurrencyTest, ThreadsLaunchingOnDefaultView) {
  constexpr int threads = 4, rounds = 40;
  std::vector<int> errors(threads, -1);
  std::vector<std::thread> pool;
  for (int id = 0; id < threads; ++id)
    pool.emplace_back([&errors, id] { errors[id] = run_mixed_kernels(id, rounds, nullptr); });
  for (auto& t : pool) t.join();
  for (int id = 0; id < threads; ++id) EXPECT_EQ(errors[id], 0) << "host thread " << id;
}

TEST_P(ConcurrencyTest, ThreadsLaunchingOnTheirOwnViews) {
  constexpr int threads = 3, rounds = 30;
  std::vector<int> errors(threads, -1);
  std::vector<std::thread> pool;
  for (int id = 0; id < threads; ++id)
    pool.emplace_back([&errors, id] {
      accelerator_view view = accelerator().create_view();
      errors[id] = run_mixed_kernels(id, rounds, &view);
    });
  for (auto& t : pool) t.join();
  for (int id = 0; id < threads; ++id) EXPECT_EQ(errors[id], 0) << "host thread " << id;
}

TEST_P(ConcurrencyTest, TiledMatmulsFromSeveralThreads) {
  constexpr int threads = 4, N = 32, TS = 16;
  std::vector<int> errors(threads, -1);
  std::vector<std::thread> pool;
  for (int id = 0; id < threads; ++id)
    pool.emplace_back([&errors, id] {
      std::vector<int> va(N * N), vb(N * N), vc(N * N, 0);
      for (int k = 0; k < N * N; ++k) {
        va[k] = (k * 7 + id) % 11 - 5;
        vb[k] = (k * 3 + 2 * id) % 13 - 6;
      }
      int bad = 0;
      for (int round = 0; round < 10; ++round) {
        array_view<const int, 2> a(N, N, va), b(N, N, vb);
        array_view<int, 2> c(N, N, vc);
        parallel_for_each(c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t) restrict(amp) {
          tile_static int la[TS][TS], lb[TS][TS];
          const int row = t.local[0], col = t.local[1];
          int sum = 0;
          for (int i = 0; i < N; i += TS) {
            la[row][col] = a(t.global[0], col + i);
            lb[row][col] = b(row + i, t.global[1]);
            t.barrier.wait();
            for (int k = 0; k < TS; ++k) sum += la[row][k] * lb[k][col];
            t.barrier.wait();
          }
          c[t.global] = sum;
        });
        c.synchronize();
        for (int i = 0; i < N; ++i)
          for (int j = 0; j < N; ++j) {
            int s = 0;
            for (int k = 0; k < N; ++k) s += va[i * N + k] * vb[k * N + j];
            if (vc[i * N + j] != s) ++bad;
          }
      }
      errors[id] = bad;
    });
  for (auto& t : pool) t.join();
  for (int id = 0; id < threads; ++id) EXPECT_EQ(errors[id], 0) << "host thread " << id;
}

// Each thread launches on a view of its own: on REF (the `ref:` run) launches are queued, and a
// failure belongs to its view, surfacing at that view's wait() or next launch.
TEST_P(ConcurrencyTest, FailingKernelsDoNotDisturbOtherThreads) {
  constexpr int rounds = 30;
  std::atomic<int> caught{0};
  std::atomic<int> divergence_caught{0};
  int good_errors = -1;
  std::thread failing([&] {
    const accelerator_view view = accelerator().create_view();
    for (int r = 0; r < rounds; ++r) {
      try {
        parallel_for_each(view, extent<1>(4096), [r](index<1> i) restrict(amp) {
          if (i[0] == (r * 131) % 4096) throw std::runtime_error("boom " + std::to_string(r));
        });
        view.wait();
      } catch (const std::runtime_error& e) {
        if (std::string(e.what()) == "boom " + std::to_string(r)) ++caught;
      }
    }
  });
  std::thread diverging([&] {
    const accelerator_view view = accelerator().create_view();
    for (int r = 0; r < rounds / 3; ++r) {
      try {
        parallel_for_each(view, extent<1>(256).tile<64>(), [](tiled_index<64> t) restrict(amp) {
          if (t.local[0] == 7) return;
          t.barrier.wait();
        });
        view.wait();
      } catch (const runtime_exception&) {
        ++divergence_caught;
      }
    }
  });
  std::thread good([&] {
    const accelerator_view view = accelerator().create_view();
    good_errors = run_mixed_kernels(9, rounds, &view);
  });
  failing.join();
  diverging.join();
  good.join();
  EXPECT_EQ(caught.load(), rounds);
  EXPECT_EQ(divergence_caught.load(), rounds / 3);
  EXPECT_EQ(good_errors, 0);
}

TEST_P(ConcurrencyTest, ManyShortLaunchesFromManyThreads) {
  constexpr int threads = 8, launches = 100;
  std::atomic<long> total{0};
  std::vector<std::thread> pool;
  for (int id = 0; id < threads; ++id)
    pool.emplace_back([&total] {
      for (int k = 0; k < launches; ++k)
        parallel_for_each(extent<1>(16), [&total](index<1> i) restrict(amp) { total.fetch_add(i[0] + 1); });
    });
  for (auto& t : pool) t.join();
  accelerator().default_view.wait();  // REF queues the launches
  EXPECT_EQ(total.load(), static_cast<long>(threads) * launches * (16 * 17 / 2));
}

AMPLE_INSTANTIATE_WORKER_TESTS(ConcurrencyTest);

}  // namespace
