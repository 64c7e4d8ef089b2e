// <amp_short_vectors.h>: the short vector types of C++ AMP (SPEC §10.7-10.10), implemented by
// Ample.
//
// concurrency::graphics holds the clamped scalars norm ([-1, 1]) and unorm ([0, 1]), the vectors
// int_2 ... unorm_4 with component arithmetic and swizzle getters/setters (get_wzyx(),
// set_xy()), and the maps short_vector<T, N> and short_vector_traits<T>. Microsoft's swizzle
// properties (`v.xy`) are an MSVC extension; Ample offers x, y, z, w as data members and every
// swizzle as a get_/set_ pair.
#pragma once

#include "ample/graphics/norm.hpp"
#include "ample/graphics/short_vector.hpp"
