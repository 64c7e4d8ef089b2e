// <amprt_exceptions.h>: the exceptions of the C++ AMP runtime (namespace Concurrency, alias
// concurrency), implemented by Ample.
//
// Microsoft's header of this name declares runtime_exception (with its HRESULT error code),
// out_of_memory, invalid_compute_domain, unsupported_feature and accelerator_view_removed;
// <amprt.h> and <amp.h> include it. Ample keeps them, with uninitialized_object and the error
// codes, in one header (ample/exceptions.hpp), which this one gathers.
#pragma once

#include "ample/config.hpp"
#include "ample/exceptions.hpp"
