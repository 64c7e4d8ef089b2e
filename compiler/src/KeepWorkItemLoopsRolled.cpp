// KeepWorkItemLoopsRolled: a work-item loop around a loop of the kernel's own whose trip count
// is not a constant stays a loop (llvm.loop.unroll.disable).
//
// Rows of few work-items (16 in a 16 x 16 tile) are within LLVM's full-unroll limits, and
// unrolled, a row of work-items that each run a loop of their own becomes that many copies of
// the loop, one after another: LockstepInnerLoops, at the vectoriser's start, then finds no
// work-item loop to run them in lockstep, and each copy walks its own strided run. A work-item
// loop around loops of constant trip count (a k loop over a tile) is left alone: those loops
// are unrolled into the row, which is then vectorised or unrolled and SLP-vectorised as before.
#include "Contract.h"
#include "Passes.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace ample {

PreservedAnalyses KeepWorkItemLoopsRolled::run(Function &F, FunctionAnalysisManager &AM) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  LoopInfo &Loops = AM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  LLVMContext &Ctx = F.getContext();
  bool Changed = false;
  for (Loop *L : Loops.getLoopsInPreorder()) {
    if (!isWorkItemLoop(*L) ||
        all_of(L->getSubLoops(), [&](const Loop *Inner) { return SE.getSmallConstantTripCount(Inner) != 0; }))
      continue;
    MDNode *Disable = MDNode::get(Ctx, MDString::get(Ctx, "llvm.loop.unroll.disable"));
    L->setLoopID(makePostTransformationMetadata(Ctx, L->getLoopID(), {}, {Disable}));
    Changed = true;
  }
  return keptControlFlow(Changed);
}

} // namespace ample
