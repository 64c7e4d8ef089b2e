#include "Barriers.h"
#include "Contract.h"
#include "Passes.h"

#include "llvm/IR/CFG.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace ample {
namespace {

/// unsupported() names what in `F` the loop formation cannot handle, or is empty.
std::string unsupported(Function &F) {
  for (Instruction &I : instructions(F)) {
    if (isa<CallBrInst>(I) || (I.isEHPad() && !isa<LandingPadInst>(I)))
      return "the kernel uses callbr or funclet exception handling";
    if (const auto *Call = dyn_cast<CallBase>(&I); Call && Call->isInlineAsm())
      return "the kernel contains inline assembly";
    if (const auto *Alloca = dyn_cast<AllocaInst>(&I);
        Alloca && (!Alloca->isStaticAlloca() || Alloca->getParent() != &F.getEntryBlock()))
      return "the kernel allocates stack memory of variable size";
    if (isa<ReturnInst>(I) && I.getNumOperands() != 0)
      return "the work-item body returns a value";
  }
  return {};
}

/// unwindsWithoutCleanup() is true when the landing pad `Pad` only passes the exception on.
bool unwindsWithoutCleanup(BasicBlock *Pad) {
  for (BasicBlock *Block = Pad; Block; Block = Block->getSingleSuccessor())
    for (Instruction &I : *Block) {
      if (isa<ResumeInst>(I))
        return true;
      if (!isa<LandingPadInst>(I) && !isa<PHINode>(I) && !isa<ExtractValueInst>(I) && !isa<InsertValueInst>(I) &&
          !isa<BranchInst>(I))
        return false;
    }
  return false;
}

} // namespace

PreservedAnalyses CanonicalizeBarriers::run(Function &F, FunctionAnalysisManager &) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  if (std::string Reason = unsupported(F); !Reason.empty()) {
    decline(F, Reason);
    return PreservedAnalyses::all();
  }
  // Compiled barriers never throw: their unwind edges (cleanups of the work-item's objects)
  // go, and so do landing pads that only they reached. Other calls keep theirs; an exception
  // then unwinds the work-item that threw and leaves the tile.
  SmallVector<InvokeInst *, 8> Invokes;
  for (Instruction &I : instructions(F))
    if (auto *Invoke = dyn_cast<InvokeInst>(&I); Invoke && isBarrier(*Invoke)) {
      // When a work-item throws, fibers unwind the others from their barriers and run these
      // cleanups (destructors of objects live across the barrier); compiled tiles cannot yet.
      if (!unwindsWithoutCleanup(Invoke->getUnwindDest())) {
        decline(F, "objects with destructors live across a barrier (on an exception, only fibers unwind "
                   "the waiting work-items)");
        return PreservedAnalyses::all();
      }
      Invokes.push_back(Invoke);
    }
  for (InvokeInst *Invoke : Invokes)
    changeToCall(Invoke);
  if (!Invokes.empty())
    removeUnreachableBlocks(F);
  for (CallInst *Barrier : barrierCalls(F)) {
    BasicBlock *Block = Barrier->getParent();
    if (&Block->front() != Barrier || Block->isEntryBlock())
      Block = SplitBlock(Block, Barrier);
    SplitBlock(Block, Barrier->getNextNode());
    // The barrier's values become phis, so that each predecessor says which barrier it waited
    // on and the pieces can check it after the barrier call is gone.
    for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg) {
      Value *Identity = Barrier->getArgOperand(Arg);
      PHINode *Phi = PHINode::Create(Identity->getType(), 2, "barrier.object", Barrier);
      for (BasicBlock *Pred : predecessors(Block))
        Phi->addIncoming(Identity, Pred);
      Barrier->setArgOperand(Arg, Phi);
    }
  }
  return PreservedAnalyses::none();
}

} // namespace ample
