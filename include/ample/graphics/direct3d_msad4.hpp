// concurrency::graphics::direct3d::msad4: HLSL's masked sum of absolute differences (Shader
// Model 5's msad4 intrinsic; Microsoft's <amp_graphics.h>), the inner step of block-matching
// motion estimation.
//
// Example: how well a 4-pixel row of 8-bit greys matches at four successive offsets.
//
//     uint_4 cost = direct3d::msad4(row, uint_2(line_lo, line_hi), uint_4(0u));
//     // cost.x compares row with bytes 0..3 of the line, cost.w with bytes 3..6.
#pragma once

#include "../config.hpp"
#include "short_vector.hpp"

namespace ample::detail {

/// msad() is the masked sum of absolute differences of one alignment (the D3D11 `msad`
/// instruction): for each byte of `reference` that is not zero, |reference byte - source byte|,
/// added to `accum`. A zero reference byte is the mask: it marks a pixel outside the shape
/// being matched, so it adds nothing whatever the source byte is.
///
/// On overflow the sum stays at 0xFFFFFFFF: the D3D11 functional specification recommends this
/// 32-bit saturation (it allows wrapping too, so portable code must not rely on either).
AMPLE_AMP_ONLY constexpr unsigned int msad(unsigned int reference, unsigned int source,
                            unsigned int accum) noexcept {
  for (int shift = 0; shift < 32; shift += 8) {
    const unsigned int r = (reference >> shift) & 0xFFu;
    const unsigned int s = (source >> shift) & 0xFFu;
    if (r == 0) continue;
    const unsigned int difference = r > s ? r - s : s - r;
    if (0xFFFFFFFFu - accum < difference) return 0xFFFFFFFFu;
    accum += difference;
  }
  return accum;
}

}  // namespace ample::detail

namespace Concurrency::graphics::direct3d {

/// msad4() compares the 4 bytes of `reference` with the 8-byte value source.y:source.x (x the
/// low word) at the byte offsets 0, 1, 2 and 3, and returns accum + the masked sum of absolute
/// differences of each offset: result.x uses source bytes 0..3 (source.x itself), result.w bytes
/// 3..6. The lowest reference byte pairs with the lowest source byte of the offset.
///
/// One offset adds at most 4 * 255, so only an accumulator within 1020 of 2^32 can overflow;
/// it then saturates at 0xFFFFFFFF (see msad()). Microsoft's msad4 is restrict(amp) only; on
/// Ample it is also callable on the host, and usable in constant expressions.
constexpr uint_4 msad4(unsigned int reference, uint_2 source, uint_4 accum) restrict(amp) {
  const unsigned int lo = source.x;
  const unsigned int hi = source.y;
  // Offset i takes the top 4 - i bytes of x and the bottom i bytes of y; offset 0 is x alone
  // (a shift by 32 would be undefined).
  return uint_4(ample::detail::msad(reference, lo, accum.x),
                ample::detail::msad(reference, (lo >> 8) | (hi << 24), accum.y),
                ample::detail::msad(reference, (lo >> 16) | (hi << 16), accum.z),
                ample::detail::msad(reference, (lo >> 24) | (hi << 8), accum.w));
}

}  // namespace Concurrency::graphics::direct3d
