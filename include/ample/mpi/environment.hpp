// environment and run(): MPI started and stopped around a program, and a failing rank that
// takes the whole job down with a message instead of leaving the other ranks waiting.
#pragma once

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <type_traits>
#include <utility>

#include "error.hpp"

namespace ample::mpi {

/// environment initialises MPI for the program's lifetime (MPI_Init_thread with
/// MPI_THREAD_FUNNELED: Ample runs kernels on worker threads, but only the thread that
/// created the environment calls MPI) and finalises it when destroyed. MPI_COMM_WORLD
/// returns errors instead of aborting, so that the helpers can throw them.
///
///     int main(int argc, char** argv) {
///       ample::mpi::environment mpi(argc, argv);
///       ...
///     }
class environment {
 public:
  environment(int& argc, char**& argv) {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) {
      int provided = MPI_THREAD_SINGLE;
      if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        fail("MPI_Init_thread", "(MPI_THREAD_FUNNELED)", "MPI could not be initialised");
      owns_mpi_ = true;
    }
    returning_errors(MPI_COMM_WORLD);
  }
  environment(const environment&) = delete;
  environment& operator=(const environment&) = delete;
  ~environment() {
    if (owns_mpi_) MPI_Finalize();
  }

  /// rank() and size() are this process's rank in MPI_COMM_WORLD and the number of ranks.
  static int rank() {
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
  }
  static int size() {
    int s = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &s);
    return s;
  }

 private:
  bool owns_mpi_ = false;
};

/// abort_job() prints "ample::mpi: rank R of P failed: <reason>" to stderr and ends every
/// rank of the job (MPI_Abort on MPI_COMM_WORLD with exit code 1): the other ranks would
/// otherwise wait forever for messages the failed one will never send.
[[noreturn]] inline void abort_job(const std::string& reason) noexcept {
  std::fprintf(stderr, "ample::mpi: rank %d of %d failed: %s\n", environment::rank(), environment::size(),
               reason.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();  // MPI_Abort does not return; this tells the compiler so
}

/// run() is a whole MPI program's main: it starts MPI (environment), calls body(), and returns
/// its exit status (0 for a body returning void). An exception that leaves body() on any rank
/// ends the whole job through abort_job() with the exception's message.
///
///     int main(int argc, char** argv) {
///       return ample::mpi::run(argc, argv, [&] { return solve(argc, argv); });
///     }
template <class Body>
int run(int& argc, char**& argv, Body&& body) {
  environment mpi(argc, argv);
  try {
    if constexpr (std::is_void_v<std::invoke_result_t<Body&>>) {
      body();
      return 0;
    } else {
      return body();
    }
  } catch (const std::exception& e) {
    abort_job(e.what());
  } catch (...) {
    abort_job("an exception not derived from std::exception");
  }
}

}  // namespace ample::mpi
