// What goes wrong becomes runtime_exception naming the call, the sizes and MPI's error
// string, and the communicator stays usable afterwards.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

#include "ring.hpp"

using namespace concurrency;

namespace {

/// exchange_works() checks that a well-formed exchange still succeeds after an error.
void exchange_works() {
  std::vector<int> mine(3, mpi_test::rank()), theirs(3, -1);
  ample::mpi::request sent = ample::mpi::isend(array_view<int, 1>(3, mine), mpi_test::next(), 50);
  ample::mpi::recv(array_view<int, 1>(3, theirs), mpi_test::previous(), 50);
  sent.wait();
  EXPECT_EQ(theirs, std::vector<int>(3, mpi_test::previous()));
}

/// contains() is whether `text` contains `part`, saying what it holds otherwise.
::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << part << "\" is not in \"" << text << "\"";
}

/// message_of() is the message of the runtime_exception that f throws ("" if none).
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const runtime_exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(MpiErrors, ReceiveIntoASmallerViewNamesBothSizes) {
  std::vector<int> mine(8, 1), theirs(4, -1);
  ample::mpi::request sent = ample::mpi::isend(array_view<int, 1>(8, mine), mpi_test::next(), 10);
  const std::string message =
      message_of([&] { ample::mpi::recv(array_view<int, 2>(2, 2, theirs), mpi_test::previous(), 10); });
  sent.wait();
  EXPECT_TRUE(contains(message, "MPI_Recv from rank " + std::to_string(mpi_test::previous()) + " (tag 10)"));
  EXPECT_TRUE(contains(message, "the message holds 8 elements, but the view of extent (2, 2) has 4"));
  EXPECT_EQ(theirs, std::vector<int>(4, -1));
  exchange_works();
}

TEST(MpiErrors, ReceiveIntoALargerViewNamesBothSizes) {
  std::vector<int> mine(4, 1), theirs(8, -1);
  ample::mpi::request sent = ample::mpi::isend(array_view<int, 1>(4, mine), mpi_test::next(), 11);
  const std::string message =
      message_of([&] { ample::mpi::recv(array_view<int, 1>(8, theirs), mpi_test::previous(), 11); });
  sent.wait();
  EXPECT_TRUE(contains(message, "the message holds 4 elements, but the view of extent (8) has 8"));
  exchange_works();
}

TEST(MpiErrors, NonBlockingReceiveOfALongerMessageIsTruncationError) {
  // recv() probes before receiving and catches this at any size; irecv() relies on MPI, and
  // Open MPI 4.1 truncates a message a rank sends to itself without reporting it.
  if (mpi_test::ranks() == 1) GTEST_SKIP() << "Open MPI does not report truncation of a message to the same rank";
  std::vector<int> mine(8, 1), theirs(4, -1);
  ample::mpi::request received = ample::mpi::irecv(array_view<int, 1>(4, theirs), mpi_test::previous(), 12);
  ample::mpi::request sent = ample::mpi::isend(array_view<int, 1>(8, mine), mpi_test::next(), 12);
  const std::string message = message_of([&] { received.wait(); });
  sent.wait();
  EXPECT_TRUE(contains(message, "MPI_Irecv from rank " + std::to_string(mpi_test::previous())));
  EXPECT_TRUE(contains(message, "view of extent (4)"));
  EXPECT_TRUE(contains(message, "MPI_ERR_TRUNCATE"));
  EXPECT_TRUE(contains(message, "(the message held 8 elements, the view has 4)"));
  exchange_works();
}

TEST(MpiErrors, NonBlockingReceiveOfAShorterMessageNamesBothSizes) {
  std::vector<float> mine(4, 1.0f), theirs(2 * 3, -1.0f);
  ample::mpi::request received = ample::mpi::irecv(array_view<float, 2>(2, 3, theirs), mpi_test::previous(), 13);
  ample::mpi::request sent = ample::mpi::isend(array_view<float, 1>(4, mine), mpi_test::next(), 13);
  const std::string message = message_of([&] { received.wait(); });
  sent.wait();
  EXPECT_TRUE(contains(message, "the message held 4 elements, but the view of extent (2, 3) has 6"));
  exchange_works();
}

TEST(MpiErrors, SendToARankThatDoesNotExist) {
  std::vector<int> v(2);
  const int missing = mpi_test::ranks() + 5;
  const std::string message = message_of([&] { ample::mpi::send(array_view<int, 1>(2, v), missing); });
  EXPECT_TRUE(contains(message, "MPI_Send to rank " + std::to_string(missing)));
  EXPECT_TRUE(contains(message, "MPI_ERR_RANK"));
}

TEST(MpiErrors, BroadcastOfViewsOfDifferentSizesFailsOnEveryRank) {
  if (mpi_test::ranks() == 1) GTEST_SKIP() << "needs two ranks";
  const int count = mpi_test::rank() == 0 ? 4 : 5;
  std::vector<int> v(count, 0);
  const std::string message = message_of([&] { ample::mpi::broadcast(array_view<int, 1>(count, v), 0); });
  EXPECT_TRUE(contains(message, "MPI_Bcast of a view of extent (" + std::to_string(count) + ")"));
  EXPECT_TRUE(contains(message, "between 4 and 5 elements"));
  exchange_works();
}

TEST(MpiErrors, AllreduceOfAStridedSectionIsRefused) {
  std::vector<int> v(4 * 4);
  array_view<int, 2> view(4, 4, v);
  const std::string message = message_of([&] { ample::mpi::allreduce(view.section(0, 0, 4, 2), MPI_SUM); });
  EXPECT_TRUE(contains(message, "MPI_Allreduce of a view of extent (4, 2)"));
  EXPECT_TRUE(contains(message, "strided section"));
}
