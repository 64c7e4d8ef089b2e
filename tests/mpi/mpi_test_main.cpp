// main() of the MPI test programs. Every rank runs every test, in the same order (the tests'
// collectives rely on it). Rank 0 prints GoogleTest's usual report; the other ranks print only
// their failed assertions, prefixed with their rank. Every rank exits non-zero when a test
// failed on any rank, so mpirun's status, and CTest's verdict, reflect all of them.
#include <gtest/gtest.h>

#include <cstdio>

#include <ample/mpi.hpp>

namespace {

/// failure_printer prints a non-zero rank's failed assertions, which its silenced default
/// printer would have shown.
class failure_printer : public ::testing::EmptyTestEventListener {
 public:
  explicit failure_printer(int rank) : rank_(rank) {}
  void OnTestPartResult(const ::testing::TestPartResult& result) override {
    if (!result.failed()) return;
    std::fprintf(stderr, "[rank %d] %s:%d: failure in %s\n%s\n", rank_, result.file_name() ? result.file_name() : "?",
                 result.line_number(), ::testing::UnitTest::GetInstance()->current_test_info()->name(),
                 result.message());
  }

 private:
  int rank_;
};

}  // namespace

int main(int argc, char** argv) {
  ample::mpi::environment mpi(argc, argv);
  ::testing::InitGoogleTest(&argc, argv);
  const int rank = ample::mpi::environment::rank();
  if (rank != 0) {
    ::testing::TestEventListeners& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    listeners.Append(new failure_printer(rank));
  }
  const int failed_here = RUN_ALL_TESTS() == 0 ? 0 : 1;
  const int failed_anywhere = ample::mpi::allreduce(failed_here, MPI_MAX);
  if (rank == 0 && failed_anywhere && !failed_here) std::fprintf(stderr, "tests failed on another rank (see above)\n");
  return failed_anywhere;
}
