#include "Contract.h"
#include "Passes.h"

#include "llvm/Pass.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
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
  return Simplify.run(F, AM);
}

} // namespace ample
