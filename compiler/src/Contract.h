// What the pass knows about the library: the names and annotations of
// include/ample/backend/cpu/compiled_tile.hpp and the attributes the passes
// leave on the functions they work on.
#pragma once

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace llvm {
class Function;
class Loop;
class GlobalVariable;
class Module;
} // namespace llvm

namespace ample {

/// Library functions the pass looks for or calls.
inline constexpr llvm::StringLiteral BarrierFunction = "ample_tile_barrier_wait";
inline constexpr llvm::StringLiteral BarrierCheckFunction = "ample_tile_barrier_check";
inline constexpr llvm::StringLiteral QueryFunction = "ample_compiled_tile";
inline constexpr llvm::StringLiteral DivergedFunction = "ample_tile_diverged";
/// Called where a check of the library that kernels reach failed, before the throw
/// (include/ample/exceptions.hpp): device code traps there.
inline constexpr llvm::StringLiteral KernelCheckFailedFunction = "ample_kernel_check_failed";

/// The largest kernel object a GPU kernel takes by value, in parameter space: a launch's
/// parameters hold 4 KiB on every driver the PTX targets, and a flat kernel's extent follows
/// the object. A larger object travels in global memory, the kernel taking its address
/// (include/ample/detail/gpu_launch.hpp's max_parameter_object_bytes: the same number).
inline constexpr uint64_t MaxParameterObjectBytes = 4096 - 16;

/// The pass name of the remarks: -Rpass-missed=ample-compiled-barriers shows the declines.
inline constexpr const char *RemarkPass = "ample-compiled-barriers";
/// The pass name of the device-code remarks: -Rpass-missed=ample-device-code shows the kernels
/// that stay CPU-only, and why.
inline constexpr const char *DeviceRemarkPass = "ample-device-code";

/// Annotations ([[clang::annotate]]) the library puts on its functions.
inline constexpr llvm::StringLiteral TileBodyAnnotation = "ample.tile_body";
inline constexpr llvm::StringLiteral LocalCoordinateAnnotation = "ample.local_coordinate";
inline constexpr llvm::StringLiteral TileStaticAnnotation = "ample.tile_static";
inline constexpr llvm::StringLiteral CurrentTileAnnotation = "ample.current_tile";
inline constexpr llvm::StringLiteral InKernelAnnotation = "ample.in_kernel";
inline constexpr llvm::StringLiteral WorkItemScratchAnnotation = "ample.work_item_scratch";
inline constexpr llvm::StringLiteral DeviceEntryAnnotation = "ample.device_entry";
inline constexpr llvm::StringLiteral DeviceTileEntryAnnotation = "ample.device_tile_entry";

/// Metadata on the stack object that PrivatizeTileStatic made of a tile_static variable: one
/// object for the whole tile, never a per-work-item one.
inline constexpr llvm::StringLiteral TileStaticMetadata = "ample.tile_static";

/// The loop property FormWorkItemLoops gives each innermost work-item loop.
inline constexpr llvm::StringLiteral WorkItemLoopMarker = "ample.work_item_loop";
/// isWorkItemLoop() is true for a loop with that property.
bool isWorkItemLoop(const llvm::Loop &L);
/// A work-item loop of a multiple of this many iterations asks the vectoriser for two vector
/// iterations in flight (llvm.loop.interleave.count 2; FormWorkItemLoops says why); any other
/// leaves the interleave count to the cost model.
inline constexpr unsigned InterleavedWorkItemMultiple = 16;

/// TileShape is a tile's extent: the annotation's (D0, D1, D2), 0 for absent dimensions.
struct TileShape {
  int Rank = 0;
  int Dims[3] = {1, 1, 1};
  int items() const { return Dims[0] * Dims[1] * Dims[2]; }
};

/// The arguments of a barrier call: the barrier waited on, as the two values a tile_barrier
/// holds (its tile's sync, null for an implicit barrier, and the tile's serial number), then
/// the site.
inline constexpr unsigned BarrierSyncArgument = 0;
inline constexpr unsigned BarrierSerialArgument = 1;
inline constexpr unsigned BarrierIdentityArguments = 2; ///< the two above: what the check compares
inline constexpr unsigned BarrierFileArgument = 2;
inline constexpr unsigned BarrierLineArgument = 3;

/// The argument of a work-item body (an item_fn) that holds the work-item's number, and the one
/// that holds the tile's sync.
inline constexpr unsigned ItemArgument = 2;
inline constexpr unsigned SyncArgument = 3;

/// findTileBodies() lists the work-item bodies annotated in `M`, with their tile shapes.
llvm::SmallVector<std::pair<llvm::Function *, TileShape>, 4> findTileBodies(llvm::Module &M);
/// findLocalCoordinateFunctions() lists the functions annotated as local-coordinate markers.
llvm::SmallPtrSet<llvm::Function *, 4> findLocalCoordinateFunctions(llvm::Module &M);
/// findCurrentTile() is the library's thread_local record of the running tile, {sync, serial}
/// (tile_barrier.hpp), or null.
llvm::GlobalVariable *findCurrentTile(llvm::Module &M);
/// KernelEntry is a device_entry<Kernel, N> (flat: Shape.Rank is N) or a
/// device_tile_entry<Kernel, D0, D1, D2> (Tiled: Shape is the tile's) of a module
/// (include/ample/detail/device_entry.hpp).
struct KernelEntry {
  llvm::Function *Entry;
  bool Tiled;
  TileShape Shape;
  /// kernel_type_name<Kernel>()'s text (include/ample/detail/kernel_type_name.hpp), which
  /// under Clang gives a lambda's source location: "... [Kernel = (lambda at f.cpp:12:30)]".
  llvm::StringRef TypeText;
};
/// findDeviceEntries() lists the annotated device entries of `M` that have a body.
llvm::SmallVector<KernelEntry, 4> findDeviceEntries(llvm::Module &M);
/// findInKernelFlag() is the library's thread_local `bool in_kernel` (in_kernel.hpp), true
/// on every thread that runs a tile clone, or null.
llvm::GlobalVariable *findInKernelFlag(llvm::Module &M);
/// findTileStaticVariables() lists the variables declared tile_static in `M` (thread_locals), in
/// the module's order: code made for each follows that order, never the addresses', so that
/// the same source compiles to the same object.
llvm::SmallVector<llvm::GlobalVariable *, 8> findTileStaticVariables(llvm::Module &M);
/// findWorkItemScratch() lists the library's work-item scratch variables in `M` (thread_locals:
/// WorkItemScratch.h).
llvm::SmallVector<llvm::GlobalVariable *, 4> findWorkItemScratch(llvm::Module &M);

/// A tile clone is the copy of a body that the passes turn into a whole tile.
void markTileClone(llvm::Function &Clone, llvm::Function &Body, const TileShape &Shape);
bool isTileClone(const llvm::Function &F);
/// tileShapeOf() is the shape of a tile clone.
TileShape tileShapeOf(const llvm::Function &Clone);
/// tileCloneOf() is the clone of `Body`, or null.
llvm::Function *tileCloneOf(llvm::Module &M, const llvm::Function &Body);

/// decline() gives up on a clone: it will be deleted and its kernel runs on fibers; `Reason`
/// completes "tiled kernel runs on fibers: ...". The first reason given is kept.
void decline(llvm::Function &Clone, const llvm::Twine &Reason);
/// declineReason() is the reason a clone was declined, if it was.
std::optional<std::string> declineReason(const llvm::Function &Clone);
/// isActiveTileClone() is true for a tile clone that was not declined.
bool isActiveTileClone(const llvm::Function &F);

} // namespace ample
