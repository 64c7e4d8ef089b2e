#include "Contract.h"
#include "Passes.h"

#include "llvm/Pass.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

namespace ample {

PreservedAnalyses SimplifyTileClones::run(Function &F, FunctionAnalysisManager &AM) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  FunctionPassManager Simplify;
  Simplify.addPass(SROAPass());
  Simplify.addPass(EarlyCSEPass());
  Simplify.addPass(InstCombinePass());
  Simplify.addPass(SimplifyCFGPass());
  // GVN forwards what run_item stores in the work-item's tiled_index to the loads after the
  // barriers (the barrier only reads it), while the loops are still small: unrolled, their
  // blocks exceed what GVN's memory dependence scan looks at.
  Simplify.addPass(GVNPass());
  // The library's coordinate loops (one iteration per dimension) keep small index objects in
  // memory until they are unrolled; then SROA and GVN turn a work-item's local coordinates
  // back into the values the pass knows, which the pieces recompute instead of storing.
  Simplify.addPass(createFunctionToLoopPassAdaptor(LoopFullUnrollPass(2)));
  Simplify.addPass(SROAPass());
  Simplify.addPass(GVNPass());
  Simplify.addPass(InstCombinePass());
  Simplify.addPass(SimplifyCFGPass());
  return Simplify.run(F, AM);
}

} // namespace ample
