// What both distributed samples need besides their algorithm: arguments, gathering the
// result on rank 0, comparing it with the single-rank run, and the closing report.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

namespace mpi_sample {

/// arguments are the positional integers of the command line (defaults where absent) and
/// whether --no-check asks to skip the comparison with the single-rank run (for timing runs
/// at sizes where one rank would take long).
struct arguments {
  std::vector<int> values;
  bool check = true;

  arguments(int argc, char** argv, std::vector<int> defaults) : values(std::move(defaults)) {
    std::size_t next = 0;
    for (int i = 1; i < argc; ++i) {
      const std::string word = argv[i];
      if (word == "--no-check") {
        check = false;
      } else if (next < values.size()) {
        values[next++] = std::stoi(word);
      } else {
        throw concurrency::runtime_exception("unexpected argument '" + word + "'", concurrency::error_code::e_invalidarg);
      }
    }
  }
};

/// slowest_seconds() times f() on every rank and returns the slowest rank's time: the job's.
template <class F>
double slowest_seconds(MPI_Comm comm, F&& f) {
  MPI_Barrier(comm);
  const auto start = std::chrono::steady_clock::now();
  f();
  const double mine = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return ample::mpi::allreduce(mine, MPI_MAX, comm);
}

/// gather_blocks() collects every rank's `block` into `whole` (of shape `whole_shape`, filled on
/// rank 0 only): rank r's block lands in the section at origin_of(r), which for a 2-D process
/// grid is strided, and MPI unpacks it there in place.
template <class OriginOf>
void gather_blocks(const concurrency::array_view<float, 2>& block, std::vector<float>& whole,
                   const concurrency::extent<2>& whole_shape, OriginOf&& origin_of) {
  const int rank = ample::mpi::environment::rank(), ranks = ample::mpi::environment::size();
  if (rank != 0) {
    ample::mpi::send(block, 0, 99);
    return;
  }
  whole.assign(whole_shape.size(), 0.0f);
  concurrency::array_view<float, 2> whole_view(whole_shape, whole);
  block.copy_to(whole_view.section(origin_of(0), block.extent));
  for (int r = 1; r < ranks; ++r) ample::mpi::recv(whole_view.section(origin_of(r), block.extent), r, 99);
}

/// compare() prints the checksum and the largest difference between the distributed result and
/// the single-rank one, and returns whether they are identical (both runs add the same terms in
/// the same order, so they must be, to the bit).
inline bool compare(const std::vector<float>& distributed, const std::vector<float>& single) {
  double checksum = 0, largest_difference = 0;
  for (std::size_t i = 0; i < distributed.size(); ++i) {
    checksum += distributed[i];
    largest_difference = std::max(largest_difference, std::fabs(static_cast<double>(distributed[i]) - single[i]));
  }
  std::printf("checksum %.6f, largest difference from the single-rank run %g\n", checksum, largest_difference);
  const bool identical = distributed == single;
  std::printf(identical ? "identical to the single-rank result: verified\n" : "verification FAILED\n");
  return identical;
}

}  // namespace mpi_sample
