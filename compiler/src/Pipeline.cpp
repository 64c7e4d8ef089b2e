#include "Pipeline.h"

#include "Passes.h"

#include "llvm/Passes/PassBuilder.h"

using namespace llvm;

namespace ample {

void registerPipeline(PassBuilder &PB) {
  // At the pipeline's start the work-item body is still a function of its own (nothing has
  // been inlined yet), and all of -O2 (inlining, SROA, LICM, unrolling, the vectorisers)
  // still runs on the loops the passes leave.
  PB.registerPipelineStartEPCallback([](ModulePassManager &MPM, OptimizationLevel) {
    // First: device code is made from the kernels as the front end wrote them, before the
    // tile passes rewrite their CPU form.
    MPM.addPass(ExtractDeviceCode());
    MPM.addPass(CloneTileBodies());
    MPM.addPass(InlineBarrierPaths());
    FunctionPassManager PerClone;
    PerClone.addPass(SimplifyTileClones());
    PerClone.addPass(CanonicalizeBarriers());
    PerClone.addPass(InsertImplicitBarriers());
    PerClone.addPass(FormWorkItemLoops());
    PerClone.addPass(HoistLaunchObjectLoads());
    PerClone.addPass(KeepWorkItemLoopsRolled());
    MPM.addPass(createModuleToFunctionPassAdaptor(std::move(PerClone)));
    // After the loops are formed: a stack object made before would be a work-item's own.
    MPM.addPass(PrivatizeTileStatic());
    MPM.addPass(BindCompiledTiles());
  });
  PB.registerVectorizerStartEPCallback([](FunctionPassManager &FPM, OptimizationLevel) {
    // First: the passes after it count work-item loops' iterations too.
    FPM.addPass(JoinWorkItemSteps());
    FPM.addPass(LockstepInnerLoops());
    FPM.addPass(TrimInactiveWorkItems());
    FPM.addPass(MarkParallelWorkItems());
  });
  // For opt -passes=... in the IR tests.
  PB.registerPipelineParsingCallback([](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
    if (Name == "ample-extract-device-code")
      MPM.addPass(ExtractDeviceCode());
    else if (Name == "ample-clone-tile-bodies")
      MPM.addPass(CloneTileBodies());
    else if (Name == "ample-inline-barrier-paths")
      MPM.addPass(InlineBarrierPaths());
    else if (Name == "ample-privatize-tile-static")
      MPM.addPass(PrivatizeTileStatic());
    else if (Name == "ample-bind-compiled-tiles")
      MPM.addPass(BindCompiledTiles());
    else
      return false;
    return true;
  });
  PB.registerPipelineParsingCallback([](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
    if (Name == "ample-simplify-tile-clones")
      FPM.addPass(SimplifyTileClones());
    else if (Name == "ample-canonicalize-barriers")
      FPM.addPass(CanonicalizeBarriers());
    else if (Name == "ample-insert-implicit-barriers")
      FPM.addPass(InsertImplicitBarriers());
    else if (Name == "ample-form-work-item-loops")
      FPM.addPass(FormWorkItemLoops());
    else if (Name == "ample-hoist-launch-object-loads")
      FPM.addPass(HoistLaunchObjectLoads());
    else if (Name == "ample-keep-work-item-loops-rolled")
      FPM.addPass(KeepWorkItemLoopsRolled());
    else if (Name == "ample-join-work-item-steps")
      FPM.addPass(JoinWorkItemSteps());
    else if (Name == "ample-lockstep-inner-loops")
      FPM.addPass(LockstepInnerLoops());
    else if (Name == "ample-trim-inactive-work-items")
      FPM.addPass(TrimInactiveWorkItems());
    else if (Name == "ample-mark-parallel-work-items")
      FPM.addPass(MarkParallelWorkItems());
    else
      return false;
    return true;
  });
}

} // namespace ample
