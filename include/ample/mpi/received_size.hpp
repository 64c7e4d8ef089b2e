// check_received_size(): a receive must fill the whole view it was given.
#pragma once

#include <mpi.h>

#include <string>

#include "error.hpp"
#include "view_buffer.hpp"

namespace ample::mpi {

/// check_received_size() throws runtime_exception when the message that `status` describes
/// held fewer elements than `buffer`'s view (MPI itself accepts a shorter message silently,
/// and reports a longer one as MPI_ERR_TRUNCATE). A receive from MPI_PROC_NULL receives
/// nothing, by MPI's rules, and passes.
template <class Describe>
void check_received_size(const MPI_Status& status, const view_buffer& buffer, const char* call, Describe&& describe) {
  if (status.MPI_SOURCE == MPI_PROC_NULL) return;
  int values = 0;
  check(MPI_Get_elements(&status, buffer.datatype(), &values), "MPI_Get_elements", describe);
  const int received = values / buffer.components_per_element();
  if (received == buffer.elements()) [[likely]]
    return;
  fail(call, describe(),
       "the message held " + std::to_string(received) + " elements, but the view of extent " + buffer.shape() +
           " has " + std::to_string(buffer.elements()));
}

}  // namespace ample::mpi
