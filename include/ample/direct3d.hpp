// concurrency::direct3d (SPEC §9.3 and Microsoft's <amp.h>): HLSL intrinsics, and the Direct3D
// interop functions, which exist so Windows code compiles but throw unsupported_feature.
#pragma once

#include "config.hpp"
#include "direct3d/intrinsics.hpp"
#include "direct3d/interop.hpp"
#include "direct3d/debug_output.hpp"
