// MPI errors as C++ AMP exceptions: every MPI call of the helpers goes through check().
#pragma once

#include <mpi.h>

#include <string>

#include "../exceptions.hpp"

namespace ample::mpi {

/// error_text() returns MPI's description of error code `code`, such as
/// "MPI_ERR_TRUNCATE: message truncated".
inline std::string error_text(int code) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(code, text, &length) != MPI_SUCCESS) return "MPI error code " + std::to_string(code);
  return std::string(text, static_cast<std::size_t>(length));
}

/// fail() throws runtime_exception "<call> <what>: <reason>".
[[noreturn]] inline void fail(const char* call, const std::string& what, const std::string& reason) {
  AMPLE_THROW(concurrency::runtime_exception, std::string(call) + " " + what + ": " + reason,
              concurrency::error_code::e_fail);
}

/// check() throws runtime_exception naming the call, what it was doing (describe(), called only
/// on failure, so the message costs nothing on the way that succeeds) and MPI's error string
/// when `code` is not MPI_SUCCESS.
template <class Describe>
void check(int code, const char* call, Describe&& describe) {
  if (code == MPI_SUCCESS) [[likely]]
    return;
  fail(call, describe(), error_text(code));
}

/// returning_errors() makes MPI return error codes on `comm` instead of aborting the job
/// (MPI_COMM_WORLD's default), so that check() can turn them into exceptions; it returns comm.
inline MPI_Comm returning_errors(MPI_Comm comm) {
  check(MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler",
        [] { return std::string("(MPI_ERRORS_RETURN)"); });
  return comm;
}

}  // namespace ample::mpi
