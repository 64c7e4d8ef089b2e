// concurrency::graphics::sampler: how texture_view<const T, N>::sample() filters and addresses
// texels (SPEC §10.5; MSREF sampler class, filter_mode and address_mode enumerations).
//
// The enumerator values are Microsoft's (which are Direct3D 11's), so code that stores or
// compares them as integers sees the same numbers.
#pragma once

#include "../config.hpp"
#include "short_vector.hpp"

namespace Concurrency::graphics {

/// filter_mode picks the texel (filter_point) or the bilinear blend of the nearest texels
/// (filter_linear) for a sample.
enum filter_mode {
  filter_point = 0,
  filter_linear = 0x15,
  filter_unknown = 0x7FFFFFFF,
};

/// address_mode says what a coordinate outside [0, 1) reads: the texture repeated
/// (address_wrap), repeated with every other copy mirrored (address_mirror), the nearest edge
/// texel (address_clamp) or the sampler's border colour (address_border).
enum address_mode {
  address_wrap = 1,
  address_mirror = 2,
  address_clamp = 3,
  address_border = 4,
  address_unknown = 0x7FFFFFFF,
};

/// sampler is a filter mode, an address mode for every dimension and a border colour; a plain
/// value that kernels capture by value. The default is Microsoft's: filter_linear,
/// address_clamp, border colour (0, 0, 0, 0).
///
///     sampler s(filter_point, address_border, float_4(1, 0, 0, 1));
///     float v = tv.sample(s, float_2(1.5f, 0.25f));   // outside in x: the border's red, 1
///
/// Microsoft's read-only properties `filter_mode`, `address_mode` and `border_color` are the
/// getters here: a data member named like its enum type would hide the type in the class.
class sampler {
 public:
  sampler() restrict(cpu) = default;
  explicit sampler(graphics::filter_mode filter) restrict(cpu) : filter_(filter) {}
  explicit sampler(graphics::address_mode address,
                   float_4 border_color = float_4(0.0f, 0.0f, 0.0f, 0.0f)) restrict(cpu)
      : address_(address), border_(border_color) {}
  sampler(graphics::filter_mode filter, graphics::address_mode address,
          float_4 border_color = float_4(0.0f, 0.0f, 0.0f, 0.0f)) restrict(cpu)
      : filter_(filter), address_(address), border_(border_color) {}

  graphics::filter_mode get_filter_mode() const restrict(amp, cpu) { return filter_; }
  graphics::address_mode get_address_mode() const restrict(amp, cpu) { return address_; }
  float_4 get_border_color() const restrict(amp, cpu) { return border_; }

 private:
  graphics::filter_mode filter_ = filter_linear;
  graphics::address_mode address_ = address_clamp;
  float_4 border_{0.0f, 0.0f, 0.0f, 0.0f};
};

}  // namespace Concurrency::graphics
