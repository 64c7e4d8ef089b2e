// TrimInactiveWorkItems: a work-item loop whose body is `if (local < s) { ... }` runs s
// work-items, not the whole tile.
//
// Tree reductions halve the active work-items at every step:
//     for (int s = TILE / 2; s > 0; s >>= 1) { if (local < s) t[local] += t[local + s]; barrier }
// Each step is a piece, and its work-item loop went over all TILE work-items, the vectoriser
// masking every lane of the inactive ones: the nine steps of a 512-wide tile cost nine full
// loops (576 vector iterations of masked loads and stores) where the active work-items need 63.
//
// An innermost work-item loop qualifies when its header branches on `counter < s` (`s` the same
// for every work-item, the comparison signed or unsigned, the counter possibly cast), its false
// way goes straight to the latch, and nothing else the loop does has an effect or a value
// outside it: then the work-items from s on do nothing, and the loop may stop at
// min(tile extent, s) instead, skipping the loop where that is 0. The condition is true in every
// iteration that is left, so the body runs unconditionally and vectorises without masks.
//
// Where s is a constant, so is the new trip count, and a count that is not a multiple of
// InterleavedWorkItemMultiple loses the loop's interleave count, as FormWorkItemLoops would not
// have given it one. It must: a trip count below 16 makes the vectoriser fold the tail into
// masks, and with two interleaved iterations LLVM 14 then moved a load of one work-item below
// its own masked store to the same address (the down-sweep of a Blelloch scan, 8 active
// work-items: tests/tiled_fuzz/regressions/clang14_o3_blelloch_scan.cpp). LLVM 15 keeps their
// order.
#include "Contract.h"
#include "Passes.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace ample {
namespace {

/// Guard is the comparison `counter < Limit` that selects the active work-items.
struct Guard {
  ICmpInst *Compare;
  Value *Limit;
  bool Signed;
  Type *CompareType; ///< the type the comparison is made in
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

/// guardOf() is the header's comparison of the counter with a loop-invariant limit, if the
/// header branches on one to the body (true) and the latch (false).
std::optional<Guard> guardOf(const Loop &L, PHINode *Counter) {
  auto *Branch = dyn_cast<BranchInst>(L.getHeader()->getTerminator());
  if (!Branch || !Branch->isConditional() || Branch->getSuccessor(1) != L.getLoopLatch() ||
      Branch->getSuccessor(0) == L.getLoopLatch())
    return std::nullopt;
  auto *Compare = dyn_cast<ICmpInst>(Branch->getCondition());
  if (!Compare || Compare->getParent() != L.getHeader())
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
  return Guard{Compare, Right, Predicate == ICmpInst::ICMP_SLT, Left->getType()};
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

/// knownActiveItems() is min(extent, max(limit, 0)) where the limit is a constant.
std::optional<uint64_t> knownActiveItems(const Guard &G, uint64_t Extent) {
  const auto *Limit = dyn_cast<ConstantInt>(G.Limit);
  if (!Limit)
    return std::nullopt;
  if (G.Signed)
    return Limit->isNegative() ? 0 : std::min<uint64_t>(Limit->getSExtValue(), Extent);
  return Limit->getValue().getActiveBits() > 64 ? Extent : std::min(Limit->getZExtValue(), Extent);
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
  const std::optional<Guard> G = guardOf(L, Counter);
  if (!G || !inactiveWorkItemsDoNothing(L))
    return std::nullopt;

  // bound = min(extent, max(limit, 0)), in the comparison's type, then as the counter.
  IRBuilder<> B(Preheader->getTerminator());
  Type *Wide = G->CompareType;
  auto *Extent = cast<ConstantInt>(ExitTest->getOperand(1));
  const Trimmed Result{Extent->getZExtValue(), knownActiveItems(*G, Extent->getZExtValue())};
  Value *Bound;
  if (Result.Active) {
    Bound = ConstantInt::get(Counter->getType(), *Result.Active);
    if (*Result.Active % InterleavedWorkItemMultiple != 0)
      L.setLoopID(makePostTransformationMetadata(L.getHeader()->getContext(), L.getLoopID(),
                                                 {"llvm.loop.interleave.count"}, {}));
  } else {
    Value *Limit = G->Limit;
    if (G->Signed)
      Limit = B.CreateBinaryIntrinsic(Intrinsic::smax, Limit, ConstantInt::get(Wide, 0));
    Bound = B.CreateBinaryIntrinsic(Intrinsic::umin, Limit, ConstantInt::get(Wide, Extent->getZExtValue()));
    Bound = B.CreateZExtOrTrunc(Bound, Counter->getType(), "active.items");
  }
  // No active work-item: skip the loop.
  Instruction *Enter = Preheader->getTerminator();
  B.CreateCondBr(B.CreateICmpEQ(Bound, ConstantInt::get(Counter->getType(), 0)), Exit, Header);
  Enter->eraseFromParent();
  // Every iteration left is an active work-item's.
  G->Compare->replaceAllUsesWith(ConstantInt::getTrue(G->Compare->getContext()));
  G->Compare->eraseFromParent();
  ConstantFoldTerminator(Header);
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
