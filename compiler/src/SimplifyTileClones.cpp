#include "Contract.h"
#include "LLVMCompat.h"
#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
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
namespace {

/// assumeInKernel() replaces the clone's loads of the library's in_kernel flag with true: a
/// tile clone runs only on a thread inside a launch (the contract). Views copied in the kernel
/// then hold no owner, and their destructors, the cleanups at the barriers among them, fold
/// away.
void assumeInKernel(Function &F) {
  GlobalVariable *InKernel = findInKernelFlag(*F.getParent());
  if (!InKernel)
    return;
  SmallVector<LoadInst *, 8> Loads;
  for (User *U : InKernel->users())
    if (auto *Load = dyn_cast<LoadInst>(U); Load && Load->getFunction() == &F && Load->isSimple())
      Loads.push_back(Load);
  for (LoadInst *Load : Loads) {
    Load->replaceAllUsesWith(ConstantInt::get(Load->getType(), 1));
    Load->eraseFromParent();
  }
}

} // namespace

PreservedAnalyses SimplifyTileClones::run(Function &F, FunctionAnalysisManager &AM) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  compat::useThreadLocalsDirectly(F);
  assumeInKernel(F);
  FunctionPassManager Simplify;
  Simplify.addPass(compat::makeSROA());
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
  Simplify.addPass(compat::makeSROA());
  Simplify.addPass(GVNPass());
  Simplify.addPass(InstCombinePass());
  Simplify.addPass(SimplifyCFGPass());
  return Simplify.run(F, AM);
}

} // namespace ample
