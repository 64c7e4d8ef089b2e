// The ranks as a ring: tests send to the next rank and receive from the previous one, which
// works at any number of ranks, one included (a rank then talks to itself).
#pragma once

#include <ample/mpi.hpp>

namespace mpi_test {

inline int rank() { return ample::mpi::environment::rank(); }
inline int ranks() { return ample::mpi::environment::size(); }
inline int next() { return (rank() + 1) % ranks(); }
inline int previous() { return (rank() + ranks() - 1) % ranks(); }

}  // namespace mpi_test
