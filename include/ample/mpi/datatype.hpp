// The MPI datatype of each element type an array or array_view can hold.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <string>
#include <type_traits>

#include "../graphics/norm.hpp"
#include "../graphics/short_vector.hpp"
#include "error.hpp"

namespace ample::mpi {

/// element_layout<T> says how MPI sees one element of type T: `components` values of type
/// `component`. The scalar types C++ AMP allows (and long, long long and their unsigned forms,
/// which Ample's views hold too) are one component of themselves; a short vector such as
/// float_4 is 4 floats; norm and unorm are floats. Any other trivially copyable type is
/// sizeof(T) bytes: it can be sent, received and broadcast, not reduced.
template <class T>
struct element_layout {
  static_assert(std::is_trivially_copyable_v<T>,
                "ample::mpi: an element sent as bytes must be trivially copyable");
  using component = std::byte;
  static constexpr int components = sizeof(T);
};

namespace detail {

template <class T, class... U>
inline constexpr bool is_one_of_v = (std::is_same_v<T, U> || ...);

/// is_predefined_v<T> is whether MPI has a datatype of its own for T.
template <class T>
inline constexpr bool is_predefined_v =
    is_one_of_v<T, int, unsigned int, long, unsigned long, long long, unsigned long long, float, double,
                concurrency::graphics::norm, concurrency::graphics::unorm>;

}  // namespace detail

template <class T>
  requires detail::is_predefined_v<T>
struct element_layout<T> {
  using component = T;
  static constexpr int components = 1;
};

template <class C, int N>
struct element_layout<ample::detail::short_vector_impl<C, N>> {
  using component = C;
  static constexpr int components = N;
};

/// is_reducible_v<T> is whether allreduce can combine elements of type T: their components
/// are arithmetic (MPI_SUM of two unorms would leave [0, 1], and bytes have no arithmetic).
template <class T>
inline constexpr bool is_reducible_v = std::is_arithmetic_v<typename element_layout<T>::component>;

/// component_datatype<C>() is MPI's predefined datatype for component type C.
template <class C>
MPI_Datatype component_datatype() {
  using namespace concurrency::graphics;
  if constexpr (std::is_same_v<C, int>) return MPI_INT;
  else if constexpr (std::is_same_v<C, unsigned int>) return MPI_UNSIGNED;
  else if constexpr (std::is_same_v<C, long>) return MPI_LONG;
  else if constexpr (std::is_same_v<C, unsigned long>) return MPI_UNSIGNED_LONG;
  else if constexpr (std::is_same_v<C, long long>) return MPI_LONG_LONG;
  else if constexpr (std::is_same_v<C, unsigned long long>) return MPI_UNSIGNED_LONG_LONG;
  else if constexpr (std::is_same_v<C, double>) return MPI_DOUBLE;
  // norm and unorm hold one float each (their sizes are asserted below).
  else if constexpr (std::is_same_v<C, float> || std::is_same_v<C, norm> || std::is_same_v<C, unorm>) return MPI_FLOAT;
  else {
    static_assert(std::is_same_v<C, std::byte>, "ample::mpi: no MPI datatype for this component type");
    return MPI_BYTE;
  }
}
static_assert(sizeof(concurrency::graphics::norm) == sizeof(float) &&
              sizeof(concurrency::graphics::unorm) == sizeof(float));

/// datatype<T>() is the MPI datatype of one element of type T: the predefined one for a scalar,
/// else a committed contiguous type of its components. The derived types are made once per
/// element type and kept until MPI_Finalize, which frees them with everything else.
template <class T>
MPI_Datatype datatype() {
  using layout = element_layout<T>;
  static_assert(sizeof(T) == sizeof(typename layout::component) * layout::components,
                "ample::mpi: element_layout<T> does not cover the element's bytes (padding?)");
  if constexpr (layout::components == 1) {
    return component_datatype<typename layout::component>();
  } else {
    static const MPI_Datatype type = [] {
      MPI_Datatype t;
      const auto what = [] { return "(" + std::to_string(layout::components) + " components per element)"; };
      check(MPI_Type_contiguous(layout::components, component_datatype<typename layout::component>(), &t),
            "MPI_Type_contiguous", what);
      check(MPI_Type_commit(&t), "MPI_Type_commit", what);
      return t;
    }();
    return type;
  }
}

}  // namespace ample::mpi
