#include "Uniformity.h"

#include "Contract.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/DivergenceAnalysis.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/SyncDependenceAnalysis.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ample {

TileUniformity::TileUniformity(Function &F, const SmallPtrSetImpl<Function *> &LocalCoordinates)
    : F(F), DT(std::make_unique<DominatorTree>(F)), PDT(std::make_unique<PostDominatorTree>(F)),
      LI(std::make_unique<LoopInfo>(*DT)) {
  // The analysis does not end on irreducible control flow; such a clone has no uniform branch.
  ReversePostOrderTraversal<Function *> Order(&F);
  Irreducible = containsIrreducibleCFG<const BasicBlock *>(Order, *LI);
  if (Irreducible)
    return;
  SDA = std::make_unique<SyncDependenceAnalysis>(*DT, *PDT, *LI);
  DA = std::make_unique<DivergenceAnalysisImpl>(F, nullptr, *DT, *LI, *SDA, false);
  markSources(LocalCoordinates);
  DA->compute();
  markDivergentRegions();
}

TileUniformity::~TileUniformity() = default;

void TileUniformity::markSources(const SmallPtrSetImpl<Function *> &LocalCoordinates) {
  DA->markDivergent(*F.getArg(ItemArgument));
  for (Instruction &I : instructions(F)) {
    if (isa<AllocaInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
      DA->markDivergent(I);
    else if (auto *Load = dyn_cast<LoadInst>(&I); Load && !Load->isSimple())
      DA->markDivergent(I);
    else if (auto *Call = dyn_cast<CallBase>(&I)) {
      // A local coordinate differs by definition; any other call may read what work-items
      // wrote (only calls that touch no memory compute from their arguments alone).
      const bool Coordinate = Call->getCalledFunction() && LocalCoordinates.contains(Call->getCalledFunction());
      if (Coordinate || !Call->doesNotAccessMemory())
        DA->markDivergent(I);
    }
  }
}

bool TileUniformity::divergentCondition(const Instruction &Terminator) const {
  if (const auto *Branch = dyn_cast<BranchInst>(&Terminator))
    return Branch->isConditional() && DA->isDivergentUse(Branch->getOperandUse(0));
  if (const auto *Switch = dyn_cast<SwitchInst>(&Terminator))
    return DA->isDivergentUse(Switch->getOperandUse(0));
  // Indirect branches; an invoke's unwind edge is taken by a work-item that throws, which
  // leaves the tile.
  return isa<IndirectBrInst>(Terminator);
}

// The region of a divergent branch: the blocks reachable from it before the paths meet again
// at its immediate post-dominator (all of them where there is none).
void TileUniformity::markDivergentRegions() {
  for (BasicBlock &Block : F) {
    const Instruction *Terminator = Block.getTerminator();
    if (!divergentCondition(*Terminator))
      continue;
    const DomTreeNode *Node = PDT->getNode(&Block);
    const DomTreeNode *Join = Node ? Node->getIDom() : nullptr;
    const BasicBlock *JoinBlock = Join ? Join->getBlock() : nullptr;
    SmallVector<const BasicBlock *, 16> Work(succ_begin(&Block), succ_end(&Block));
    while (!Work.empty()) {
      const BasicBlock *Next = Work.pop_back_val();
      if (Next == JoinBlock || !DivergentRegions.insert(Next).second)
        continue;
      Work.append(succ_begin(Next), succ_end(Next));
    }
  }
}

bool TileUniformity::isUniformBranch(const Instruction &Terminator) const {
  if (Irreducible || Terminator.getNumSuccessors() < 2 || isa<InvokeInst>(Terminator))
    return false;
  return !divergentCondition(Terminator) && !DivergentRegions.contains(Terminator.getParent());
}

bool TileUniformity::isUniformBlock(const BasicBlock &Block) const {
  return !Irreducible && !DivergentRegions.contains(&Block);
}

bool TileUniformity::isUniformValue(const Instruction &I) const {
  if (Irreducible || DA->isDivergent(I) || DivergentRegions.contains(I.getParent()))
    return false;
  return none_of(I.uses(), [&](const Use &U) { return DA->isDivergentUse(U); });
}

} // namespace ample
