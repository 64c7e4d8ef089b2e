// parallel_for<Kernel, Domain, Backend>: one kernel launch, specialised per backend.
#pragma once

namespace ample::detail {

/// parallel_for is declared once and partially specialised by each backend for each kind of
/// compute domain (extent<N>, tiled_extent<D0,D1,D2>). A specialisation is constructed from
/// the kernel and the domain, and execute() runs the launch to completion.
template <class Kernel, class Domain, class Backend>
class parallel_for;

}  // namespace ample::detail
