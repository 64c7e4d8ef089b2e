// driver_trace: AMPLE_CUDA_TRACE=FILE records, for each call of the driver that times the GPU's
// work as the host sees it (launches, stream and event synchronisations, copies), its thread,
// start and end, and writes them to FILE at exit with a summary per kernel.
//
// It answers where a launch's time goes when a GPU profiler cannot: Nsight Compute times the
// kernels alone, serialised, while a gap between Ample's launch and a hand-written one's can
// lie on the host, before the launch call or after the synchronisation returns. The summary's
// "launch to synchronised" time is the kernel plus what the driver adds around it; compared
// with a run's time per launch, the rest is Ample's own. Off unless the variable is set, and
// then it costs two clock reads per traced call.
#pragma once

#include "driver.hpp"

namespace ample::detail::cuda {

/// trace_calls() makes the traced entry points of `d` record each call and arranges for the
/// trace to be written to `path` at exit; where `path` cannot be written it says so on stderr
/// and traces nothing. Called once, before `d` is first used.
void trace_calls(driver& d, const char* path);

/// write_trace() writes the calls recorded so far and their summary to the trace's file,
/// replacing it; false where no trace is on or the file cannot be written.
bool write_trace();

}  // namespace ample::detail::cuda
