// <amp_graphics.h>: the textures and samplers of C++ AMP (SPEC §10; namespace
// concurrency::graphics), implemented by Ample on the CPU devices and in a GPU's memory.
//
// texture<T, N> owns texels, in packed formats and with mipmap levels if asked for;
// texture_view<T, N> reads and writes one level, texture_view<const T, N> reads, samples and
// gathers levels, writeonly_texture_view<T, N> writes level 0; sampler holds the filter and
// address modes; copy() / copy_async() move whole textures or sections between textures and
// to and from the host.
#pragma once

#include <amp.h>
#include <amp_short_vectors.h>

#include "ample/graphics/sampler.hpp"
#include "ample/graphics/texture_texel.hpp"
#include "ample/graphics/texture.hpp"
#include "ample/graphics/texture_sample.hpp"
#include "ample/graphics/texture_view.hpp"
#include "ample/graphics/texture_copy.hpp"
#include "ample/graphics/direct3d_interop.hpp"
#include "ample/graphics/direct3d_msad4.hpp"
