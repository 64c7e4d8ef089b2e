// The passes that compile tiled kernels into loops between barriers, in pipeline order
// (Pipeline.cpp puts them together), and ExtractDeviceCode, which compiles kernels for GPUs.
// Each of the former works only on tile clones that were not declined.
#pragma once

#include "llvm/IR/PassManager.h"

namespace ample {

/// keptControlFlow() is what a pass that changed only instructions or metadata, not blocks and
/// branches, preserves: everything when it changed nothing, else the CFG analyses.
inline llvm::PreservedAnalyses keptControlFlow(bool Changed) {
  if (!Changed)
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses Preserved;
  Preserved.preserveSet<llvm::CFGAnalyses>();
  return Preserved;
}

/// ExtractDeviceCode compiles each kernel instantiated for the GPU (a device_entry) from a copy
/// of the module to PTX, and registers the PTX with the runtime from a constructor it adds to
/// the module; a kernel that cannot run on a GPU gets a remark saying why.
struct ExtractDeviceCode : llvm::PassInfoMixin<ExtractDeviceCode> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

/// CloneTileBodies copies every annotated work-item body into an internal tile clone, the
/// function the other passes turn into a whole tile. The body itself stays for fibers.
struct CloneTileBodies : llvm::PassInfoMixin<CloneTileBodies> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

/// InlineBarrierPaths inlines into each tile clone every call that can reach a barrier, so
/// that all barriers of the kernel are in the clone itself, and every other inlinable call.
struct InlineBarrierPaths : llvm::PassInfoMixin<InlineBarrierPaths> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

/// SimplifyTileClones promotes the inlined clone's locals to registers (SROA), so that only
/// values that really live across a barrier are kept per work-item in memory.
struct SimplifyTileClones : llvm::PassInfoMixin<SimplifyTileClones> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// CanonicalizeBarriers gives each barrier call a block of its own that branches to one
/// successor, and declines what the loop formation cannot split.
struct CanonicalizeBarriers : llvm::PassInfoMixin<CanonicalizeBarriers> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// InsertImplicitBarriers puts barriers on the edges of uniform branches whose ways lead to
/// different barriers (or the return), so that such a branch ends a piece instead of making
/// every work-item of the piece branch.
struct InsertImplicitBarriers : llvm::PassInfoMixin<InsertImplicitBarriers> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// FormWorkItemLoops cuts the clone at its barriers into pieces, runs each piece as loops over
/// the tile's work-items with per-work-item context arrays for what lives across a barrier,
/// and dispatches between pieces on the barrier every work-item reached.
struct FormWorkItemLoops : llvm::PassInfoMixin<FormWorkItemLoops> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// HoistLaunchObjectLoads reads the members of the launch context and the kernel object (which
/// do not change while the launch runs) once, in the clone's entry, conditional reads included.
struct HoistLaunchObjectLoads : llvm::PassInfoMixin<HoistLaunchObjectLoads> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// KeepWorkItemLoopsRolled keeps a work-item loop around a loop of non-constant trip count
/// from being fully unrolled, so that LockstepInnerLoops finds it.
struct KeepWorkItemLoopsRolled : llvm::PassInfoMixin<KeepWorkItemLoopsRolled> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// PrivatizeTileStatic gives each finished clone its own copy, in its frame, of the
/// tile_static variables (thread_locals) that nothing else can touch while the tile runs: the
/// tile's work-items share it as they shared the thread_local, and the compiler sees memory
/// that no pointer of the kernel's data can alias, addressed without the thread pointer.
struct PrivatizeTileStatic : llvm::PassInfoMixin<PrivatizeTileStatic> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

/// BindCompiledTiles makes each ample_compiled_tile(body) call return the body's finished
/// clone, and deletes declined clones with a warning that says why.
struct BindCompiledTiles : llvm::PassInfoMixin<BindCompiledTiles> {
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &AM);
};

/// JoinWorkItemSteps (at the vectoriser's start) makes a work-item loop's counter step in one
/// instruction again where GVN split the step into copies joined by a phi, which scalar
/// evolution cannot count.
struct JoinWorkItemSteps : llvm::PassInfoMixin<JoinWorkItemSteps> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// LockstepInnerLoops (at the vectoriser's start) runs the inner loop that each work-item of a
/// row runs in rounds of one iteration per work-item, where that makes its reads contiguous.
struct LockstepInnerLoops : llvm::PassInfoMixin<LockstepInnerLoops> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// TrimInactiveWorkItems (at the vectoriser's start) stops a work-item loop whose body is
/// `if (local < s)` after s work-items, and runs the body without the condition.
struct TrimInactiveWorkItems : llvm::PassInfoMixin<TrimInactiveWorkItems> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

/// MarkParallelWorkItems (at the vectoriser's start) puts every memory access of a work-item
/// loop into the loop's parallel access group again: work-items between two barriers are
/// independent, but the scalar optimisations in between drop the metadata.
struct MarkParallelWorkItems : llvm::PassInfoMixin<MarkParallelWorkItems> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

} // namespace ample
