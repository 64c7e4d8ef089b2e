#include "Uniformity.h"

#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace ample {

namespace {

/// How deep sameComputation() compares operands: a field of the kernel object is a load of a
/// constant offset from the argument, two levels.
constexpr unsigned MaxComparedDepth = 4;

/// unchangingMemory() is true where `Pointer` points into memory that nothing writes while the
/// function runs: a read-only argument that no other pointer reaches (the kernel object,
/// passed by value to a GPU kernel) or a constant global.
bool unchangingMemory(const Value *Pointer) {
  const Value *Base = getUnderlyingObject(Pointer);
  if (const auto *Arg = dyn_cast<Argument>(Base))
    return Arg->onlyReadsMemory() && (Arg->hasByValAttr() || Arg->hasNoAliasAttr());
  const auto *Global = dyn_cast<GlobalVariable>(Base);
  return Global && Global->isConstant();
}

/// sameComputation() is true when `A` and `B` give one value for a work-item that computes
/// either: the same value, or the same operation, free of side effects, on operands that are
/// themselves the same computation; a load only from unchanging memory. No phi: its value
/// depends on the way the work-item came.
bool sameComputation(const Value &A, const Value &B, unsigned Depth = 0) {
  if (&A == &B)
    return true;
  const auto *IA = dyn_cast<Instruction>(&A);
  const auto *IB = dyn_cast<Instruction>(&B);
  if (!IA || !IB || Depth >= MaxComparedDepth || !IA->isSameOperationAs(IB) || isa<PHINode>(IA) ||
      isa<AllocaInst>(IA) || isa<CallBase>(IA) || IA->mayHaveSideEffects())
    return false;
  if (IA->mayReadFromMemory()) {
    const auto *Load = dyn_cast<LoadInst>(IA);
    if (!Load || !Load->isSimple() || !unchangingMemory(Load->getPointerOperand()))
      return false;
  }
  for (unsigned Op = 0; Op < IA->getNumOperands(); ++Op)
    if (!sameComputation(*IA->getOperand(Op), *IB->getOperand(Op), Depth + 1))
      return false;
  return true;
}

/// mayWait() is true for a call that may wait at a barrier: any call that may touch memory,
/// but the intrinsics that only mark or assume (lifetimes, debug records, assumptions).
bool mayWait(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  if (!Call || Call->doesNotAccessMemory())
    return false;
  const auto *Intrinsic = dyn_cast<IntrinsicInst>(Call);
  return !Intrinsic || !(Intrinsic->isAssumeLikeIntrinsic() || isa<DbgInfoIntrinsic>(Intrinsic));
}

/// noWaitBetween() is true when no way from `Load` to the end of `Until` (a block that
/// `Load` dominates) passes a call that may wait at a barrier: the value loaded is still the
/// one of the barrier interval in which the way reaches the end of `Until`.
bool noWaitBetween(const LoadInst &Load, const BasicBlock &Until) {
  const BasicBlock *Home = Load.getParent();
  for (const Instruction *I = Load.getNextNode(); I; I = I->getNextNode())
    if (mayWait(*I))
      return false;
  SmallPtrSet<const BasicBlock *, 16> Seen{Home};
  SmallVector<const BasicBlock *, 16> Work{&Until};
  while (!Work.empty()) {
    const BasicBlock *Block = Work.pop_back_val();
    if (!Seen.insert(Block).second)
      continue;
    if (any_of(*Block, mayWait))
      return false;
    Work.append(pred_begin(Block), pred_end(Block));
  }
  return true;
}

/// sameLocationInOneInterval() is true when `A` and `B` load one location, at addresses
/// computed alike, and no barrier separates either from the end of its way into the phi
/// (`FromA`, `FromB`). Work-items that reach the phi then read the location in one barrier
/// interval, where it holds one value unless a work-item writes it meanwhile, which races
/// with the others' reads: a store on one way between a load and its repetition (which makes
/// the optimiser load again on that way) leaves the phi the same for every work-item.
bool sameLocationInOneInterval(const Value &A, const BasicBlock &FromA, const Value &B, const BasicBlock &FromB) {
  const auto *LoadA = dyn_cast<LoadInst>(&A);
  const auto *LoadB = dyn_cast<LoadInst>(&B);
  return LoadA && LoadB && LoadA->isSimple() && LoadB->isSimple() && LoadA->getType() == LoadB->getType() &&
         sameComputation(*LoadA->getPointerOperand(), *LoadB->getPointerOperand()) &&
         noWaitBetween(*LoadA, FromA) && noWaitBetween(*LoadB, FromB);
}

/// mergesOneValue() is true when every way into `Phi` (from one of the blocks `Ways`, where
/// given) brings one value (undef aside): a constant; copies of one computation that the
/// optimiser left in each way, such as a field of the kernel object loaded in both arms of a
/// branch; or loads of one location in the barrier interval the phi is reached in. Where
/// `Ways` holds the blocks through which a divergent branch leads into the phi, the phi is as
/// uniform as that value: whether a work-item comes another way, other branches decide (a
/// flag that says an earlier uniform `return` was taken: false from both ways of a later
/// divergent loop, true only from the return).
bool mergesOneValue(const PHINode &Phi, const SmallPtrSetImpl<const BasicBlock *> *Ways = nullptr) {
  const Value *First = nullptr;
  const BasicBlock *FirstFrom = nullptr;
  for (unsigned Way = 0; Way < Phi.getNumIncomingValues(); ++Way) {
    const Value *V = Phi.getIncomingValue(Way);
    const BasicBlock *From = Phi.getIncomingBlock(Way);
    if (isa<UndefValue>(V) || V == &Phi || (Ways && !Ways->contains(From)))
      continue;
    if (!First) {
      First = V;
      FirstFrom = From;
    } else if (!sameComputation(*First, *V) && !sameLocationInOneInterval(*First, *FirstFrom, *V, *From)) {
      return false;
    }
  }
  return true;
}

} // namespace

TileUniformity::TileUniformity(Function &F, const SmallPtrSetImpl<Function *> &LocalCoordinates, const Value *Item)
    : F(F), DT(std::make_unique<DominatorTree>(F)), PDT(std::make_unique<PostDominatorTree>(F)),
      LI(std::make_unique<LoopInfo>(*DT)) {
  // Regions and loop exits mean nothing on irreducible control flow; such a clone has no
  // uniform branch.
  ReversePostOrderTraversal<Function *> Order(&F);
  Irreducible = containsIrreducibleCFG<const BasicBlock *>(Order, *LI);
  if (Irreducible)
    return;
  markSources(LocalCoordinates, Item);
  propagate();
}

TileUniformity::~TileUniformity() = default;

void TileUniformity::markSources(const SmallPtrSetImpl<Function *> &LocalCoordinates, const Value *Item) {
  if (Item)
    markDivergent(*Item);
  for (Instruction &I : instructions(F)) {
    if (isa<AllocaInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
      markDivergent(I);
    else if (auto *Load = dyn_cast<LoadInst>(&I); Load && !Load->isSimple())
      markDivergent(I);
    else if (auto *Call = dyn_cast<CallBase>(&I)) {
      // A local coordinate differs by definition; any other call may read what work-items
      // wrote (only calls that touch no memory compute from their arguments alone).
      const bool Coordinate = Call->getCalledFunction() && LocalCoordinates.contains(Call->getCalledFunction());
      if (Coordinate || !Call->doesNotAccessMemory())
        markDivergent(I);
    } else if (isa<IndirectBrInst>(I)) {
      // Its target is a value the analysis does not follow.
      markDivergent(I);
    }
  }
}

void TileUniformity::markDivergent(const Value &V) {
  if (Divergent.insert(&V).second)
    Pending.push_back(&V);
}

// propagate() visits the users of each new divergent value until nothing new is divergent.
// A divergent branch or switch spreads to the blocks and phis it controls; any other user is
// divergent itself.
void TileUniformity::propagate() {
  while (!Pending.empty()) {
    const Value *V = Pending.pop_back_val();
    if (const auto *I = dyn_cast<Instruction>(V); I && I->isTerminator() && divergentCondition(*I))
      spreadFromBranch(*I);
    for (const User *U : V->users())
      if (const auto *UserInstruction = dyn_cast<Instruction>(U))
        markDivergent(*UserInstruction);
  }
}

// spreadFromBranch() marks the region of a divergent branch: the blocks reachable from it
// before the paths meet again at its immediate post-dominator (all of them where there is
// none). A phi there or at the meeting point merges values that work-items brought along
// different paths, unless every path from the branch brings the same value (mergesOneValue()).
// A loop that a path leaves before the paths meet is left by work-items after different
// iterations.
void TileUniformity::spreadFromBranch(const Instruction &Terminator) {
  const BasicBlock *Block = Terminator.getParent();
  const DomTreeNode *Node = PDT->getNode(Block);
  const DomTreeNode *Join = Node ? Node->getIDom() : nullptr;
  const BasicBlock *JoinBlock = Join ? Join->getBlock() : nullptr;
  SmallVector<const BasicBlock *, 16> Region;
  SmallVector<const BasicBlock *, 16> Work(succ_begin(Block), succ_end(Block));
  SmallPtrSet<const BasicBlock *, 16> Seen;
  while (!Work.empty()) {
    const BasicBlock *Next = Work.pop_back_val();
    if (Next == JoinBlock || !Seen.insert(Next).second)
      continue;
    Region.push_back(Next);
    DivergentRegions.insert(Next);
    Work.append(succ_begin(Next), succ_end(Next));
  }
  if (JoinBlock)
    Region.push_back(JoinBlock);
  // The ways the branch leads into the phis: through its own block and the region's.
  Seen.insert(Block);
  for (const BasicBlock *Merge : Region)
    for (const PHINode &Phi : Merge->phis())
      if (!mergesOneValue(Phi, &Seen))
        markDivergent(Phi);
  for (const Loop *L = LI->getLoopFor(Block); L; L = L->getParentLoop())
    if (any_of(Region, [&](const BasicBlock *B) { return !L->contains(B); }))
      markLoopExitDivergent(*L);
}

// markLoopExitDivergent() makes the uses outside loop `L` of the values made in it divergent,
// and the phis of its exit blocks, unless every way out of the loop brings the same value.
void TileUniformity::markLoopExitDivergent(const Loop &L) {
  if (!DivergentExitLoops.insert(&L).second)
    return;
  for (const BasicBlock *Block : L.blocks())
    for (const Instruction &I : *Block)
      for (const User *U : I.users())
        if (const auto *UserInstruction = dyn_cast<Instruction>(U); UserInstruction && !L.contains(UserInstruction))
          markDivergent(*UserInstruction);
  SmallVector<BasicBlock *, 4> Exits;
  L.getExitBlocks(Exits);
  // The ways out of the loop: an exit block's ways from elsewhere do not depend on it.
  const SmallPtrSet<const BasicBlock *, 16> Inside(L.block_begin(), L.block_end());
  for (const BasicBlock *Exit : Exits)
    for (const PHINode &Phi : Exit->phis())
      if (!mergesOneValue(Phi, &Inside))
        markDivergent(Phi);
}

bool TileUniformity::divergentCondition(const Instruction &Terminator) const {
  if (const auto *Branch = dyn_cast<BranchInst>(&Terminator))
    return Branch->isConditional() && isDivergentUse(Branch->getOperandUse(0));
  if (const auto *Switch = dyn_cast<SwitchInst>(&Terminator))
    return isDivergentUse(Switch->getOperandUse(0));
  // Indirect branches; an invoke's unwind edge is taken by a work-item that throws, which
  // leaves the tile.
  return isa<IndirectBrInst>(Terminator);
}

// isDivergentUse(): the value differs between work-items, or it is made in a loop that
// work-items leave after different iterations and read outside it.
bool TileUniformity::isDivergentUse(const Use &U) const {
  if (Divergent.contains(U.get()))
    return true;
  const auto *Definition = dyn_cast<Instruction>(U.get());
  const auto *Reader = dyn_cast<Instruction>(U.getUser());
  if (!Definition || !Reader)
    return false;
  for (const Loop *L = LI->getLoopFor(Definition->getParent()); L && !L->contains(Reader); L = L->getParentLoop())
    if (DivergentExitLoops.contains(L))
      return true;
  return false;
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
  if (Irreducible || Divergent.contains(&I) || DivergentRegions.contains(I.getParent()))
    return false;
  return none_of(I.uses(), [&](const Use &U) { return isDivergentUse(U); });
}

} // namespace ample
