// Non-blocking sends and receives: requests complete through wait(), test(), wait_all() or
// their destructor, and are movable.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

#include "ring.hpp"

using namespace concurrency;

TEST(MpiRequest, ReceivePostedBeforeTheSend) {
  std::vector<double> mine(64, mpi_test::rank() + 0.5), theirs(64, -1.0);
  array_view<double, 1> out(64, mine), in(64, theirs);
  ample::mpi::request received = ample::mpi::irecv(in, mpi_test::previous(), 7);
  EXPECT_TRUE(received.pending());
  ample::mpi::request sent = ample::mpi::isend(out, mpi_test::next(), 7);
  while (!received.test()) {
  }
  EXPECT_FALSE(received.pending());
  sent.wait();
  EXPECT_EQ(theirs, std::vector<double>(64, mpi_test::previous() + 0.5));
}

TEST(MpiRequest, WaitAllCompletesEveryRequest) {
  // Both neighbours at once, the way a halo exchange does.
  std::vector<int> row(8, mpi_test::rank()), from_previous(8, -1), from_next(8, -1);
  array_view<int, 1> out(8, row), up(8, from_previous), down(8, from_next);
  std::vector<ample::mpi::request> requests;
  requests.push_back(ample::mpi::irecv(up, mpi_test::previous(), 1));
  requests.push_back(ample::mpi::irecv(down, mpi_test::next(), 2));
  requests.push_back(ample::mpi::isend(out, mpi_test::next(), 1));
  requests.push_back(ample::mpi::isend(out, mpi_test::previous(), 2));
  ample::mpi::wait_all(requests);
  for (const ample::mpi::request& r : requests) EXPECT_FALSE(r.pending());
  EXPECT_EQ(from_previous, std::vector<int>(8, mpi_test::previous()));
  EXPECT_EQ(from_next, std::vector<int>(8, mpi_test::next()));
}

TEST(MpiRequest, DestructorWaits) {
  std::vector<int> mine(16, mpi_test::rank()), theirs(16, -1);
  {
    array_view<int, 1> out(16, mine), in(16, theirs);
    ample::mpi::request received = ample::mpi::irecv(in, mpi_test::previous());
    ample::mpi::request sent = ample::mpi::isend(out, mpi_test::next());
  }
  EXPECT_EQ(theirs, std::vector<int>(16, mpi_test::previous()));
}

TEST(MpiRequest, MovedRequestIsWaitedForOnce) {
  std::vector<int> mine(4, mpi_test::rank()), theirs(4, -1);
  array_view<int, 1> out(4, mine), in(4, theirs);
  ample::mpi::request first = ample::mpi::irecv(in, mpi_test::previous());
  ample::mpi::request second = std::move(first);
  EXPECT_FALSE(first.pending());
  ample::mpi::request sent = ample::mpi::isend(out, mpi_test::next());
  second.wait();
  sent.wait();
  EXPECT_EQ(theirs, std::vector<int>(4, mpi_test::previous()));
}

TEST(MpiRequest, KeepsTheViewsStorageAlive) {
  // The only view of an implicitly allocated buffer is gone before the send completes.
  std::vector<int> theirs(32, -1);
  ample::mpi::request sent;
  {
    array_view<int, 1> owned(32);
    for (int i = 0; i < 32; ++i) owned[i] = mpi_test::rank() + i;
    sent = ample::mpi::isend(owned, mpi_test::next());
  }
  ample::mpi::recv(array_view<int, 1>(32, theirs), mpi_test::previous());
  sent.wait();
  for (int i = 0; i < 32; ++i) EXPECT_EQ(theirs[i], mpi_test::previous() + i);
}
