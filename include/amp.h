// <amp.h>: the C++ AMP programming model (namespace Concurrency, alias concurrency), implemented by Ample.
//
// This header only gathers the modular headers under ample/; each of them holds one concept.
#pragma once

#include "ample/config.hpp"
#include "amprt.h"  // as Microsoft's <amp.h> does
#include "ample/exceptions.hpp"
#include "ample/index.hpp"
#include "ample/extent.hpp"
#include "ample/tiled_extent.hpp"
#include "ample/tile_barrier.hpp"
#include "ample/atomics.hpp"
#include "ample/direct3d.hpp"
#include "ample/tiled_index.hpp"
#include "ample/completion_future.hpp"
#include "ample/accelerator.hpp"
#include "ample/array_view.hpp"
#include "ample/array.hpp"
#include "ample/copy.hpp"
#include "ample/parallel_for_each.hpp"
#include "ample/runtime_config.hpp"
#include "ample/runtime.hpp"
