// The helpers of ample/mpi.hpp on whole views, arrays and sections: values arrive where they
// belong, and the elements around a section stay as they were.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

#include "ring.hpp"

using namespace concurrency;
using mpi_test::next;
using mpi_test::previous;
using mpi_test::rank;
using mpi_test::ranks;

namespace {

/// value() is what rank r puts at element i: distinct for every rank and element.
int value(int r, int i) { return r * 1000 + i; }

std::vector<int> values_of(int r, int count) {
  std::vector<int> v(count);
  for (int i = 0; i < count; ++i) v[i] = value(r, i);
  return v;
}

}  // namespace

TEST(MpiHelpers, WholeViewGoesAroundTheRing) {
  std::vector<int> mine = values_of(rank(), 24), theirs(24, -1);
  array_view<int, 2> out(4, 6, mine), in(4, 6, theirs);
  ample::mpi::request sent = ample::mpi::isend(out, next());
  ample::mpi::recv(in, previous());
  sent.wait();
  EXPECT_EQ(theirs, values_of(previous(), 24));
}

TEST(MpiHelpers, ArraysAreSentAndReceived) {
  std::vector<int> start = values_of(rank(), 10);
  array<int, 1> out(10, start.begin()), in(10);
  ample::mpi::request sent = ample::mpi::isend(out, next());
  ample::mpi::recv(in, previous());
  sent.wait();
  EXPECT_EQ(std::vector<int>(in), values_of(previous(), 10));
}

TEST(MpiHelpers, RowSectionIsContiguousAndArrivesInPlace) {
  // Rows 2 and 3 of a 6 x 8 view go into rows 1 and 2 of another.
  std::vector<int> mine = values_of(rank(), 48), theirs(48, -1);
  array_view<int, 2> out(6, 8, mine), in(6, 8, theirs);
  EXPECT_TRUE(ample::mpi::view_buffer(out.section(2, 0, 2, 8)).contiguous());
  ample::mpi::request sent = ample::mpi::isend(out.section(2, 0, 2, 8), next());
  ample::mpi::recv(in.section(1, 0, 2, 8), previous());
  sent.wait();
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 8; ++c)
      EXPECT_EQ(theirs[r * 8 + c], r == 1 || r == 2 ? value(previous(), (r + 1) * 8 + c) : -1) << r << "," << c;
}

TEST(MpiHelpers, StridedSectionsTravelWithoutCopies) {
  // A 4 x 3 block at (1, 2) of a 6 x 8 view goes into a 4 x 3 block at (2, 5) of another.
  std::vector<int> mine = values_of(rank(), 48), theirs(48, -1);
  array_view<int, 2> out(6, 8, mine), in(6, 8, theirs);
  const ample::mpi::view_buffer strided(out.section(1, 2, 4, 3));
  EXPECT_FALSE(strided.contiguous());
  EXPECT_EQ(strided.count(), 1);  // one derived-datatype item: MPI walks the strides itself
  EXPECT_EQ(strided.elements(), 12);
  ample::mpi::request sent = ample::mpi::isend(out.section(1, 2, 4, 3), next());
  ample::mpi::recv(in.section(2, 5, 4, 3), previous());
  sent.wait();
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 8; ++c) {
      const bool inside = r >= 2 && c >= 5;
      EXPECT_EQ(theirs[r * 8 + c], inside ? value(previous(), (r - 1) * 8 + (c - 3)) : -1) << r << "," << c;
    }
}

TEST(MpiHelpers, StridedSectionIntoDenseViewAndBack) {
  std::vector<int> mine = values_of(rank(), 3 * 4 * 5), dense(2 * 2 * 3, -1);
  array_view<int, 3> out(3, 4, 5, mine);
  array_view<int, 3> in(2, 2, 3, dense);
  ample::mpi::request sent = ample::mpi::isend(out.section(concurrency::index<3>(1, 1, 1), extent<3>(2, 2, 3)), next());
  ample::mpi::recv(in, previous());
  sent.wait();
  int k = 0;
  for (int a = 1; a < 3; ++a)
    for (int b = 1; b < 3; ++b)
      for (int c = 1; c < 4; ++c) EXPECT_EQ(dense[k++], value(previous(), (a * 4 + b) * 5 + c));
}

TEST(MpiHelpers, ContiguityIgnoresDimensionsOfOneIndex) {
  std::vector<int> v(6 * 8);
  array_view<int, 2> view(6, 8, v);
  EXPECT_TRUE(ample::mpi::view_buffer(view).contiguous());
  EXPECT_TRUE(ample::mpi::view_buffer(view.section(3, 2, 1, 5)).contiguous());  // part of one row
  EXPECT_FALSE(ample::mpi::view_buffer(view.section(0, 0, 6, 7)).contiguous());
}

TEST(MpiHelpers, BroadcastFromTheLastRank) {
  const int root = ranks() - 1;
  std::vector<int> v = values_of(rank(), 12);
  array_view<int, 2> view(3, 4, v);
  ample::mpi::broadcast(view, root);
  EXPECT_EQ(v, values_of(root, 12));
}

TEST(MpiHelpers, BroadcastStridedSectionOnRootIntoDenseViews) {
  // As SUMMA does: the root sends columns of its block, the others receive a dense panel.
  std::vector<int> block = values_of(rank(), 4 * 6), panel(4 * 2, -1);
  array_view<int, 2> block_view(4, 6, block), panel_view(4, 2, panel);
  if (rank() == 0)
    ample::mpi::broadcast(block_view.section(0, 3, 4, 2), 0);
  else
    ample::mpi::broadcast(panel_view, 0);
  if (rank() != 0) {
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 2; ++c) EXPECT_EQ(panel[r * 2 + c], value(0, r * 6 + 3 + c));
  }
}

TEST(MpiHelpers, AllreduceSumsEveryElement) {
  std::vector<int> v = values_of(rank(), 6);
  array_view<int, 2> view(2, 3, v);
  ample::mpi::allreduce(view, MPI_SUM);
  const int rank_sum = ranks() * (ranks() - 1) / 2;
  for (int i = 0; i < 6; ++i) EXPECT_EQ(v[i], rank_sum * 1000 + ranks() * i);
}

TEST(MpiHelpers, AllreduceOfRowSectionLeavesOtherRows) {
  std::vector<double> v(3 * 4, 1.0);
  array_view<double, 2> view(3, 4, v);
  ample::mpi::allreduce(view.section(1, 0, 1, 4), MPI_SUM);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(v[i], i / 4 == 1 ? ranks() : 1.0) << i;
}

TEST(MpiHelpers, AllreduceOfAScalar) {
  EXPECT_EQ(ample::mpi::allreduce(rank(), MPI_MAX), ranks() - 1);
  EXPECT_DOUBLE_EQ(ample::mpi::allreduce(0.5, MPI_SUM), 0.5 * ranks());
}

TEST(MpiHelpers, ProcNullPeersSendAndReceiveNothing) {
  std::vector<int> v(4, 7);
  array_view<int, 1> view(4, v);
  ample::mpi::send(view, MPI_PROC_NULL);
  ample::mpi::recv(view, MPI_PROC_NULL);
  ample::mpi::request r = ample::mpi::irecv(view, MPI_PROC_NULL);
  r.wait();
  EXPECT_EQ(v, std::vector<int>(4, 7));
}
