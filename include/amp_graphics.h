// <amp_graphics.h>: the textures and samplers of C++ AMP (SPEC §10; namespace
// concurrency::graphics), implemented by Ample on the CPU engine.
//
// texture<T, N> owns texels; texture_view<T, N> reads and writes them, texture_view<const T, N>
// reads, samples and gathers them, writeonly_texture_view<T, N> writes them; sampler holds the
// filter and address modes; copy() / copy_async() move texels to and from the host.
#pragma once

#include <amp.h>
#include <amp_short_vectors.h>

#include "ample/graphics/sampler.hpp"
#include "ample/graphics/texture_texel.hpp"
#include "ample/graphics/texture.hpp"
#include "ample/graphics/texture_sample.hpp"
#include "ample/graphics/texture_view.hpp"
#include "ample/graphics/texture_copy.hpp"
