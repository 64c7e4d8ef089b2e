// parallel_for<Kernel, Domain, Backend>: one kernel launch, specialised per backend.
#pragma once

#include <type_traits>

#include "../config.hpp"

namespace ample::detail {

/// call_work_item() runs one work-item. A kernel whose call operator is const (every lambda
/// not declared `mutable`) is called in place; a mutable one is copied first, so that each
/// work-item works on its own copy of the functor, as C++ AMP specifies. Both calls are inlined
/// (config.hpp, AMPLE_IMPL_INLINE_CALLS): a kernel's body belongs in the loop that runs it.
template <class Kernel, class Index>
AMPLE_IMPL_ALWAYS_INLINE AMPLE_IMPL_INLINE_CALLS void call_work_item(const Kernel& kernel, const Index& idx) {
  if constexpr (std::is_invocable_v<const Kernel&, const Index&>) {
    kernel(idx);
  } else {
    Kernel own = kernel;
    own(idx);
  }
}

/// parallel_for is declared once and partially specialised by each backend for each kind of
/// compute domain (extent<N>, tiled_extent<D0,D1,D2>). A specialisation is constructed from
/// the kernel and the domain, and execute() runs the launch to completion.
template <class Kernel, class Domain, class Backend>
class parallel_for;

}  // namespace ample::detail
