// JoinWorkItemSteps: a work-item loop's counter steps in one instruction again, so that the
// vectoriser can count the loop's iterations.
//
// A work-item that reads its right neighbour under a condition,
//     if (local < k) next = t[local + 1] * a + t[local] * b;
// computes `local + 1` in the condition's block, the same value the loop's latch steps the
// counter to. GVN's partial-redundancy elimination then lets that add stand for the latch's on
// one way, puts a copy on the other, and steps the counter by a phi of the two. Scalar
// evolution finds no recurrence in such a phi, so the vectoriser cannot count the iterations
// ("could not determine number of loop iterations") and leaves the loop scalar: the binomial
// tree of Microsoft's option-pricing sample ran 11 times slower than the same steps under
// OpenMP. Where a latch phi that steps a work-item loop's counter joins the same instruction
// (operation and operands; flags kept where all have them), it becomes that one instruction.
#include "Contract.h"
#include "Passes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ample {
namespace {

/// joinedStep() is the one instruction `Phi` joins copies of (the first of them), or null when
/// its incoming values differ or an operand is not available in `Phi`'s block.
Instruction *joinedStep(PHINode &Phi, const DominatorTree &Dominators) {
  auto *First = dyn_cast<Instruction>(Phi.getIncomingValue(0));
  if (!First || !First->isBinaryOp())
    return nullptr;
  for (Value *Incoming : Phi.incoming_values()) {
    auto *Copy = dyn_cast<Instruction>(Incoming);
    if (!Copy || !Copy->isIdenticalToWhenDefined(First))
      return nullptr;
  }
  for (Value *Operand : First->operands())
    if (auto *Defined = dyn_cast<Instruction>(Operand); Defined && !Dominators.dominates(Defined, Phi.getParent()))
      return nullptr;
  return First;
}

/// joinSteps() replaces each phi of `L`'s latch that steps a counter of `L` (the value the
/// header's phi takes from the latch) and joins copies of one step; true when it did.
bool joinSteps(Loop &L, const DominatorTree &Dominators) {
  BasicBlock *Latch = L.getLoopLatch();
  if (!Latch)
    return false;
  bool Changed = false;
  for (PHINode &Counter : L.getHeader()->phis()) {
    auto *Phi = dyn_cast<PHINode>(Counter.getIncomingValueForBlock(Latch));
    if (!Phi || Phi->getParent() != Latch)
      continue;
    Instruction *Step = joinedStep(*Phi, Dominators);
    if (!Step)
      continue;
    Instruction *Joined = Step->clone();
    for (Value *Incoming : Phi->incoming_values())
      Joined->andIRFlags(cast<Instruction>(Incoming));
    Joined->insertBefore(&*Latch->getFirstInsertionPt());
    Joined->takeName(Phi);
    SmallSetVector<Instruction *, 4> Copies;
    for (Value *Incoming : Phi->incoming_values())
      Copies.insert(cast<Instruction>(Incoming));
    Phi->replaceAllUsesWith(Joined);
    Phi->eraseFromParent();
    // A copy made only for the phi (the one on the way without the read) has no use left.
    for (Instruction *Copy : Copies)
      if (Copy->use_empty())
        Copy->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses JoinWorkItemSteps::run(Function &F, FunctionAnalysisManager &AM) {
  LoopInfo &Loops = AM.getResult<LoopAnalysis>(F);
  const DominatorTree &Dominators = AM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false;
  for (Loop *L : Loops.getLoopsInPreorder())
    if (isWorkItemLoop(*L))
      Changed |= joinSteps(*L, Dominators);
  return keptControlFlow(Changed);
}

} // namespace ample
