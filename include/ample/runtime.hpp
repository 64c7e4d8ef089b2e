// The runtime-wide functions and constants of Microsoft's <amp.h>.
#pragma once

#include "config.hpp"
#include "backend/cpu/engine.hpp"

namespace Concurrency {

/// The largest number of buffers one kernel could bind on Direct3D 11 (64 UAVs + 128 SRVs).
/// Ample has no such limit; the constant exists for code that reads it.
inline constexpr int HLSL_MAX_NUM_BUFFERS = 64 + 128;
/// The longest module name Microsoft's runtime accepted.
inline constexpr int MODULENAME_MAX_LENGTH = 1024;

/// amp_uninitialize() releases the runtime's resources: Ample stops its worker threads. Any
/// later C++ AMP call initialises the runtime again, as Microsoft specifies.
inline void amp_uninitialize() { ample::detail::cpu::release_workers(); }

}  // namespace Concurrency
