// The data model (docs/design/data-model.md): array_view as a cache of its data source, seen
// on REF, whose memory is its own, and on the default CPU device, which shares the host's.
// REF's transfer counters prove that each documented pattern moves no more than it must.
#include <numeric>
#include <thread>
#include <vector>

#include "common/test_support.hpp"

namespace {
AMPLE_TEST_USING_AMP;

constexpr int n = 1024;
constexpr std::uint64_t view_bytes = n * sizeof(int);

accelerator_view ref_view() { return accelerator(accelerator::direct3d_ref).default_view; }

/// transfers counts REF's copies from its construction on: in and out of REF's memory, and
/// within it.
struct transfers {
  ample::detail::transfer_counters::totals start = now();
  static ample::detail::transfer_counters::totals now() {
    return ample::detail::find_device(accelerator::direct3d_ref)->transfers.load();
  }
  std::uint64_t bytes_in() const { return now().bytes_in - start.bytes_in; }
  std::uint64_t bytes_out() const { return now().bytes_out - start.bytes_out; }
  std::uint64_t bytes_within() const { return now().bytes_within - start.bytes_within; }
  std::uint64_t copies_within() const { return now().copies_within - start.copies_within; }
};

void add_one(const accelerator_view& where, const array_view<int, 1>& v) {
  parallel_for_each(where, v.extent, [=](index<1> i) restrict(amp) { v[i] += 1; });
}

TEST(DataModelTest, KernelWritesReachTheContainerOnlyAtSynchronize) {
  std::vector<int> v(n, 7);
  array_view<int, 1> av(n, v);
  add_one(ref_view(), av);
  EXPECT_EQ(v[0], 7) << "REF wrote its own copy";
  EXPECT_EQ(v[n - 1], 7);
  av.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(v[i], 8) << i;
}

TEST(DataModelTest, DefaultDeviceWritesTheContainerInPlace) {
  std::vector<int> v(n, 7);
  array_view<int, 1> av(n, v);
  transfers t;
  add_one(accelerator().default_view, av);
  EXPECT_EQ(v[0], 8) << "the CPU engine shares the host's memory: nothing to synchronize";
  EXPECT_EQ(t.bytes_in() + t.bytes_out(), 0u);
}

TEST(DataModelTest, HostAccessThroughTheViewSynchronizes) {
  std::vector<int> v(n, 1);
  array_view<int, 1> av(n, v);
  add_one(ref_view(), av);
  transfers t;
  EXPECT_EQ(av[5], 2);
  EXPECT_EQ(t.bytes_out(), view_bytes) << "the whole view comes back once";
  EXPECT_EQ(av(n - 1), 2);
  EXPECT_EQ(av.data()[3], 2);
  EXPECT_EQ(t.bytes_out(), view_bytes);
  EXPECT_EQ(v[100], 2) << "a view over a container has the container as its host copy";
}

TEST(DataModelTest, DiscardedViewIsNotCopiedIn) {
  std::vector<int> v(n, 3);
  array_view<int, 1> av(n, v);
  av.discard_data();
  transfers t;
  parallel_for_each(ref_view(), av.extent, [=](index<1> i) restrict(amp) { av[i] = i[0]; });
  EXPECT_EQ(t.bytes_in(), 0u);
  av.synchronize();
  EXPECT_EQ(t.bytes_out(), view_bytes);
  for (int i = 0; i < n; ++i) ASSERT_EQ(v[i], i);
}

TEST(DataModelTest, ReadOnlyViewIsNotCopiedBack) {
  std::vector<int> in(n), out(n);
  std::iota(in.begin(), in.end(), 0);
  transfers t;
  {
    array_view<const int, 1> source(n, in);
    array_view<int, 1> target(n, out);
    target.discard_data();
    parallel_for_each(ref_view(), target.extent, [=](index<1> i) restrict(amp) { target[i] = 2 * source[i]; });
    EXPECT_EQ(t.bytes_in(), view_bytes) << "the source in, nothing of the discarded target";
  }
  EXPECT_EQ(t.bytes_out(), view_bytes) << "the target back when its last view went; the source never";
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 2 * i);
}

TEST(DataModelTest, RepeatedLaunchesOnACurrentViewCopyNothing) {
  std::vector<int> v(n, 0);
  array_view<int, 1> av(n, v);
  transfers t;
  add_one(ref_view(), av);
  EXPECT_EQ(t.bytes_in(), view_bytes);
  for (int k = 0; k < 9; ++k) add_one(ref_view(), av);
  EXPECT_EQ(t.bytes_in(), view_bytes);
  EXPECT_EQ(t.bytes_out(), 0u);
  av.synchronize();
  av.synchronize();
  EXPECT_EQ(t.bytes_out(), view_bytes) << "a second synchronize has nothing to move";
  for (int i = 0; i < n; ++i) ASSERT_EQ(v[i], 10);
}

TEST(DataModelTest, SynchronizeMovesOnlyTheSectionsWritten) {
  std::vector<int> v(n, 0);
  array_view<int, 1> av(n, v);
  add_one(ref_view(), av.section(0, n / 4));
  transfers t;
  av.synchronize();
  EXPECT_EQ(t.bytes_out(), view_bytes / 4);
  EXPECT_EQ(v[0], 1);
  EXPECT_EQ(v[n / 4], 0);
}

// Two views made separately over one vector, each writing half of it on REF: neither one's
// write-back may carry stale bytes over the other's results, in either order.
TEST(DataModelTest, DisjointSectionsThroughTwoViewsKeepBothResults) {
  for (const bool first_a : {true, false}) {
    std::vector<int> v(2 * n, 0);
    array_view<int, 1> a(2 * n, v);
    array_view<int, 1> b(2 * n, v);
    const array_view<int, 1> low = a.section(0, n), high = b.section(n, n);
    parallel_for_each(ref_view(), low.extent, [=](index<1> i) restrict(amp) { low[i] = 1; });
    parallel_for_each(ref_view(), high.extent, [=](index<1> i) restrict(amp) { high[i] = 2; });
    if (first_a) {
      a.synchronize();
      b.synchronize();
    } else {
      b.synchronize();
      a.synchronize();
    }
    for (int i = 0; i < 2 * n; ++i) ASSERT_EQ(v[i], i < n ? 1 : 2) << i << (first_a ? " a first" : " b first");
  }
}

// Rows of a 2-D view: sections narrower than the rows leave the bytes between them alone.
TEST(DataModelTest, ColumnSectionsOfOneViewKeepBothResults) {
  std::vector<int> v(64 * 64, 0);
  array_view<int, 2> av(64, 64, v);
  const array_view<int, 2> left = av.section(0, 0, 64, 32), right = av.section(0, 32, 64, 32);
  parallel_for_each(ref_view(), left.extent, [=](index<2> i) restrict(amp) { left[i] = 1; });
  parallel_for_each(accelerator().default_view, right.extent, [=](index<2> i) restrict(amp) { right[i] = 2; });
  av.synchronize();
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 64; ++c) ASSERT_EQ(v[r * 64 + c], c < 32 ? 1 : 2) << r << ", " << c;
}

TEST(DataModelTest, RefreshAfterHostWrites) {
  std::vector<int> v(n, 0);
  array_view<int, 1> av(n, v);
  add_one(ref_view(), av);
  av.synchronize();
  for (int& x : v) x = 100;  // behind the view's back
  add_one(ref_view(), av);
  av.synchronize();
  EXPECT_EQ(v[0], 2) << "REF kept its copy: the host's write needs refresh(), as C++ AMP says";
  for (int& x : v) x = 100;
  av.refresh();
  transfers t;
  add_one(ref_view(), av);
  EXPECT_EQ(t.bytes_in(), view_bytes);
  av.synchronize();
  EXPECT_EQ(v[0], 101);
}

TEST(DataModelTest, LastViewDestroyedWithoutSynchronizeWritesBack) {
  std::vector<int> v(n, 5);
  {
    array_view<int, 1> av(n, v);
    array_view<int, 1> copy = av;
    add_one(ref_view(), copy);
  }
  for (int i = 0; i < n; ++i) ASSERT_EQ(v[i], 6) << i;
}

// A view made later over the same memory sees what an earlier one wrote on REF, and the
// earlier one sees what the later one wrote.
TEST(DataModelTest, ViewsMadeSeparatelyOverOneVectorShareTheirData) {
  std::vector<int> v(n, 0);
  array_view<int, 1> first(n, v);
  add_one(ref_view(), first);
  array_view<int, 1> second(n, v);
  EXPECT_EQ(second[0], 1);
  add_one(ref_view(), second);
  EXPECT_EQ(first[0], 2);
}

TEST(DataModelTest, SynchronizeToCopiesAheadOfTheLaunch) {
  std::vector<int> v(n, 0);
  array_view<int, 1> av(n, v);
  transfers t;
  av.synchronize_to(ref_view());
  EXPECT_EQ(t.bytes_in(), view_bytes);
  add_one(ref_view(), av);
  EXPECT_EQ(t.bytes_in(), view_bytes) << "already current there";
  av.synchronize_async().get();
  EXPECT_EQ(v[0], 1);
}

TEST(DataModelTest, CopyOutOfAViewTakesTheDevicesData) {
  std::vector<int> v(n, 0), out(n, -1);
  array_view<int, 1> av(n, v);
  add_one(ref_view(), av);
  copy(av, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 1);
}

TEST(DataModelTest, CopyIntoAViewMakesTheDevicesCopyStale) {
  std::vector<int> v(n, 0), fresh(n, 50);
  array_view<int, 1> av(n, v);
  add_one(ref_view(), av);
  transfers t;
  copy(fresh.begin(), fresh.end(), av);
  EXPECT_EQ(t.bytes_out(), 0u) << "overwritten whole: nothing to bring back first";
  add_one(ref_view(), av);
  av.synchronize();
  EXPECT_EQ(v[0], 51);
}

// An iterative kernel's copy of its next state over its current one, both on REF, is made
// in REF's memory: nothing comes home for it, and the next launch finds the state there.
TEST(DataModelTest, CopyBetweenViewsCurrentOnTheDeviceStaysThere) {
  std::vector<int> next_data(n, 1), current_data(n, 0);
  array_view<int, 1> next(n, next_data), current(n, current_data);
  add_one(ref_view(), next);
  add_one(ref_view(), current);
  transfers t;
  copy(next, current);
  EXPECT_EQ(t.bytes_in() + t.bytes_out(), 0u) << "made within REF's memory";
  EXPECT_EQ(t.bytes_within(), view_bytes);
  EXPECT_EQ(t.copies_within(), 1u) << "a whole view is one piece";
  EXPECT_EQ(current_data[0], 0) << "the host copy is stale until synchronize()";
  add_one(ref_view(), current);
  EXPECT_EQ(t.bytes_in(), 0u) << "the launch found the copy current on REF";
  current.synchronize();
  next.synchronize();
  for (int i = 0; i < n; ++i) ASSERT_EQ(current_data[i], 3) << i;
  for (int i = 0; i < n; ++i) ASSERT_EQ(next_data[i], 2) << i;
}

// Sections copy row by row within REF's memory, and nothing outside them changes.
TEST(DataModelTest, CopyBetweenSectionsOnTheDeviceMovesTheirRowsOnly) {
  constexpr int side = 64;
  std::vector<int> from_data(side * side), to_data(side * side, -1);
  std::iota(from_data.begin(), from_data.end(), 0);
  array_view<int, 2> from(side, side, from_data), to(side, side, to_data);
  const auto touch = [](const array_view<int, 2>& v) {
    parallel_for_each(ref_view(), v.extent, [=](index<2> i) restrict(amp) { v[i] += 0; });
  };
  touch(from);
  touch(to);
  transfers t;
  copy(from.section(index<2>(8, 16), extent<2>(16, 32)), to.section(index<2>(40, 0), extent<2>(16, 32)));
  EXPECT_EQ(t.bytes_in() + t.bytes_out(), 0u);
  EXPECT_EQ(t.bytes_within(), 16u * 32 * sizeof(int));
  EXPECT_EQ(t.copies_within(), 16u) << "one piece per row: the sections' rows are apart";
  to.synchronize();
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      const bool inside = r >= 40 && r < 56 && c < 32;
      ASSERT_EQ(to_data[r * side + c], inside ? (r - 32) * side + c + 16 : -1) << r << "," << c;
    }
}

// A view current on REF copied into arrays there, by copy() and by the arrays' constructors,
// stays in REF's memory.
TEST(DataModelTest, CopyIntoArraysOnTheDeviceStaysThere) {
  std::vector<int> data(n);
  std::iota(data.begin(), data.end(), 0);
  array_view<int, 1> v(n, data);
  add_one(ref_view(), v);
  array<int, 1> target(n, ref_view());
  transfers t;
  copy(v, target);
  array<int, 1> made_from_view(array_view<const int, 1>(v), ref_view());
  array<int, 1> made_from_array(target);
  EXPECT_EQ(t.bytes_in() + t.bytes_out(), 0u);
  EXPECT_EQ(t.bytes_within(), 3 * view_bytes);
  for (const array<int, 1>* a : {&target, &made_from_view, &made_from_array}) {
    std::vector<int> out(n, -1);
    copy(*a, out.begin());
    for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], i + 1) << i;
  }
}

// A destination that lives on the host and is not current on REF gets the elements there:
// made on REF, the copy would leave the host's container stale for a copy it asked for.
TEST(DataModelTest, CopyIntoAViewCurrentOnlyOnTheHostIsMadeThere) {
  std::vector<int> data(n, 5), out(n, 0);
  array_view<int, 1> v(n, data), target(n, out);
  add_one(ref_view(), v);
  transfers t;
  copy(v, target);
  EXPECT_EQ(t.bytes_within(), 0u);
  EXPECT_EQ(t.bytes_out(), view_bytes) << "the source came home for the copy";
  EXPECT_EQ(out[n - 1], 6);
}

TEST(DataModelTest, ArraysOnRefHaveNoCpuAccessByDefault) {
  array<int, 1> a(n, ref_view());
  EXPECT_EQ(a.get_cpu_access_type(), access_type_none);
  EXPECT_EQ(a.data(), nullptr);
  std::vector<int> in(n, 4), out(n);
  copy(in.begin(), in.end(), a);
  parallel_for_each(ref_view(), a.extent, [&a](index<1> i) restrict(amp) { a[i] *= 3; });
  copy(a, out.begin());
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], 12);
  array_view<int, 1> view(a);
  EXPECT_EQ(view[7], 12);
  EXPECT_EQ(view.get_source_accelerator_view(), ref_view());
}

// Host threads launching on REF over disjoint parts of one vector, each through views of its
// own: every result arrives.
TEST(DataModelTest, HostThreadsOverDisjointPartsOfOneVector) {
  constexpr int threads = 4;
  std::vector<int> v(threads * n, 0);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&v, t] {
      for (int round = 0; round < 20; ++round) {
        array_view<int, 1> all(threads * n, v);
        add_one(ref_view(), all.section(t * n, n));
      }
    });
  for (std::thread& w : workers) w.join();
  for (int i = 0; i < threads * n; ++i) ASSERT_EQ(v[i], 20) << i;
}

}  // namespace
