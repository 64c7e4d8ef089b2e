#include "tile_messages.hpp"

namespace ample::detail::cpu {

std::string local_coordinates(const tile_shape& shape, int item) {
  int local[3];
  for (int d = shape.rank - 1; d >= 0; --d) {
    local[d] = item % shape.dims[d];
    item /= shape.dims[d];
  }
  return format_values(local, shape.rank);
}

std::string waiting_at_two_sites(const tile_shape& shape, int a, const std::string& site_a, int b,
                                 const std::string& site_b) {
  return "work-item " + local_coordinates(shape, a) + " waits at barrier " + site_a + " while work-item " +
         local_coordinates(shape, b) + " waits at barrier " + site_b;
}

std::string waiting_while_returned(const tile_shape& shape, int waiting, const std::string& site, int gone) {
  return "work-item " + local_coordinates(shape, waiting) + " waits at barrier " + site + " but work-item " +
         local_coordinates(shape, gone) + " returned without reaching it";
}

concurrency::runtime_exception divergence_error(const tile_shape& shape, const std::string& what) {
  return concurrency::runtime_exception("barrier divergence in tile " + format_values(shape.tile_index, shape.rank) +
                                            ": " + what +
                                            " (every work-item of a tile must reach each barrier; C++ AMP spec 8.1.1)",
                                        concurrency::error_code::e_fail);
}

}  // namespace ample::detail::cpu
