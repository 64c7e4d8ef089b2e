// request: a non-blocking send or receive of a view, to wait for.
#pragma once

#include <mpi.h>

#include <cstdio>
#include <exception>
#include <memory>
#include <span>
#include <string>
#include <utility>

#include "error.hpp"
#include "received_size.hpp"
#include "view_buffer.hpp"

namespace ample::mpi {

/// request is an isend() or irecv() in flight. wait() completes it and reports its errors as
/// runtime_exception (for a receive also a message shorter than the view); test() does the
/// same if it has completed. A request keeps the view it reads or writes, and so that view's
/// storage, alive until it completes.
///
/// Dropping a request that has not completed does not leave MPI writing into freed memory:
/// - normally, the destructor waits for it (a destructor cannot throw: an error is printed to
///   stderr; call wait() to get it as an exception);
/// - while an exception unwinds the stack (a failing rank), a pending receive is cancelled
///   first, so that unwinding does not wait for a peer that may never send; a send is still
///   waited for (MPI cannot reliably cancel sends), which completes at once for messages MPI
///   sends eagerly (Open MPI's default: up to 4 KiB between nodes, more within one).
///
///     auto halo = ample::mpi::irecv(u.section(0, 0, 1, n), up);
///     update_interior();
///     halo.wait();
class [[nodiscard]] request {
 public:
  request() = default;
  request(request&& other) noexcept { swap(other); }
  request& operator=(request&& other) noexcept {
    request(std::move(other)).swap(*this);
    return *this;
  }
  ~request() { finish_quietly(); }

  /// pending() is whether the operation was started and has not been completed by wait()/test().
  bool pending() const noexcept { return handle_ != MPI_REQUEST_NULL; }

  /// wait() blocks until the operation completes; runtime_exception if it failed.
  void wait() {
    if (!pending()) return;
    MPI_Status status;
    const int code = MPI_Wait(&handle_, &status);
    complete(code, status);
  }

  /// test() is whether the operation has completed (then as wait() would have returned).
  bool test() {
    if (!pending()) return true;
    int done = 0;
    MPI_Status status;
    const int code = MPI_Test(&handle_, &done, &status);
    if (code == MPI_SUCCESS && !done) return false;
    complete(code, status);
    return true;
  }

  /// start() makes a pending request (isend()/irecv() call it).
  template <class View>
  static request start(MPI_Request handle, view_buffer buffer, const View& view, const char* call, std::string what,
                       bool is_receive) {
    request r;
    r.handle_ = handle;
    r.buffer_ = std::move(buffer);
    r.keep_alive_ = std::make_shared<View>(view);
    r.call_ = call;
    r.what_ = std::move(what);
    r.is_receive_ = is_receive;
    r.exceptions_at_start_ = std::uncaught_exceptions();
    return r;
  }

 private:
  void complete(int code, const MPI_Status& status) {
    handle_ = MPI_REQUEST_NULL;
    const auto what = [this] { return what_; };
    if (code != MPI_SUCCESS && is_receive_) fail(call_, what_, receive_error(code, status));
    check(code, call_, what);
    if (is_receive_) check_received_size(status, buffer_, call_, what);
    buffer_ = view_buffer();
    keep_alive_.reset();
  }

  /// receive_error() is MPI's error string, plus the message's size when it was too long for
  /// the view (MPI's status still tells it).
  std::string receive_error(int code, const MPI_Status& status) const {
    int error_class = 0, values = 0;
    std::string text = error_text(code);
    if (MPI_Error_class(code, &error_class) == MPI_SUCCESS && error_class == MPI_ERR_TRUNCATE &&
        MPI_Get_elements(&status, buffer_.datatype(), &values) == MPI_SUCCESS && values != MPI_UNDEFINED)
      text += " (the message held " + std::to_string(values / buffer_.components_per_element()) +
              " elements, the view has " + std::to_string(buffer_.elements()) + ")";
    return text;
  }

  void finish_quietly() noexcept {
    if (!pending()) return;
    if (is_receive_ && std::uncaught_exceptions() > exceptions_at_start_) MPI_Cancel(&handle_);
    const int code = MPI_Wait(&handle_, MPI_STATUS_IGNORE);
    if (code != MPI_SUCCESS)
      std::fprintf(stderr, "ample::mpi: %s %s failed in the request's destructor: %s\n", call_, what_.c_str(),
                   error_text(code).c_str());
  }

  void swap(request& other) noexcept {
    std::swap(handle_, other.handle_);
    std::swap(buffer_, other.buffer_);
    std::swap(keep_alive_, other.keep_alive_);
    std::swap(call_, other.call_);
    std::swap(what_, other.what_);
    std::swap(is_receive_, other.is_receive_);
    std::swap(exceptions_at_start_, other.exceptions_at_start_);
  }

  MPI_Request handle_ = MPI_REQUEST_NULL;
  view_buffer buffer_;
  std::shared_ptr<const void> keep_alive_;
  const char* call_ = "";
  std::string what_;
  bool is_receive_ = false;
  int exceptions_at_start_ = 0;
};

/// wait_all() waits for every request, even after one has failed (none is left in flight),
/// then rethrows the first failure.
inline void wait_all(std::span<request> requests) {
  std::exception_ptr first_failure;
  for (request& r : requests) {
    try {
      r.wait();
    } catch (...) {
      if (!first_failure) first_failure = std::current_exception();
    }
  }
  if (first_failure) std::rethrow_exception(first_failure);
}

}  // namespace ample::mpi
