// TrimInactiveWorkItems: a work-item loop whose body is `if (local < s) { ... }` runs s
// work-items, not the whole tile.
//
// Tree reductions halve the active work-items at every step:
//     for (int s = TILE / 2; s > 0; s >>= 1) { if (local < s) t[local] += t[local + s]; barrier }
// Each step is a piece, and its work-item loop went over all TILE work-items, the vectoriser
// masking every lane of the inactive ones: the nine steps of a 512-wide tile cost nine full
// loops (576 vector iterations of masked loads and stores) where the active work-items need 63.
//
// An innermost work-item loop qualifies when its header branches on a condition of the counter
// to the body one way and straight to the latch the other, and nothing else the loop does has
// an effect or a value outside it: then the work-items that take the latch's way do nothing.
// Where they are all at the end, the loop may stop after the ones before them, and is skipped
// where there are none; every iteration that is left takes the body's way, so the body runs
// unconditionally and vectorises without masks. Two kinds of condition say where that is:
//   - one made of the counter and constants alone. The loop's extent is a constant, so the pass
//     evaluates the condition for every work-item, and the active ones are counted at compile
//     time, however the condition is written: at -O2 Clang 14 and 15 keep the scan's
//     `(local + 1) * stride * 2 - 1 < 256` as `(local << 5 | 31) < 256` where LLVM 19 rewrites
//     it as `local < 8`, and an early `if (local * 3 > 100) return;` is no `counter < s`
//     either;
//   - `counter < s`, `s` the same for every work-item but known only at run time (the comparison
//     signed or unsigned, the counter possibly cast): the loop stops at min(extent, s).
//
// Where the count is known, a count that is not a multiple of InterleavedWorkItemMultiple loses
// the loop's interleave count, as FormWorkItemLoops would not have given it one. It must: a trip
// count below 16 makes the vectoriser fold the tail into masks, and with two interleaved
// iterations LLVM 14 then moved a load of one work-item below its own masked store to the same
// address (the down-sweep of a Blelloch scan, 8 active work-items:
// tests/tiled_fuzz/regressions/clang14_o3_blelloch_scan.cpp). LLVM 15 keeps their order.
#include "Contract.h"
#include "Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <optional>
#include <utility>

using namespace llvm;

namespace ample {
namespace {

/// Selection is the header's branch on `Condition`: work-items for which it is `ActiveWhen` run
/// the body, the others go straight to the latch, through `Skip` where that is a block of its
/// own that only branches there (an early `return` in the kernel leaves one).
struct Selection {
  Instruction *Condition;
  bool ActiveWhen;
  BasicBlock *Skip;
};

/// goesStraightTo() is true when `Block` is `Latch` or does nothing but branch to it.
bool goesStraightTo(BasicBlock *Block, BasicBlock *Latch) {
  if (Block == Latch)
    return true;
  auto *Branch = dyn_cast<BranchInst>(Block->getTerminator());
  return Branch && Branch->isUnconditional() && Branch->getSuccessor(0) == Latch &&
         &Block->front() == Branch && Block->getSinglePredecessor();
}

std::optional<Selection> selectionOf(const Loop &L) {
  BasicBlock *Latch = L.getLoopLatch();
  auto *Branch = dyn_cast<BranchInst>(L.getHeader()->getTerminator());
  if (!Branch || !Branch->isConditional())
    return std::nullopt;
  auto *Condition = dyn_cast<Instruction>(Branch->getCondition());
  BasicBlock *Taken = Branch->getSuccessor(0), *NotTaken = Branch->getSuccessor(1);
  if (!Condition || !L.contains(Condition) || Taken == NotTaken)
    return std::nullopt;
  if (goesStraightTo(NotTaken, Latch) && Taken != Latch)
    return Selection{Condition, true, NotTaken};
  if (goesStraightTo(Taken, Latch) && NotTaken != Latch)
    return Selection{Condition, false, Taken};
  return std::nullopt;
}

/// Evaluating a condition for each work-item is cheap for a tile (at most 1024 work-items in
/// C++ AMP) and a short expression; the caps keep it so for whatever else reaches the pass.
constexpr uint64_t MaxEvaluatedExtent = 1024;
constexpr unsigned MaxExpressionSize = 32;

/// collectExpression() appends to `Order`, operands first, the instructions that compute `V`
/// from the counter and constants alone, and is false where V depends on anything else (memory,
/// another phi, an argument) or takes more than MaxExpressionSize instructions. (A constant the
/// folder cannot reduce to an integer, such as a global's address, stops the evaluation.)
bool collectExpression(Value *V, PHINode *Counter, const Loop &L, SmallVectorImpl<Instruction *> &Order,
                       SmallPtrSetImpl<Instruction *> &Seen) {
  if (V == Counter || isa<Constant>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I) || isa<PHINode>(I) || I->mayReadOrWriteMemory() || I->mayHaveSideEffects())
    return false;
  if (!Seen.insert(I).second)
    return true;
  if (Seen.size() > MaxExpressionSize)
    return false;
  for (Value *Operand : I->operands())
    if (!collectExpression(Operand, Counter, L, Order, Seen))
      return false;
  Order.push_back(I);
  return true;
}

/// countActiveItems() is the number of work-items that run the body where the condition is
/// made of the counter and constants and those work-items come first, found by evaluating the
/// condition for each work-item: no other kind of condition, and no value the folder cannot
/// tell (a call it does not know, poison from a wrapping flag), gives a count.
std::optional<uint64_t> countActiveItems(const Loop &L, const Selection &S, PHINode *Counter, uint64_t Extent) {
  SmallVector<Instruction *, 16> Order;
  SmallPtrSet<Instruction *, 16> Seen;
  if (Extent > MaxEvaluatedExtent || !collectExpression(S.Condition, Counter, L, Order, Seen))
    return std::nullopt;
  const DataLayout &Layout = L.getHeader()->getModule()->getDataLayout();
  DenseMap<Value *, Constant *> Values;
  SmallVector<Constant *, 4> Operands;
  uint64_t Active = 0;
  for (uint64_t Item = 0; Item < Extent; ++Item) {
    Values[Counter] = ConstantInt::get(Counter->getType(), Item);
    for (Instruction *I : Order) {
      Operands.clear();
      for (Value *Operand : I->operands())
        Operands.push_back(isa<Constant>(Operand) ? cast<Constant>(Operand) : Values.lookup(Operand));
      Constant *Result = nullptr;
      if (auto *Compare = dyn_cast<CmpInst>(I))
        Result = ConstantFoldCompareInstOperands(Compare->getPredicate(), Operands[0], Operands[1], Layout);
      else
        Result = ConstantFoldInstOperands(I, Operands, Layout);
      if (!Result || !isa<ConstantInt>(Result))
        return std::nullopt;
      Values[I] = Result;
    }
    const bool Runs = cast<ConstantInt>(Values.lookup(S.Condition))->isOne() == S.ActiveWhen;
    if (Runs && Active != Item)
      return std::nullopt; // an active work-item after an inactive one
    Active += Runs;
  }
  return Active;
}

/// RuntimeLimit is `Limit`, where the header's condition is `counter < Limit` with Limit the
/// same for every work-item, compared in `CompareType`.
struct RuntimeLimit {
  Value *Limit;
  bool Signed;
  Type *CompareType;
};

/// asCounter() is true when V is the loop counter, or a cast of it that keeps its value (the
/// counter runs from 0 to the tile's extent, far below the range of any integer type).
bool asCounter(Value *V, PHINode *Counter) {
  if (V == Counter)
    return true;
  auto *Cast = dyn_cast<CastInst>(V);
  return Cast && (isa<TruncInst>(Cast) || isa<ZExtInst>(Cast) || isa<SExtInst>(Cast)) &&
         Cast->getOperand(0) == Counter && Cast->getType()->getScalarSizeInBits() >= 16;
}

/// limitOf() is the limit of a selection on `counter < s`, s the same for every work-item.
std::optional<RuntimeLimit> limitOf(const Loop &L, const Selection &S, PHINode *Counter) {
  auto *Compare = dyn_cast<ICmpInst>(S.Condition);
  if (!Compare || !S.ActiveWhen)
    return std::nullopt;
  ICmpInst::Predicate Predicate = Compare->getPredicate();
  Value *Left = Compare->getOperand(0), *Right = Compare->getOperand(1);
  if (!asCounter(Left, Counter)) {
    std::swap(Left, Right);
    Predicate = ICmpInst::getSwappedPredicate(Predicate);
  }
  if (!asCounter(Left, Counter) || !L.isLoopInvariant(Right))
    return std::nullopt;
  if (Predicate != ICmpInst::ICMP_ULT && Predicate != ICmpInst::ICMP_SLT)
    return std::nullopt;
  return RuntimeLimit{Right, Predicate == ICmpInst::ICMP_SLT, Left->getType()};
}

/// inactiveWorkItemsDoNothing() is true when what an inactive work-item runs (the header and
/// the latch) has no effect, and nothing the loop computes is used after it.
bool inactiveWorkItemsDoNothing(const Loop &L) {
  BasicBlock *Header = L.getHeader(), *Latch = L.getLoopLatch();
  for (BasicBlock *Block : L.blocks())
    for (Instruction &I : *Block) {
      for (User *U : I.users())
        if (!L.contains(cast<Instruction>(U)))
          return false;
      if ((Block == Header || Block == Latch) && I.mayHaveSideEffects() && !I.isTerminator())
        return false;
    }
  return true;
}

/// Trimmed is what trim() made of a loop: its work-items, and how many of them still run where
/// that is known at compile time.
struct Trimmed {
  uint64_t Extent;
  std::optional<uint64_t> Active;
};

/// trim() narrows `L` if it qualifies.
std::optional<Trimmed> trim(Loop &L) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Header = L.getHeader(), *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getExitBlock();
  PHINode *Counter = L.getCanonicalInductionVariable();
  if (!Preheader || !Latch || !Exit || !Counter || L.getExitingBlock() != Latch || !Exit->phis().empty())
    return std::nullopt;
  // The latch: `next = counter + 1; if (next == extent) exit`.
  auto *LatchBranch = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!LatchBranch || !LatchBranch->isConditional())
    return std::nullopt;
  auto *ExitTest = dyn_cast<ICmpInst>(LatchBranch->getCondition());
  auto *Next = dyn_cast<Instruction>(Counter->getIncomingValueForBlock(Latch));
  if (!ExitTest || !ExitTest->hasOneUse() || !Next || ExitTest->getOperand(0) != Next ||
      !isa<ConstantInt>(ExitTest->getOperand(1)))
    return std::nullopt;
  const bool ExitsOnEqual = ExitTest->getPredicate() == ICmpInst::ICMP_EQ && LatchBranch->getSuccessor(0) == Exit;
  const bool ExitsOnNotEqual = ExitTest->getPredicate() == ICmpInst::ICMP_NE && LatchBranch->getSuccessor(1) == Exit;
  if (!ExitsOnEqual && !ExitsOnNotEqual)
    return std::nullopt;
  const std::optional<Selection> S = selectionOf(L);
  if (!S || !inactiveWorkItemsDoNothing(L))
    return std::nullopt;

  const uint64_t Extent = cast<ConstantInt>(ExitTest->getOperand(1))->getZExtValue();
  const Trimmed Result{Extent, countActiveItems(L, *S, Counter, Extent)};
  Value *Bound;
  if (Result.Active) {
    Bound = ConstantInt::get(Counter->getType(), *Result.Active);
    if (*Result.Active % InterleavedWorkItemMultiple != 0)
      L.setLoopID(makePostTransformationMetadata(L.getHeader()->getContext(), L.getLoopID(),
                                                 {"llvm.loop.interleave.count"}, {}));
  } else {
    const std::optional<RuntimeLimit> Guard = limitOf(L, *S, Counter);
    if (!Guard)
      return std::nullopt;
    // bound = min(extent, max(limit, 0)), in the comparison's type, then as the counter.
    IRBuilder<> B(Preheader->getTerminator());
    Value *Active = Guard->Limit;
    if (Guard->Signed)
      Active = B.CreateBinaryIntrinsic(Intrinsic::smax, Active, ConstantInt::get(Guard->CompareType, 0));
    Active = B.CreateBinaryIntrinsic(Intrinsic::umin, Active, ConstantInt::get(Guard->CompareType, Extent));
    Bound = B.CreateZExtOrTrunc(Active, Counter->getType(), "active.items");
  }
  // No active work-item: skip the loop.
  Instruction *Enter = Preheader->getTerminator();
  IRBuilder<> B(Enter);
  B.CreateCondBr(B.CreateICmpEQ(Bound, ConstantInt::get(Counter->getType(), 0)), Exit, Header);
  Enter->eraseFromParent();
  // Every iteration left is an active work-item's.
  S->Condition->replaceAllUsesWith(ConstantInt::getBool(S->Condition->getContext(), S->ActiveWhen));
  RecursivelyDeleteTriviallyDeadInstructions(S->Condition);
  ConstantFoldTerminator(Header);
  if (S->Skip != Latch)
    DeleteDeadBlock(S->Skip);
  ExitTest->setOperand(1, Bound);
  return Result;
}

} // namespace

PreservedAnalyses TrimInactiveWorkItems::run(Function &F, FunctionAnalysisManager &AM) {
  LoopInfo &Loops = AM.getResult<LoopAnalysis>(F);
  SmallVector<Loop *, 8> Candidates;
  for (Loop *L : Loops.getLoopsInPreorder())
    if (L->isInnermost() && isWorkItemLoop(*L))
      Candidates.push_back(L);
  // The loops are not in simplified form here (the vectoriser simplifies them itself): the
  // latch of one piece's loop may branch to the next one's header. Give each a preheader and
  // dedicated exits first, while the dominator tree is valid; trim() then changes only the
  // branches around it.
  auto &Dominators = AM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false;
  for (Loop *L : Candidates)
    Changed |= simplifyLoop(L, &Dominators, &Loops, nullptr, nullptr, nullptr, /*PreserveLCSSA=*/false);
  auto &Remarks = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  for (Loop *L : Candidates) {
    const DebugLoc Location = L->getStartLoc();
    BasicBlock *Header = L->getHeader();
    const std::optional<Trimmed> Result = trim(*L);
    if (!Result)
      continue;
    Changed = true;
    Remarks.emit([&] {
      OptimizationRemark Remark(RemarkPass, "TrimmedWorkItemLoop", Location, Header);
      Remark << "work-item loop stops after the work-items that pass its condition";
      if (Result->Active)
        Remark << ": " << ore::NV("Active", *Result->Active) << " of " << ore::NV("Extent", Result->Extent);
      return Remark;
    });
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ample
