// The texts of barrier divergence, shared by the fibers' tile_scheduler and compiled tiles, so
// that a kernel reports the same error on both paths.
#pragma once

#include <string>

#include "ample/backend/cpu/engine.hpp"
#include "ample/exceptions.hpp"

namespace ample::detail::cpu {

/// local_coordinates() is "(r, c)": where work-item `item` (row-major) sits in its tile.
std::string local_coordinates(const tile_shape& shape, int item);

/// waiting_at_two_sites() says that work-items `a` and `b` wait at different barriers.
std::string waiting_at_two_sites(const tile_shape& shape, int a, const std::string& site_a, int b,
                                 const std::string& site_b);

/// waiting_while_returned() says that `waiting` waits at a barrier that `gone` returned without.
std::string waiting_while_returned(const tile_shape& shape, int waiting, const std::string& site, int gone);

/// divergence_error() is the runtime_exception of barrier divergence in a tile; `what` comes
/// from one of the two functions above.
concurrency::runtime_exception divergence_error(const tile_shape& shape, const std::string& what);

}  // namespace ample::detail::cpu
