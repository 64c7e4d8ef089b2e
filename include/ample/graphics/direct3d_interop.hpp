// Direct3D interop of concurrency::graphics::direct3d (Microsoft's <amp_graphics.h>):
// get_texture, make_texture, get_sampler and make_sampler. Like the buffer interop of
// concurrency::direct3d (../direct3d/interop.hpp) they are present so that code written for
// Windows compiles, and throw unsupported_feature when called, because Linux has no Direct3D
// texture or sampler state to hand over.
//
// Example: code that probes for interop at run time keeps working.
//
//     try {
//       auto tex = concurrency::graphics::direct3d::make_texture<float_4, 2>(view, d3d_texture);
//       ...
//     } catch (const concurrency::unsupported_feature& e) {
//       // e.what(): "concurrency::graphics::direct3d::make_texture: Direct3D interop is not ..."
//     }
#pragma once

#include "../config.hpp"
#include "../accelerator.hpp"
#include "../direct3d/interop.hpp"
#include "../exceptions.hpp"
#include "sampler.hpp"
#include "texture.hpp"
#include "texture_view.hpp"

namespace Concurrency::graphics::direct3d {

/// DXGI_FORMAT stands for the Direct3D texel format enum that make_texture takes as an optional
/// view format. Only DXGI_FORMAT_UNKNOWN, the default, is named (its value is Windows' 0): code
/// that names another format includes Windows' <dxgiformat.h>, which Linux does not have. The
/// fixed underlying type lets any DXGI value be cast to it. Declared in this namespace, not
/// globally, for the reason concurrency::direct3d::IUnknown is: no clash with a COM emulation
/// header.
enum DXGI_FORMAT : int { DXGI_FORMAT_UNKNOWN = 0 };

}  // namespace Concurrency::graphics::direct3d

namespace Concurrency::graphics::direct3d {

/// get_texture() would return the Direct3D texture behind `tex`; always throws
/// unsupported_feature.
template <class T, int N>
[[noreturn]] concurrency::direct3d::IUnknown* get_texture(const texture<T, N>& tex) {
  static_cast<void>(tex);
  ample::detail::throw_no_direct3d("get_texture", "concurrency::graphics::direct3d::");
}

/// get_texture() would return the Direct3D texture behind `view`; always throws
/// unsupported_feature.
template <class T, int N>
[[noreturn]] concurrency::direct3d::IUnknown* get_texture(const writeonly_texture_view<T, N>& view) {
  static_cast<void>(view);
  ample::detail::throw_no_direct3d("get_texture", "concurrency::graphics::direct3d::");
}

/// get_texture() would return the Direct3D texture behind `view`, read-write or read-only
/// (texture_view<const T, N> is a specialisation of this template); always throws
/// unsupported_feature.
template <class T, int N>
[[noreturn]] concurrency::direct3d::IUnknown* get_texture(const texture_view<T, N>& view) {
  static_cast<void>(view);
  ample::detail::throw_no_direct3d("get_texture", "concurrency::graphics::direct3d::");
}

/// make_texture() would wrap the Direct3D texture `d3d_texture` of `view` in a texture, read as
/// `view_format`; always throws unsupported_feature. Call it as make_texture<T, N>(...), as on
/// Windows.
template <class T, int N>
[[noreturn]] texture<T, N> make_texture(const accelerator_view& view,
                                        concurrency::direct3d::IUnknown* d3d_texture,
                                        DXGI_FORMAT view_format = DXGI_FORMAT_UNKNOWN) {
  static_cast<void>(view);
  static_cast<void>(d3d_texture);
  static_cast<void>(view_format);
  ample::detail::throw_no_direct3d("make_texture", "concurrency::graphics::direct3d::");
}

/// get_sampler() would return the Direct3D sampler state of `s` on `view`; always throws
/// unsupported_feature.
[[noreturn]] inline concurrency::direct3d::IUnknown* get_sampler(const accelerator_view& view,
                                                                 const sampler& s) {
  static_cast<void>(view);
  static_cast<void>(s);
  ample::detail::throw_no_direct3d("get_sampler", "concurrency::graphics::direct3d::");
}

/// make_sampler() would wrap the Direct3D sampler state `d3d_sampler` in a sampler; always
/// throws unsupported_feature.
[[noreturn]] inline sampler make_sampler(concurrency::direct3d::IUnknown* d3d_sampler) {
  static_cast<void>(d3d_sampler);
  ample::detail::throw_no_direct3d("make_sampler", "concurrency::graphics::direct3d::");
}

}  // namespace Concurrency::graphics::direct3d
