// array_view's coherence rules across a send: what a kernel wrote is what is sent, and a
// receive replaces whatever the view held before.
#include <gtest/gtest.h>

#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

#include "ring.hpp"

using namespace concurrency;

TEST(MpiCoherence, ViewWrittenByAKernelIsSentWithTheKernelsValues) {
  std::vector<int> host(6 * 16, -1), theirs(6 * 16, -1);
  array_view<int, 2> view(6, 16, host);
  const int r = mpi_test::rank();
  // No synchronize() here: send() does it.
  parallel_for_each(view.extent, [=](concurrency::index<2> i) restrict(amp) { view[i] = r * 10000 + i[0] * 100 + i[1]; });
  ample::mpi::request sent = ample::mpi::isend(view, mpi_test::next());
  ample::mpi::recv(array_view<int, 2>(6, 16, theirs), mpi_test::previous());
  sent.wait();
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 16; ++j) EXPECT_EQ(theirs[i * 16 + j], mpi_test::previous() * 10000 + i * 100 + j);
}

TEST(MpiCoherence, ArrayWrittenByATiledKernelIsSent) {
  array<float, 1> data(64);
  const float r = static_cast<float>(mpi_test::rank());
  parallel_for_each(data.extent.tile<16>(), [&data, r](tiled_index<16> t) restrict(amp) {
    tile_static float staged[16];
    staged[t.local[0]] = r + static_cast<float>(t.global[0]);
    t.barrier.wait();
    data[t.global] = staged[15 - t.local[0]];
  });
  std::vector<float> theirs(64, -1.0f);
  ample::mpi::request sent = ample::mpi::isend(data, mpi_test::next());
  ample::mpi::recv(array_view<float, 1>(64, theirs), mpi_test::previous());
  sent.wait();
  const float p = static_cast<float>(mpi_test::previous());
  for (int i = 0; i < 64; ++i) EXPECT_EQ(theirs[i], p + static_cast<float>((i / 16) * 16 + 15 - i % 16)) << i;
}

TEST(MpiCoherence, ReceiveReplacesTheViewsHostDataAndKernelsSeeIt) {
  std::vector<int> mine(32, mpi_test::rank()), theirs(32, 42);
  array_view<int, 1> in(32, theirs);
  // The view has been read on the "accelerator" before: its old contents are cached there.
  parallel_for_each(in.extent, [=](concurrency::index<1> i) restrict(amp) { in[i] += 1; });
  ample::mpi::request sent = ample::mpi::isend(array_view<int, 1>(32, mine), mpi_test::next());
  ample::mpi::recv(in, mpi_test::previous());
  sent.wait();
  std::vector<int> doubled(32);
  array_view<int, 1> out(32, doubled);
  parallel_for_each(out.extent, [=](concurrency::index<1> i) restrict(amp) { out[i] = 2 * in[i]; });
  out.synchronize();
  EXPECT_EQ(theirs, std::vector<int>(32, mpi_test::previous()));
  EXPECT_EQ(doubled, std::vector<int>(32, 2 * mpi_test::previous()));
}

TEST(MpiCoherence, BroadcastOfAKernelsResult) {
  array<int, 2> data(4, 4);
  const int r = mpi_test::rank();
  parallel_for_each(data.extent, [&data, r](concurrency::index<2> i) restrict(amp) { data[i] = r * 100 + i[0] * 4 + i[1]; });
  ample::mpi::broadcast(data, 0);
  std::vector<int> host = data;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(host[i], i);
}
