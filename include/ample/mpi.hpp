// ample/mpi.hpp: send, receive, broadcast and reduce arrays and array_views with MPI, in
// place and with array_view's coherence rules kept (docs/design/scale-out.md).
//
// Not included by <amp.h>: a program that uses it includes it and links the CMake target
// ample::mpi (ample::ample plus MPI::MPI_CXX).
//
// Every helper takes a whole view, an array, or a section (view.section(...)):
// - contiguous elements go to and from the view's memory directly, strided sections through
//   an MPI derived datatype (ample/mpi/view_buffer.hpp): no staging copy either way;
// - a view is synchronised (synchronize()) before it is sent; a receiving view discards its
//   contents (discard_data()) and is synchronised for writing on the host, where MPI writes;
// - MPI errors, a message whose size is not the receiving view's, and views of different sizes
//   in a collective become runtime_exception naming the call, the sizes and MPI's error string;
// - peers may be MPI_PROC_NULL (nothing is sent or received), which spares halo exchanges a
//   special case at the domain's edges.
//
//     ample::mpi::environment mpi(argc, argv);
//     array_view<float, 2> grid(rows + 2, cols, storage);
//     ample::mpi::send(grid.section(1, 0, 1, cols), up);      // first owned row, in place
//     ample::mpi::recv(grid.section(0, 0, 1, cols), up);      // halo row
#pragma once

#include <mpi.h>

#include <string>
#include <type_traits>

#include <amp.h>

#include "mpi/datatype.hpp"
#include "mpi/environment.hpp"
#include "mpi/error.hpp"
#include "mpi/received_size.hpp"
#include "mpi/request.hpp"
#include "mpi/view_buffer.hpp"

namespace ample::mpi {

namespace detail {

/// describe() is what an error message says about an operation: "to rank 1 (tag 0), view of
/// extent (4, 8)".
inline std::string describe(const char* direction, int peer, int tag, const view_buffer& buffer) {
  return std::string(direction) + " rank " + std::to_string(peer) + " (tag " + std::to_string(tag) +
         "), view of extent " + buffer.shape();
}

/// require_same_size() throws on every rank of `comm` unless all of them passed views of the
/// same number of elements to the collective `call`. MPI leaves a mismatch undefined: a
/// truncation error on some ranks only, or silently short data, and the ranks that did not
/// fail hang in their next collective. One allreduce of two integers makes all ranks agree.
inline void require_same_size(const view_buffer& buffer, MPI_Comm comm, const char* call) {
  int bounds[2] = {buffer.elements(), -buffer.elements()};
  check(MPI_Allreduce(MPI_IN_PLACE, bounds, 2, MPI_INT, MPI_MAX, comm), "MPI_Allreduce",
        [&] { return "(size check before " + std::string(call) + " of a view of extent " + buffer.shape() + ")"; });
  const int largest = bounds[0], smallest = -bounds[1];
  if (largest == smallest) [[likely]]
    return;
  fail(call, "of a view of extent " + buffer.shape() + " (" + std::to_string(buffer.elements()) + " elements)",
       "the ranks' views differ in size: between " + std::to_string(smallest) + " and " + std::to_string(largest) +
           " elements");
}

template <class T, int N>
void prepare_to_send(const concurrency::array_view<T, N>& view) {
  view.synchronize();
}

template <class T, int N>
void prepare_to_receive(const concurrency::array_view<T, N>& view) {
  static_assert(!std::is_const_v<T>, "ample::mpi: a receive writes the view; array_view<const T> cannot receive");
  view.discard_data();
  view.synchronize(concurrency::access_type_write);
}

}  // namespace detail

/// send() sends the elements of `view` (a whole view or a section) to rank `destination`.
template <class T, int N>
void send(const concurrency::array_view<T, N>& view, int destination, int tag = 0, MPI_Comm comm = MPI_COMM_WORLD) {
  detail::prepare_to_send(view);
  const view_buffer buffer(view);
  check(MPI_Send(buffer.address(), buffer.count(), buffer.datatype(), destination, tag, returning_errors(comm)),
        "MPI_Send", [&] { return detail::describe("to", destination, tag, buffer); });
}
template <class T, int N>
void send(const concurrency::array<T, N>& a, int destination, int tag = 0, MPI_Comm comm = MPI_COMM_WORLD) {
  send(concurrency::array_view<const T, N>(a), destination, tag, comm);
}

/// recv() receives a message from rank `source` (or MPI_ANY_SOURCE) into `view` and returns
/// its status. A message with another number of elements than the view is consumed and
/// reported as runtime_exception naming both sizes, and the view is left unchanged.
template <class T, int N>
MPI_Status recv(const concurrency::array_view<T, N>& view, int source, int tag = 0, MPI_Comm comm = MPI_COMM_WORLD) {
  detail::prepare_to_receive(view);
  const view_buffer buffer(view);
  const auto what = [&] { return detail::describe("from", source, tag, buffer); };
  comm = returning_errors(comm);
  // Probing first tells the message's size before any of it lands in the view.
  MPI_Message message;
  MPI_Status status;
  check(MPI_Mprobe(source, tag, comm, &message, &status), "MPI_Mprobe", what);
  if (message == MPI_MESSAGE_NO_PROC) return status;
  int values = 0;
  check(MPI_Get_elements(&status, buffer.datatype(), &values), "MPI_Get_elements", what);
  if (values != buffer.elements() * buffer.components_per_element()) {
    // Received into nothing: MPI reports the truncation, and the message is off the queue, so
    // that it cannot match a later receive.
    MPI_Mrecv(nullptr, 0, MPI_BYTE, &message, MPI_STATUS_IGNORE);
    fail("MPI_Recv", what(),
         "the message holds " + std::to_string(values / buffer.components_per_element()) +
             " elements, but the view of extent " + buffer.shape() + " has " + std::to_string(buffer.elements()));
  }
  check(MPI_Mrecv(buffer.address(), buffer.count(), buffer.datatype(), &message, &status), "MPI_Mrecv", what);
  return status;
}
template <class T, int N>
MPI_Status recv(concurrency::array<T, N>& a, int source, int tag = 0, MPI_Comm comm = MPI_COMM_WORLD) {
  return recv(concurrency::array_view<T, N>(a), source, tag, comm);
}

/// isend() starts sending `view` to rank `destination`; the request completes it. The view
/// must not be written until then.
template <class T, int N>
request isend(const concurrency::array_view<T, N>& view, int destination, int tag = 0,
              MPI_Comm comm = MPI_COMM_WORLD) {
  detail::prepare_to_send(view);
  view_buffer buffer(view);
  MPI_Request handle;
  check(MPI_Isend(buffer.address(), buffer.count(), buffer.datatype(), destination, tag, returning_errors(comm),
                  &handle),
        "MPI_Isend", [&] { return detail::describe("to", destination, tag, buffer); });
  std::string what = detail::describe("to", destination, tag, buffer);
  return request::start(handle, std::move(buffer), view, "MPI_Isend", std::move(what), false);
}
template <class T, int N>
request isend(const concurrency::array<T, N>& a, int destination, int tag = 0, MPI_Comm comm = MPI_COMM_WORLD) {
  return isend(concurrency::array_view<const T, N>(a), destination, tag, comm);
}

/// irecv() starts receiving into `view` from rank `source`; the request completes it, and its
/// wait() throws if the message was shorter than the view (MPI_ERR_TRUNCATE if longer). The
/// view must not be read or written until then.
template <class T, int N>
request irecv(const concurrency::array_view<T, N>& view, int source, int tag = 0, MPI_Comm comm = MPI_COMM_WORLD) {
  detail::prepare_to_receive(view);
  view_buffer buffer(view);
  MPI_Request handle;
  check(MPI_Irecv(buffer.address(), buffer.count(), buffer.datatype(), source, tag, returning_errors(comm), &handle),
        "MPI_Irecv", [&] { return detail::describe("from", source, tag, buffer); });
  std::string what = detail::describe("from", source, tag, buffer);
  return request::start(handle, std::move(buffer), view, "MPI_Irecv", std::move(what), true);
}
template <class T, int N>
request irecv(concurrency::array<T, N>& a, int source, int tag = 0, MPI_Comm comm = MPI_COMM_WORLD) {
  return irecv(concurrency::array_view<T, N>(a), source, tag, comm);
}

/// broadcast() copies `view` on rank `root` into `view` on every other rank of `comm`. Every
/// rank's view must have as many elements (runtime_exception on all ranks otherwise); their
/// layouts may differ (a strided section on the root, a whole view elsewhere).
template <class T, int N>
void broadcast(const concurrency::array_view<T, N>& view, int root, MPI_Comm comm = MPI_COMM_WORLD) {
  static_assert(!std::is_const_v<T>, "ample::mpi::broadcast writes the view on every rank but the root");
  comm = returning_errors(comm);
  int rank = 0;
  check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank", [] { return std::string("(broadcast)"); });
  if (rank == root)
    detail::prepare_to_send(view);
  else
    detail::prepare_to_receive(view);
  const view_buffer buffer(view);
  detail::require_same_size(buffer, comm, "MPI_Bcast");
  check(MPI_Bcast(buffer.address(), buffer.count(), buffer.datatype(), root, comm), "MPI_Bcast",
        [&] { return "from root " + std::to_string(root) + ", view of extent " + buffer.shape(); });
}
template <class T, int N>
void broadcast(concurrency::array<T, N>& a, int root, MPI_Comm comm = MPI_COMM_WORLD) {
  broadcast(concurrency::array_view<T, N>(a), root, comm);
}

/// allreduce() combines `view` element by element across the ranks of `comm` with `op`
/// (MPI_SUM, MPI_MAX, ...; short vectors component by component) and leaves the result in
/// every rank's view. The view must be contiguous (a whole view, or whole rows): MPI's
/// reductions take predefined datatypes only.
template <class T, int N>
void allreduce(const concurrency::array_view<T, N>& view, MPI_Op op, MPI_Comm comm = MPI_COMM_WORLD) {
  static_assert(!std::is_const_v<T>, "ample::mpi::allreduce writes the view");
  static_assert(is_reducible_v<T>, "ample::mpi::allreduce: the element's components must be arithmetic");
  comm = returning_errors(comm);
  view.synchronize(concurrency::access_type_read_write);
  const view_buffer buffer(view);
  if (!buffer.contiguous())
    fail("MPI_Allreduce", "of a view of extent " + buffer.shape(),
         "the view is a strided section (narrower than its rows), and MPI reduces contiguous values only");
  detail::require_same_size(buffer, comm, "MPI_Allreduce");
  using component = typename element_layout<T>::component;
  check(MPI_Allreduce(MPI_IN_PLACE, buffer.address(), buffer.elements() * buffer.components_per_element(),
                      component_datatype<component>(), op, comm),
        "MPI_Allreduce", [&] { return "of a view of extent " + buffer.shape(); });
}
template <class T, int N>
void allreduce(concurrency::array<T, N>& a, MPI_Op op, MPI_Comm comm = MPI_COMM_WORLD) {
  allreduce(concurrency::array_view<T, N>(a), op, comm);
}

/// allreduce(value, op) is the scalar form: the combination of every rank's `value`.
template <class T>
  requires std::is_arithmetic_v<T>
T allreduce(T value, MPI_Op op, MPI_Comm comm = MPI_COMM_WORLD) {
  check(MPI_Allreduce(MPI_IN_PLACE, &value, 1, component_datatype<T>(), op, returning_errors(comm)), "MPI_Allreduce",
        [] { return std::string("of one value"); });
  return value;
}

}  // namespace ample::mpi
