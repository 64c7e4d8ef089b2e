// Queues (docs/design/data-model.md, detail/command_queue.hpp): on REF, whose memory is its
// own, parallel_for_each and copy_async return once queued; what depends on their data waits
// for them, and their exceptions surface at the next synchronizing call. The CPU engine
// completes each before its call returns.
// Kernels here wait at a gate, a host atomic captured by reference, to hold a queue still while
// the test looks at it; C++ AMP forbids both, so the restriction checker
// (docs/design/restrict-checker.md) is off.
#define AMPLE_NO_RESTRICTION_CHECKS

#include <atomic>
#include <chrono>
#include <cstdint>
#include <future>
#include <list>
#include <numeric>
#include <stdexcept>
#include <thread>
#include <vector>

#include <amp_graphics.h>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

constexpr int n = 4096;

accelerator_view ref_view() { return accelerator(accelerator::direct3d_ref).default_view; }

/// gate holds queued kernels until the test opens it: a kernel that waits at a closed gate
/// proves that the host went on while it was queued. A kernel gives up after 20 s, so that a
/// launch that did not return before its kernel ran fails the test instead of hanging it.
struct gate {
  std::atomic<bool> open{false};
  bool wait() const {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!open.load()) {
      if (std::chrono::steady_clock::now() > give_up) return false;
      std::this_thread::yield();
    }
    return true;
  }
  /// open_later() opens the gate from a thread of its own after 50 ms, while the test goes on
  /// to what the held kernel must hold up; join it before the gate goes.
  std::thread open_later() {
    return std::thread([this] {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      open = true;
    });
  }
};

TEST(QueueTest, LaunchReturnsBeforeTheKernelRuns) {
  gate g;
  std::atomic<int> opened_in_time{-1};
  std::vector<int> v(n, 1);
  array_view<int, 1> av(n, v);
  parallel_for_each(ref_view(), av.extent, [=, &g, &opened_in_time](index<1> i) restrict(amp) {
    if (i[0] == 0) opened_in_time = g.wait() ? 1 : 0;
    av[i] *= 3;
  });
  const completion_future done = ref_view().create_marker();
  EXPECT_FALSE(done.is_ready()) << "the kernel waits at the gate";
  g.open = true;
  EXPECT_EQ(av[n - 1], 3) << "host access waits for the kernel";
  EXPECT_EQ(opened_in_time.load(), 1) << "parallel_for_each returned while its kernel was queued";
  done.wait();
  EXPECT_TRUE(done.is_ready());
}

TEST(QueueTest, CopiesAndLaunchesOnOneViewRunInSubmissionOrder) {
  const accelerator_view ref = accelerator(accelerator::direct3d_ref).create_view(queuing_mode_immediate);
  EXPECT_EQ(ref.queuing_mode, queuing_mode_immediate);
  gate g;
  std::vector<int> in(n), out(n, -1);
  std::iota(in.begin(), in.end(), 0);
  array<int, 1> a(n, ref);
  parallel_for_each(ref, a.extent, [&a, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    a[i] = -5;  // overwritten by the copy queued next
  });
  completion_future up = copy_async(in.begin(), in.end(), a);
  parallel_for_each(ref, a.extent, [&a](index<1> i) restrict(amp) { a[i] = a[i] * 2; });
  completion_future down = copy_async(a, out.begin());
  EXPECT_FALSE(up.is_ready());
  EXPECT_FALSE(down.is_ready());
  g.open = true;
  down.get();
  EXPECT_TRUE(up.is_ready());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 2 * i) << i;
}

TEST(QueueTest, WaitReturnsWhenEverythingSubmittedHasRun) {
  const accelerator_view ref = accelerator(accelerator::direct3d_ref).create_view();
  std::atomic<int> ran{0};
  for (int k = 0; k < 8; ++k)
    parallel_for_each(ref, extent<1>(64), [&ran](index<1>) restrict(amp) { ++ran; });
  ref.flush();
  ref.wait();
  EXPECT_EQ(ran.load(), 8 * 64);
  EXPECT_TRUE(ref.create_marker().is_ready()) << "nothing is left to wait for";
}

// REF's kernel reads REF's copy, made when it was launched: host writes after the launch are
// not in it, and the next launch copies them in after the first has run.
TEST(QueueTest, AQueuedKernelReadsTheDataAsItWasAtLaunch) {
  gate g;
  std::vector<int> src(n, 1), seen1(n, 0), seen2(n, 0);
  array_view<const int, 1> in(n, src);
  array_view<int, 1> first(n, seen1), second(n, seen2);
  parallel_for_each(ref_view(), in.extent, [=, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    first[i] = in[i];
  });
  std::thread opener = g.open_later();
  array_view<int, 1> writer(n, src);
  writer[7] = 42;  // the host's copy; REF's was made at the launch
  writer.synchronize();
  in.refresh();
  parallel_for_each(ref_view(), in.extent, [=](index<1> i) restrict(amp) { second[i] = in[i]; });
  first.synchronize();
  second.synchronize();
  opener.join();
  EXPECT_EQ(seen1[7], 1);
  EXPECT_EQ(seen2[7], 42);
  EXPECT_EQ(seen2[8], 1);
}

// Two accelerator_views of REF are two queues; a kernel on one that reads what a kernel on
// the other writes runs after it.
TEST(QueueTest, CommandsOnTwoViewsFollowTheBuffersTheyShare) {
  const accelerator_view producer = accelerator(accelerator::direct3d_ref).create_view();
  const accelerator_view consumer = accelerator(accelerator::direct3d_ref).create_view();
  gate g;
  std::vector<int> mid(n, 0), out(n, 0);
  array_view<int, 1> m(n, mid), o(n, out);
  parallel_for_each(producer, m.extent, [=, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    m[i] = i[0] + 1;
  });
  std::thread opener = g.open_later();
  parallel_for_each(consumer, m.extent, [=](index<1> i) restrict(amp) { o[i] = m[i] * 10; });
  o.synchronize();
  opener.join();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], (i + 1) * 10) << i;
}

// The program's last view over a container, destroyed while its kernel is queued, writes the
// results back once the kernel has run, before the destructor returns.
TEST(QueueTest, TheLastViewWaitsForItsKernelAndWritesBack) {
  gate g;
  std::vector<int> v(n, 2);
  {
    array_view<int, 1> av(n, v);
    parallel_for_each(ref_view(), av.extent, [=, &g](index<1> i) restrict(amp) {
      if (i[0] == 0) g.wait();
      av[i] += 5;
    });
    g.open = true;
  }
  for (int i = 0; i < n; ++i) ASSERT_EQ(v[i], 7) << i;
}

// An array on REF destroyed while a kernel that reaches it is queued waits for the kernel.
TEST(QueueTest, AnArrayOutlivesTheKernelsQueuedBeforeItsDestruction) {
  gate g;
  std::vector<int> out(n, 0);
  array_view<int, 1> result(n, out);
  {
    array<int, 1> a(n, ref_view());
    parallel_for_each(ref_view(), a.extent, [&a](index<1> i) restrict(amp) { a[i] = 9; });
    parallel_for_each(ref_view(), a.extent, [&a, &g, result](index<1> i) restrict(amp) {
      if (i[0] == 0) g.wait();
      result[i] = a[i];
    });
    g.open = true;
  }
  result.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 9) << i;
}

TEST(QueueTest, SynchronizeAsyncCompletesOnceTheKernelHasRun) {
  gate g;
  std::vector<int> v(n, 0);
  array_view<int, 1> av(n, v);
  parallel_for_each(ref_view(), av.extent, [=, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    av[i] = 4;
  });
  completion_future synced = av.synchronize_async();
  std::promise<int> after;
  synced.then([&] { after.set_value(v[n - 1]); });
  EXPECT_FALSE(synced.is_ready());
  g.open = true;
  EXPECT_EQ(after.get_future().get(), 4);
  synced.get();
  EXPECT_EQ(v[0], 4);
}

// copy_async() out of a view a queued kernel writes returns before the kernel has run; the
// copy is made once it has.
TEST(QueueTest, CopyAsyncOutOfAViewAKernelWritesReturnsBeforeTheKernelRuns) {
  gate g;
  std::atomic<int> opened_in_time{-1};
  std::vector<int> v(n, 0), out(n, -1), mirror(n, -1);
  array_view<int, 1> av(n, v), mirror_view(n, mirror);
  parallel_for_each(ref_view(), av.extent, [=, &g, &opened_in_time](index<1> i) restrict(amp) {
    if (i[0] == 0) opened_in_time = g.wait() ? 1 : 0;
    av[i] = 3 * i[0];
  });
  completion_future to_range = copy_async(av, out.begin());
  completion_future to_view = copy_async(av, mirror_view);
  EXPECT_FALSE(to_range.is_ready()) << "the kernel waits at the gate";
  EXPECT_FALSE(to_view.is_ready());
  g.open = true;
  to_range.get();
  to_view.get();
  EXPECT_EQ(opened_in_time.load(), 1) << "copy_async returned while the kernel it reads was queued";
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 3 * i) << i;
  for (int i = 0; i < n; ++i) ASSERT_EQ(mirror[i], 3 * i) << i;
  EXPECT_EQ(v[n - 1], 3 * (n - 1)) << "the copy brought the view's data home";
}

// A kernel launched after such a copy_async, overwriting the view, waits for the copy: the
// copy gets the first kernel's results, the view the second's.
TEST(QueueTest, AKernelLaunchedAfterCopyAsyncDoesNotOvertakeIt) {
  gate g;
  std::vector<int> v(n, 0), out(n, -1);
  array_view<int, 1> av(n, v);
  parallel_for_each(ref_view(), av.extent, [=, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    av[i] = 1;
  });
  completion_future copied = copy_async(av, out.begin());
  std::thread opener = g.open_later();
  parallel_for_each(ref_view(), av.extent, [=](index<1> i) restrict(amp) { av[i] = 2; });
  // A kernel on another view of REF, overwriting it without reading it, waits as well.
  av.discard_data();
  parallel_for_each(accelerator(accelerator::direct3d_ref).create_view(), av.extent,
                    [=](index<1> i) restrict(amp) { av[i] = 3; });
  copied.get();
  opener.join();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 1) << i;
  av.synchronize();
  EXPECT_EQ(v[0], 3);
  EXPECT_EQ(v[n - 1], 3);
}

// The exception of the kernel a copy_async waited for reaches the copy's future.
TEST(QueueTest, CopyAsyncOutOfAViewCarriesTheFailureOfItsKernel) {
  std::vector<int> v(n, 0), out(n, -1);
  array_view<int, 1> av(n, v);
  parallel_for_each(ref_view(), av.extent, [=](index<1> i) restrict(amp) {
    if (i[0] == n / 2) throw std::runtime_error("stop");
    av[i] = 9;
  });
  completion_future copied = copy_async(av, out.begin());
  EXPECT_THROW(copied.get(), std::runtime_error);
  EXPECT_NO_THROW(av.synchronize()) << "reported once";
}

// The program's last view over the source may go while the copy is pending: the container
// still gets the kernel's results when it goes, and the copy too.
TEST(QueueTest, TheLastViewMayGoWhileACopyAsyncOutOfItIsPending) {
  gate g;
  std::vector<int> v(n, 0), out(n, -1);
  completion_future copied;
  std::thread opener = g.open_later();
  {
    array_view<int, 1> av(n, v);
    parallel_for_each(ref_view(), av.extent, [=, &g](index<1> i) restrict(amp) {
      if (i[0] == 0) g.wait();
      av[i] = 5;
    });
    copied = copy_async(av, out.begin());
  }
  for (int i = 0; i < n; ++i) ASSERT_EQ(v[i], 5) << i;
  copied.get();
  opener.join();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 5) << i;
}

// copy_async() into an array on REF from a view that a kernel queued there writes is made in
// REF's memory by the queue, after the kernel: it returns before the kernel has run, and the
// view's data never comes home for it.
TEST(QueueTest, CopyAsyncIntoAnArrayFromAViewItsQueueWritesReturnsBeforeTheKernelRuns) {
  gate g;
  std::atomic<int> opened_in_time{-1};
  std::vector<int> v(n, 0), out(n, -1);
  array_view<int, 1> av(n, v);
  array<int, 1> target(n, ref_view());
  parallel_for_each(ref_view(), av.extent, [=, &g, &opened_in_time](index<1> i) restrict(amp) {
    if (i[0] == 0) opened_in_time = g.wait() ? 1 : 0;
    av[i] = 4 * i[0];
  });
  completion_future copied = copy_async(av, target);
  EXPECT_FALSE(copied.is_ready()) << "the kernel waits at the gate";
  g.open = true;
  copied.get();
  EXPECT_EQ(opened_in_time.load(), 1) << "copy_async returned while the kernel it reads was queued";
  copy(target, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 4 * i) << i;
  EXPECT_EQ(v[1], 0) << "the view's data stayed in REF's memory";
}

// copy_async() into an array on one view of REF from an array or view that a kernel queued on
// another view writes is queued on the destination's view, which waits there for that kernel:
// the call returns before the kernel has run, and the copy gets its results.
TEST(QueueTest, CopyAsyncFromAnotherViewsKernelReturnsBeforeTheKernelRuns) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view writer = ref.create_view(), reader = ref.create_view();
  gate g;
  std::atomic<int> opened_in_time{-1};
  std::vector<int> v(n, 0), out(n, -1);
  array<int, 1> a(n, writer), from_array(n, reader), from_view(n, reader);
  array_view<int, 1> av(n, v);
  parallel_for_each(writer, a.extent, [=, &a, &g, &opened_in_time](index<1> i) restrict(amp) {
    if (i[0] == 0) opened_in_time = g.wait() ? 1 : 0;
    a[i] = 7 * i[0];
    av[i] = 5 * i[0];
  });
  completion_future array_copied = copy_async(a, from_array);
  completion_future view_copied = copy_async(av, from_view);
  EXPECT_FALSE(array_copied.is_ready()) << "the kernel waits at the gate";
  EXPECT_FALSE(view_copied.is_ready());
  g.open = true;
  array_copied.get();
  view_copied.get();
  EXPECT_EQ(opened_in_time.load(), 1) << "copy_async returned while the kernel it reads was queued";
  copy(from_array, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 7 * i) << i;
  copy(from_view, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 5 * i) << i;
  EXPECT_EQ(v[1], 0) << "the view's data stayed in REF's memory";
}

// Such a copy keeps its place: a kernel of the source's view that overwrites the source after
// it waits for it, and a kernel of the destination's view launched after it reads what it copied.
TEST(QueueTest, CopyAsyncFromAnotherViewsKernelKeepsItsPlaceInBothOrders) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view writer = ref.create_view(), reader = ref.create_view();
  gate g;
  std::vector<int> v(n, 0), out(n, -1);
  array_view<int, 1> av(n, v);
  array<int, 1> target(n, reader);
  parallel_for_each(writer, av.extent, [=, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    av[i] = 1;
  });
  completion_future copied = copy_async(av, target);
  std::thread opener = g.open_later();
  parallel_for_each(reader, target.extent, [&target](index<1> i) restrict(amp) { target[i] += 10; });
  parallel_for_each(writer, av.extent, [=](index<1> i) restrict(amp) { av[i] = 2; });
  copied.get();
  opener.join();
  copy(target, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 11) << i;
  av.synchronize();
  EXPECT_EQ(v[n - 1], 2);
}

// A kernel on one view of REF that reads what a kernel queued on another view writes is queued
// at once too: it waits for that kernel on its own queue, and reads its results.
TEST(QueueTest, ALaunchReadingAnotherViewsResultsReturnsBeforeTheirKernelRuns) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view writer = ref.create_view(), reader = ref.create_view();
  gate g;
  std::atomic<int> opened_in_time{-1};
  std::vector<int> v(n, 0), w(n, -1);
  array_view<int, 1> av(n, v), result(n, w);
  parallel_for_each(writer, av.extent, [=, &g, &opened_in_time](index<1> i) restrict(amp) {
    if (i[0] == 0) opened_in_time = g.wait() ? 1 : 0;
    av[i] = 2 * i[0];
  });
  const array_view<const int, 1> in(av);
  parallel_for_each(reader, av.extent, [=](index<1> i) restrict(amp) { result[i] = in[i] + 1; });
  const completion_future read = reader.create_marker();
  EXPECT_FALSE(read.is_ready()) << "the first kernel waits at the gate";
  g.open = true;
  read.wait();
  EXPECT_EQ(opened_in_time.load(), 1) << "parallel_for_each waited for another view's kernel";
  result.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(w[i], 2 * i + 1) << i;
}

// Copies crossing between two views, each from data the other's queue writes, wait for each
// other in submission order, without deadlock.
TEST(QueueTest, CopyAsyncsCrossingBetweenTwoViewsRunInSubmissionOrder) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view first = ref.create_view(), second = ref.create_view();
  gate g;
  std::vector<int> out(n, -1);
  array<int, 1> a(n, first), b(n, second);
  parallel_for_each(first, a.extent, [&a, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    a[i] = 3 * i[0];
  });
  parallel_for_each(second, b.extent, [&b](index<1> i) restrict(amp) { b[i] = -1; });
  completion_future into_b = copy_async(a, b);
  completion_future into_a = copy_async(b, a);
  EXPECT_FALSE(into_a.is_ready()) << "the kernel waits at the gate";
  g.open = true;
  into_b.get();
  into_a.get();
  copy(a, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 3 * i) << i;
}

// The failure of the kernel such a copy waited for is the copy's: its future throws it, and
// its own queue reports it once more.
TEST(QueueTest, CopyAsyncFromAnotherViewsKernelCarriesItsFailure) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view writer = ref.create_view(), reader = ref.create_view();
  std::vector<int> v(n, 0);
  array_view<int, 1> av(n, v);
  array<int, 1> target(n, reader);
  parallel_for_each(writer, av.extent, [=](index<1> i) restrict(amp) {
    if (i[0] == n / 2) throw std::runtime_error("stop");
    av[i] = 9;
  });
  completion_future copied = copy_async(av, target);
  EXPECT_THROW(copied.get(), std::runtime_error);
  EXPECT_THROW(reader.wait(), std::runtime_error);
  EXPECT_NO_THROW(writer.wait()) << "reported by the copy";
  EXPECT_NO_THROW(av.synchronize());
}

TEST(QueueTest, AFailedCopyReportsThroughItsFuture) {
  std::vector<int> in(n, 1);
  array<int, 1> a(n, ref_view());
  EXPECT_THROW(copy_async(in.begin(), in.begin() + 10, a), runtime_exception) << "a wrong size is refused at once";
  // A forward range is counted while it is copied: the copy fails on the queue.
  std::list<int> short_list(10, 1);
  completion_future f = copy_async(short_list.begin(), short_list.end(), a);
  EXPECT_THROW(f.get(), runtime_exception);
  EXPECT_THROW(ref_view().wait(), runtime_exception) << "the view reports it too, once";
  EXPECT_NO_THROW(ref_view().wait());
}

TEST(QueueTest, TheCpuEngineCompletesEachCommandBeforeItReturns) {
  // WARP runs on the multicore engine, whatever CPPAMP_DEFAULT_ACCELERATOR says.
  const accelerator_view engine = accelerator(accelerator::direct3d_warp).default_view;
  std::vector<int> v(n, 1);
  array_view<int, 1> av(n, v);
  parallel_for_each(engine, av.extent, [=](index<1> i) restrict(amp) { av[i] = 6; });
  EXPECT_EQ(v[n - 1], 6) << "shared memory, and no queue";
  array<int, 1> a(n, engine);
  completion_future f = copy_async(v.begin(), v.end(), a);
  EXPECT_TRUE(f.is_ready());
  EXPECT_TRUE(engine.create_marker().is_ready());
}

// Arrays and textures are reached by reference, which no capture records: launches find the
// ones on REF in their kernel objects (capture_recorder::find_arrays()), so that kernels using
// one on two views, or on REF and the CPU engine, keep their submission order.
TEST(QueueTest, AnArrayAKernelWritesIsReadOnAnotherViewAfterIt) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view writer = ref.create_view(), reader = ref.create_view();
  gate g;
  array<int, 1> a(n, writer);
  std::vector<int> w(n, -1);
  array_view<int, 1> result(n, w);
  parallel_for_each(writer, a.extent, [&a, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    a[i] = 2 * i[0];
  });
  parallel_for_each(reader, a.extent, [&a, result](index<1> i) restrict(amp) { result[i] = a[i] + 1; });
  const completion_future read = reader.create_marker();
  EXPECT_EQ(read.wait_for(std::chrono::milliseconds(100)), std::future_status::timeout) << "the reader waits";
  g.open = true;
  result.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(w[i], 2 * i + 1) << i;
}

TEST(QueueTest, AKernelWritingAnArrayWaitsForAnotherViewsKernelReadingIt) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view first = ref.create_view(), second = ref.create_view();
  gate g;
  std::vector<int> ones(n, 1), w(n, -1);
  array<int, 1> a(n, ones.begin(), first);
  array_view<int, 1> result(n, w);
  parallel_for_each(first, a.extent, [&a, &g, result](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    result[i] = a[i];
  });
  parallel_for_each(second, a.extent, [&a](index<1> i) restrict(amp) { a[i] = 2; });
  g.open = true;
  result.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(w[i], 1) << i;
  EXPECT_EQ(std::vector<int>(a)[n - 1], 2);
}

TEST(QueueTest, ACpuEngineKernelReadingAnArrayOnRefWaitsForTheKernelWritingIt) {
  const accelerator_view engine = accelerator(accelerator::direct3d_warp).default_view;
  gate g;
  array<int, 1> a(n, ref_view());
  std::vector<int> w(n, -1);
  array_view<int, 1> result(n, w);
  parallel_for_each(ref_view(), a.extent, [&a, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    a[i] = 3 * i[0];
  });
  std::thread opener = g.open_later();
  parallel_for_each(engine, a.extent, [&a, result](index<1> i) restrict(amp) { result[i] = a[i]; });
  opener.join();
  for (int i = 0; i < n; ++i) ASSERT_EQ(w[i], 3 * i) << i;
}

TEST(QueueTest, ATextureAKernelWritesIsReadOnAnotherViewAfterIt) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view writer = ref.create_view(), reader = ref.create_view();
  gate g;
  graphics::texture<int, 1> t(n, writer);
  std::vector<int> w(n, -1);
  array_view<int, 1> result(n, w);
  parallel_for_each(writer, t.extent, [&t, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    t.set(i, 5 * i[0]);
  });
  parallel_for_each(reader, t.extent, [&t, result](index<1> i) restrict(amp) { result[i] = t[i]; });
  const completion_future read = reader.create_marker();
  EXPECT_EQ(read.wait_for(std::chrono::milliseconds(100)), std::future_status::timeout) << "the reader waits";
  g.open = true;
  result.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(w[i], 5 * i) << i;
}

// A REF kernel reaching an array in host memory runs before parallel_for_each returns: host
// access to such an array waits for nothing, and the kernel's writes must be there for it.
TEST(QueueTest, ARefKernelReachingAnArrayInHostMemoryHasRunWhenParallelForEachReturns) {
  const accelerator_view engine = accelerator(accelerator::direct3d_warp).default_view;
  gate g;
  const std::vector<int> minus_ones(n, -1);
  array<int, 1> a(n, minus_ones.begin(), engine);
  std::thread opener = g.open_later();
  parallel_for_each(ref_view(), a.extent, [&a, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    a[i] = 4 * i[0];
  });
  const std::vector<int> out = a;
  opener.join();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 4 * i) << i;
}

// Textures too, and such a kernel still reads what the kernels queued before it wrote.
TEST(QueueTest, ARefKernelReachingATextureInHostMemoryReadsWhatItsQueueWroteFirst) {
  const accelerator_view engine = accelerator(accelerator::direct3d_warp).default_view;
  gate g;
  std::vector<int> w(n, -1);
  array_view<int, 1> first(n, w);
  parallel_for_each(ref_view(), first.extent, [first, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    first[i] = i[0];
  });
  std::thread opener = g.open_later();
  const std::vector<int> minus_ones(n, -1);
  graphics::texture<int, 1> t(n, minus_ones.begin(), minus_ones.end(), engine);
  parallel_for_each(ref_view(), t.extent, [&t, first](index<1> i) restrict(amp) { t.set(i, first[i] + 1); });
  std::vector<int> out(n);
  copy(t, out.data(), static_cast<unsigned>(n * sizeof(int)));
  opener.join();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], i + 1) << i;
}

// Launches find arrays by address (array_images.hpp), so a word of the kernel object that is
// no reference can look like one. Such an array orders the launch, but the launch's failure
// is not the array's to report.
TEST(QueueTest, AnArrayAKernelOnlySeemsToReachIsNotHandedItsFailure) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view home = ref.create_view(), failing = ref.create_view();
  array<int, 1> a(n, home);
  const std::uintptr_t lookalike = reinterpret_cast<std::uintptr_t>(&a);
  parallel_for_each(failing, extent<1>(8), [lookalike](index<1>) restrict(amp) {
    if (lookalike != 0) throw std::runtime_error("the kernel failed");
  });
  failing.create_marker().wait();
  std::vector<int> out(n);
  EXPECT_NO_THROW(copy(array_view<const int, 1>(a), out.begin())) << "the array is not the failed kernel's";
  EXPECT_THROW(failing.wait(), std::runtime_error) << "its own view reports it";
}

// C++ AMP's automatic selection: a launch without a view runs on the view of the arrays its
// kernel captures, here a REF view that is neither the default nor the default's view. Its
// launch is queued there: that view's marker waits for it.
TEST(QueueTest, ALaunchWithoutAViewRunsOnTheViewOfTheArraysItCaptures) {
  const accelerator_view home = accelerator(accelerator::direct3d_ref).create_view();
  gate g;
  const std::vector<int> ones(n, 1);
  array<int, 1> a(n, ones.begin(), home);
  parallel_for_each(a.extent, [&a, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    a[i] += i[0];
  });
  const completion_future done = home.create_marker();
  EXPECT_FALSE(done.is_ready()) << "the kernel waits at the gate, on the array's view";
  g.open = true;
  done.wait();
  const std::vector<int> out = a;
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 1 + i) << i;
}

// A view of such an array selects the array's view too, and so does a launch on
// accelerator::get_auto_selection_view().
TEST(QueueTest, AViewOfAnArrayAndTheAutoSelectionViewSelectTheArraysView) {
  const accelerator_view home = accelerator(accelerator::direct3d_ref).create_view();
  const accelerator_view automatic = accelerator::get_auto_selection_view();
  EXPECT_TRUE(automatic.is_auto_selection);
  EXPECT_EQ(automatic, accelerator::get_auto_selection_view());
  const std::vector<int> zeros(n, 0);
  array<int, 1> a(n, zeros.begin(), home);
  const array_view<int, 1> v(a);
  for (int round = 0; round < 2; ++round) {
    gate g;
    const auto kernel = [v, &g](index<1> i) restrict(amp) {
      if (i[0] == 0) g.wait();
      v[i] += 1;
    };
    if (round == 0) {
      parallel_for_each(v.extent, kernel);
    } else {
      parallel_for_each(automatic, v.extent, kernel);
    }
    const completion_future done = home.create_marker();
    EXPECT_FALSE(done.is_ready()) << "round " << round << ": the kernel waits at the gate, on the array's view";
    g.open = true;
    done.wait();
  }
  const std::vector<int> out = a;
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 2) << i;
}

// Arrays of two views name no one view: C++ AMP forbids that, Ample runs the kernel on
// the default view (arrays are found by address, and a lookalike must not fail a launch),
// which reaches both.
TEST(QueueTest, ALaunchWithoutAViewCapturingArraysOfTwoViewsRunsOnTheDefaultView) {
  const accelerator ref(accelerator::direct3d_ref);
  const accelerator_view first = ref.create_view(), second = ref.create_view();
  const std::vector<int> ones(n, 1);
  array<int, 1> a(n, ones.begin(), first), b(n, ones.begin(), second);
  gate g;
  std::thread opener = g.open_later();
  parallel_for_each(a.extent, [&a, &b, &g](index<1> i) restrict(amp) {
    if (i[0] == 0) g.wait();
    a[i] += b[i] + i[0];
  });
  EXPECT_TRUE(first.create_marker().is_ready()) << "nothing was queued on the first array's view";
  EXPECT_TRUE(second.create_marker().is_ready()) << "nor on the second's";
  const std::vector<int> out = a;
  opener.join();
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 2 + i) << i;
}

}  // namespace
