#include "Barriers.h"
#include "Contract.h"
#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
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

/// cleanupProblem() is why the cleanup at the landing pad `Pad` of a barrier cannot be run for
/// a waiting work-item on its own (FormWorkItemLoops' unwind loop), or empty: it must only
/// clean up (no handler that could catch) and end by passing the exception on.
std::string cleanupProblem(BasicBlock *Pad) {
  if (Pad->getLandingPadInst()->getNumClauses() != 0)
    return "a barrier waits inside a try block with a handler";
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 16> Work{Pad};
  while (!Work.empty()) {
    BasicBlock *Block = Work.pop_back_val();
    if (!Seen.insert(Block).second)
      continue;
    for (Instruction &I : *Block)
      if (isBarrier(I) || isa<ReturnInst>(I))
        return "the cleanup after a barrier waits or returns";
    Work.append(succ_begin(Block), succ_end(Block));
  }
  return {};
}

} // namespace

PreservedAnalyses CanonicalizeBarriers::run(Function &F, FunctionAnalysisManager &) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  if (std::string Reason = unsupported(F); !Reason.empty()) {
    decline(F, Reason);
    return PreservedAnalyses::all();
  }
  // Compiled barriers never throw: the unwind edges that only pass the exception on go, and
  // so do landing pads that only they reached. A barrier whose unwind edge runs cleanups
  // (destructors of objects live across it) stays an invoke: when a work-item throws, fibers
  // unwind the others from their barriers, and FormWorkItemLoops runs that cleanup for each
  // work-item waiting at the barrier. Other calls keep their edges; an exception then unwinds
  // the work-item that threw.
  SmallVector<InvokeInst *, 8> Invokes;
  for (Instruction &I : instructions(F))
    if (auto *Invoke = dyn_cast<InvokeInst>(&I); Invoke && isBarrier(*Invoke)) {
      if (unwindsWithoutCleanup(Invoke->getUnwindDest())) {
        Invokes.push_back(Invoke);
      } else if (std::string Reason = cleanupProblem(Invoke->getUnwindDest()); !Reason.empty()) {
        decline(F, Reason);
        return PreservedAnalyses::all();
      }
    }
  for (InvokeInst *Invoke : Invokes)
    changeToCall(Invoke);
  if (!Invokes.empty())
    removeUnreachableBlocks(F);
  for (CallBase *Barrier : barrierCalls(F)) {
    BasicBlock *Block = Barrier->getParent();
    if (&Block->front() != Barrier || Block->isEntryBlock())
      Block = SplitBlock(Block, Barrier);
    if (auto *Invoke = dyn_cast<InvokeInst>(Barrier)) {
      if (!Invoke->getNormalDest()->getSinglePredecessor())
        SplitCriticalEdge(Invoke, 0);
    } else {
      SplitBlock(Block, Barrier->getNextNode());
    }
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
