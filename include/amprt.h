// <amprt.h>: the C++ AMP runtime (namespace Concurrency, alias concurrency), implemented by
// Ample.
//
// Microsoft's <amp.h> includes this header, and programs that only manage devices include it
// directly. It declares what the runtime offers without the programming model of <amp.h>
// (extent, index, array, array_view, parallel_for_each): accelerator and accelerator_view,
// access_type and queuing_mode, completion_future, amp_uninitialize(), the exceptions of
// <amprt_exceptions.h>, and the Direct3D interop functions of concurrency::direct3d
// (create_accelerator_view, get_device, the d3d_access_lock family), which Ample declares so
// that Windows code compiles, and which throw unsupported_feature.
#pragma once

#include "amprt_exceptions.h"
#include "ample/config.hpp"
#include "ample/completion_future.hpp"
#include "ample/accelerator.hpp"
#include "ample/direct3d/interop.hpp"
#include "ample/runtime.hpp"
