// LockstepInnerLoops: when every work-item of a row runs an inner loop of its own, and
// neighbouring work-items read neighbouring elements in it, the row runs that loop in lockstep:
// round k runs iteration k of every work-item still in its loop, as a loop over the work-items.
//
// A cascading reduction first lets each work-item sum a strided run of the input:
//     for (int i = t_idx.global[0]; i < size; i += STRIDE) sum += a[i];
// Its work-item loop ran one work-item's whole run, then the next one's: each iteration read one
// int from a different page, and the next work-item came back for the neighbouring int after the
// line had left the cache (a 16 M-int cascade took 17 times as long as a serial sum). In
// lockstep, round k reads a[base + k * STRIDE + w] for the row's work-items w: one contiguous,
// vectorisable run per round.
//
// Work-items between two barriers are unordered (C++ AMP promises no order, and a GPU runs them
// in lockstep), so any interleaving that keeps each work-item's own order is a valid schedule.
// The work-item loop becomes three loops over the row:
//   before: each work-item runs up to its inner loop; it records whether it enters it, where
//           it continues afterwards, and its values that later parts use (per-work-item slots);
//   rounds: while a work-item is still in its loop, one iteration of every such work-item;
//           induction variables are recomputed from the work-item and the round (so the
//           addresses stay affine in the work-item: contiguous vector loads), the other loop
//           values live in slots;
//   after:  each work-item continues where it left the inner loop (or where it went past it).
// A round costs a pass over the whole row, so work-items with very unequal trip counts pay for
// the longest one: the loop is only transformed when it reads memory that is contiguous across
// work-items and strided along the loop (otherwise the work-item's own loop vectorises better).
#include "Contract.h"
#include "Passes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <optional>

using namespace llvm;

namespace ample {
namespace {

/// The three parts of a work-item's run: up to the inner loop, the inner loop, after it.
enum class Part { Before, Inner, After };

/// The most work-items in a row, and the most values kept per work-item, that the transformation
/// takes: each value is a stack array of one slot per work-item.
constexpr uint64_t MaxRow = 1024;
constexpr size_t MaxSlots = 16;
/// The most places where the part after the inner loop can resume (its exits and the edges
/// past it).
constexpr size_t MaxEntries = 8;

/// An induction variable, as the SCEVs of `Start + ItemStep * item + RoundStep * round`
/// (RoundStep null for one of the work-item loop, which has no rounds).
struct Induction {
  PHINode *Phi;
  const SCEV *Start, *ItemStep, *RoundStep;
};

/// Plan is what the analysis found: the loops, the parts, and how each value crosses them.
struct Plan {
  Loop *Items = nullptr, *Inner = nullptr;
  PHINode *Counter = nullptr;
  uint64_t Row = 0;
  SmallVector<BasicBlock *, 2> Exits; ///< the inner loop's exit blocks
  DenseMap<BasicBlock *, Part> PartOf;
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 2> Bypasses; ///< edges from Before to After
  /// Values used after the work-item loop, with their SCEV there (the last work-item's value).
  SmallVector<std::pair<Instruction *, const SCEV *>, 2> LiveOut;
  SmallVector<Induction, 2> ItemInductions;                        ///< header phis of Items
  SmallVector<Induction, 2> InnerInductions;                       ///< recomputed each round
  SmallVector<PHINode *, 4> InnerState;                            ///< kept in slots
};

Part partOf(const Plan &P, const BasicBlock *Block) { return P.PartOf.lookup(Block); }

/// affineIn() is `S` as an affine recurrence of `L` whose start and step do not vary in `Outer`.
const SCEVAddRecExpr *affineIn(const SCEV *S, const Loop *L, const Loop *Outer, ScalarEvolution &SE) {
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(S);
  if (!Rec || Rec->getLoop() != L || !Rec->isAffine() || !SE.isLoopInvariant(Rec->getStart(), Outer) ||
      !SE.isLoopInvariant(Rec->getStepRecurrence(SE), Outer))
    return nullptr;
  return Rec;
}

bool expandable(const SCEV *S) {
  return S && !SCEVExprContains(S, [](const SCEV *X) { return isa<SCEVUDivExpr>(X); });
}

/// innerInduction() describes an inner header phi as start + item step * w + round step * k.
std::optional<Induction> innerInduction(PHINode *Phi, const Plan &P, ScalarEvolution &SE) {
  if (!SE.isSCEVable(Phi->getType()))
    return std::nullopt;
  const auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi));
  if (!Rec || Rec->getLoop() != P.Inner || !Rec->isAffine() || !SE.isLoopInvariant(Rec->getStepRecurrence(SE), P.Items))
    return std::nullopt;
  const SCEV *RoundStep = Rec->getStepRecurrence(SE);
  Induction Result{Phi, Rec->getStart(), nullptr, RoundStep};
  if (const SCEVAddRecExpr *Start = affineIn(Rec->getStart(), P.Items, P.Items, SE)) {
    Result.Start = Start->getStart();
    Result.ItemStep = Start->getStepRecurrence(SE);
  } else if (!SE.isLoopInvariant(Rec->getStart(), P.Items)) {
    return std::nullopt;
  }
  if (!expandable(Result.Start) || (Result.ItemStep && !expandable(Result.ItemStep)) || !expandable(RoundStep))
    return std::nullopt;
  return Result;
}

/// perItemSlots() is true when every access of `Object` in `Items` reaches a part of it that is
/// the work-item's alone: address object + offset + step * item with 0 <= offset, offset + size
/// <= step (a context array of one slot per work-item).
bool perItemSlots(const AllocaInst &Object, const Plan &P, ScalarEvolution &SE, const DataLayout &DL) {
  const SCEV *Base = SE.getSCEV(const_cast<AllocaInst *>(&Object));
  SmallVector<const Value *, 8> Work{&Object};
  SmallPtrSet<const Value *, 8> Seen{&Object};
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      const auto *I = dyn_cast<Instruction>(U);
      if (!I || !P.Items->contains(I))
        continue;
      if (isa<GetElementPtrInst>(I) || isa<BitCastInst>(I)) {
        if (Seen.insert(I).second)
          Work.push_back(I);
        continue;
      }
      const Value *Pointer = getLoadStorePointerOperand(I);
      if (!Pointer || (isa<StoreInst>(I) && cast<StoreInst>(I)->getValueOperand() == V))
        return false;
      const auto *Rec = affineIn(SE.getSCEV(const_cast<Value *>(Pointer)), P.Items, P.Items, SE);
      const auto *Step = Rec ? dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE)) : nullptr;
      const auto *Offset = Rec ? dyn_cast<SCEVConstant>(SE.getMinusSCEV(Rec->getStart(), Base)) : nullptr;
      if (!Step || !Offset)
        return false;
      const int64_t Size = int64_t(DL.getTypeStoreSize(getLoadStoreType(const_cast<Instruction *>(I))));
      const int64_t Stride = Step->getAPInt().getSExtValue(), At = Offset->getAPInt().getSExtValue();
      if (At < 0 || At + Size > Stride)
        return false;
    }
  }
  return true;
}

/// privateMemoryAllows() is true when no work-item's private stack memory is shared by the
/// interleaving: a stack object the loop uses (other than tile_static storage) is either sliced
/// into one slot per work-item, or used in one part that is not the inner loop.
bool privateMemoryAllows(const Plan &P, Function &F, ScalarEvolution &SE) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  for (Instruction &I : F.getEntryBlock()) {
    auto *Object = dyn_cast<AllocaInst>(&I);
    if (!Object || Object->getMetadata(TileStaticMetadata))
      continue;
    SmallPtrSet<BasicBlock *, 8> Blocks;
    SmallVector<const Value *, 8> Work{Object};
    SmallPtrSet<const Value *, 8> Seen{Object};
    while (!Work.empty()) {
      const Value *V = Work.pop_back_val();
      for (const User *U : V->users())
        if (const auto *User = dyn_cast<Instruction>(U)) {
          if (P.Items->contains(User))
            Blocks.insert(const_cast<BasicBlock *>(User->getParent()));
          if ((isa<GetElementPtrInst>(User) || isa<CastInst>(User) || isa<PHINode>(User) || isa<SelectInst>(User)) &&
              Seen.insert(User).second)
            Work.push_back(User);
        }
    }
    if (Blocks.empty() || perItemSlots(*Object, P, SE, DL))
      continue;
    const Part First = partOf(P, *Blocks.begin());
    if (First == Part::Inner || any_of(Blocks, [&](BasicBlock *B) { return partOf(P, B) != First; }))
      return false;
  }
  return true;
}

/// Stride is how an address moves, in bytes: per work-item and per iteration of the inner loop
/// (null where unknown).
struct Stride {
  const SCEV *Across = nullptr, *Along = nullptr;
};

/// strideOf() is how `Address` moves across the work-items and along the inner loop: an affine
/// recurrence of the inner loop whose start is one of the work-item loop.
Stride strideOf(const SCEV *Address, const Plan &P, ScalarEvolution &SE) {
  const auto *Along = dyn_cast<SCEVAddRecExpr>(Address);
  if (!Along || Along->getLoop() != P.Inner || !Along->isAffine())
    return {};
  const auto *Across = dyn_cast<SCEVAddRecExpr>(Along->getStart());
  if (!Across || Across->getLoop() != P.Items || !Across->isAffine())
    return {};
  return {Across->getStepRecurrence(SE), Along->getStepRecurrence(SE)};
}

/// WithoutOverflow rewrites a SCEV as if its extended narrower values did not overflow:
/// sext/zext of a sum, product or recurrence becomes the sum, product or recurrence of the
/// extended parts. Addresses computed from int indices then show how they move (an estimate:
/// only for deciding whether lockstep pays).
class WithoutOverflow : public SCEVRewriteVisitor<WithoutOverflow> {
public:
  using SCEVRewriteVisitor::SCEVRewriteVisitor;
  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *E) { return extend(visit(E->getOperand()), E->getType(), true); }
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *E) { return extend(visit(E->getOperand()), E->getType(), false); }

private:
  const SCEV *extend(const SCEV *Op, Type *Type, bool Signed) {
    if (const auto *Rec = dyn_cast<SCEVAddRecExpr>(Op); Rec && Rec->isAffine())
      return SE.getAddRecExpr(extend(Rec->getStart(), Type, Signed), extend(Rec->getStepRecurrence(SE), Type, Signed),
                              Rec->getLoop(), SCEV::FlagAnyWrap);
    if (isa<SCEVAddExpr>(Op) || isa<SCEVMulExpr>(Op)) {
      SmallVector<const SCEV *, 4> Parts;
      for (const SCEV *Part : cast<SCEVNAryExpr>(Op)->operands())
        Parts.push_back(extend(Part, Type, Signed));
      return isa<SCEVAddExpr>(Op) ? SE.getAddExpr(Parts) : SE.getMulExpr(Parts);
    }
    return Signed ? SE.getSignExtendExpr(Op, Type) : SE.getZeroExtendExpr(Op, Type);
  }
};

/// strideOfAccess() is strideOf() an access's address, read as if its int indices did not
/// overflow.
Stride strideOfAccess(Instruction &Access, const Plan &P, ScalarEvolution &SE) {
  return strideOf(WithoutOverflow(SE).visit(SE.getSCEV(getLoadStorePointerOperand(&Access))), P, SE);
}

/// readsAcrossItems() is true when the inner loop reads or writes memory that is contiguous
/// across the work-items and not along the loop: what running in lockstep makes contiguous.
bool readsAcrossItems(const Plan &P, ScalarEvolution &SE, const DataLayout &DL) {
  for (BasicBlock *Block : P.Inner->blocks())
    for (Instruction &I : *Block) {
      if (!getLoadStorePointerOperand(&I))
        continue;
      const Stride S = strideOfAccess(I, P, SE);
      const int64_t Size = int64_t(DL.getTypeStoreSize(getLoadStoreType(&I)));
      const auto *Across = dyn_cast_or_null<SCEVConstant>(S.Across);
      const auto *Along = dyn_cast_or_null<SCEVConstant>(S.Along);
      if (!Across || Across->getAPInt().getSExtValue() != Size)
        continue;
      if (Along && std::abs(Along->getAPInt().getSExtValue()) == Size)
        continue;
      return true;
    }
  return false;
}

/// analyse() is the plan for running `Items`' inner loop in lockstep, if it qualifies.
std::optional<Plan> analyse(Loop &Items, Function &F, ScalarEvolution &SE) {
  Plan P;
  P.Items = &Items;
  if (Items.getSubLoops().size() != 1 || !Items.isLoopSimplifyForm())
    return std::nullopt;
  P.Inner = Items.getSubLoops().front();
  Loop &Inner = *P.Inner;
  P.Counter = Items.getCanonicalInductionVariable();
  P.Row = SE.getSmallConstantTripCount(&Items);
  Inner.getUniqueExitBlocks(P.Exits);
  BasicBlock *Latch = Items.getLoopLatch(), *Header = Items.getHeader();
  if (!Inner.isInnermost() || !Inner.isLoopSimplifyForm() || !P.Counter || P.Row == 0 || P.Row > MaxRow ||
      P.Exits.empty() || Items.getExitingBlock() != Latch || !Items.getExitBlock())
    return std::nullopt;

  // The parts: after = what the inner loop's exits reach before the next work-item.
  SmallVector<BasicBlock *, 8> Work(P.Exits.begin(), P.Exits.end());
  for (BasicBlock *Exit : P.Exits)
    P.PartOf[Exit] = Part::After;
  while (!Work.empty())
    for (BasicBlock *Next : successors(Work.pop_back_val()))
      if (Items.contains(Next) && Next != Header && P.PartOf.try_emplace(Next, Part::After).second)
        Work.push_back(Next);
  for (BasicBlock *Block : Inner.blocks())
    if (!P.PartOf.try_emplace(Block, Part::Inner).second)
      return std::nullopt;
  for (BasicBlock *Block : Items.blocks())
    P.PartOf.try_emplace(Block, Part::Before);
  if (partOf(P, Latch) != Part::After || partOf(P, Header) != Part::Before ||
      partOf(P, Inner.getLoopPreheader()) != Part::Before)
    return std::nullopt;

  // Edges: before -> inner only into its preheader's loop, before -> after are bypasses, after
  // goes nowhere earlier but round the work-item loop; no unwinding anywhere.
  for (BasicBlock *Block : Items.blocks()) {
    Instruction *End = Block->getTerminator();
    if (!isa<BranchInst>(End) && !isa<SwitchInst>(End))
      return std::nullopt;
    if (Block->isEHPad())
      return std::nullopt;
    SmallPtrSet<BasicBlock *, 4> Targets;
    for (BasicBlock *Next : successors(Block)) {
      const bool Repeated = !Targets.insert(Next).second;
      if (!Items.contains(Next)) {
        if (Block != Latch)
          return std::nullopt;
        continue;
      }
      const Part From = partOf(P, Block), To = partOf(P, Next);
      if (From == Part::Before && To == Part::After) {
        if (Repeated)
          return std::nullopt;
        P.Bypasses.push_back({Block, Next});
      } else if (From == Part::After && To != Part::After && !(Block == Latch && Next == Header)) {
        return std::nullopt;
      } else if (From == Part::Inner && To == Part::After && Repeated) {
        return std::nullopt;
      }
    }
  }

  // What the loops compute: a value used after the work-item loop is the last work-item's,
  // which SCEV must know (an induction's final value); the inner loop only computes (no calls,
  // no stack objects).
  for (BasicBlock *Block : Items.blocks())
    for (Instruction &I : *Block) {
      if (any_of(I.users(), [&](User *U) { return !Items.contains(cast<Instruction>(U)); })) {
        if (!SE.isSCEVable(I.getType()))
          return std::nullopt;
        const SCEV *AtExit = SE.getSCEVAtScope(&I, Items.getParentLoop());
        if (isa<SCEVCouldNotCompute>(AtExit) || !SE.isLoopInvariant(AtExit, &Items) || !expandable(AtExit))
          return std::nullopt;
        P.LiveOut.push_back({&I, AtExit});
      }
      if (isa<AllocaInst>(I))
        return std::nullopt;
      if (const auto *Call = dyn_cast<CallBase>(&I); Call && Inner.contains(&I) && !isa<DbgInfoIntrinsic>(Call) &&
                                                     (!isa<IntrinsicInst>(Call) || Call->mayHaveSideEffects()))
        return std::nullopt;
    }

  // The work-item loop's own inductions become functions of the counter.
  for (PHINode &Phi : Header->phis()) {
    if (&Phi == P.Counter)
      continue;
    const SCEVAddRecExpr *Rec = SE.isSCEVable(Phi.getType()) ? affineIn(SE.getSCEV(&Phi), &Items, &Items, SE) : nullptr;
    if (!Rec || !expandable(Rec->getStart()) || !expandable(Rec->getStepRecurrence(SE)))
      return std::nullopt;
    P.ItemInductions.push_back({&Phi, Rec->getStart(), Rec->getStepRecurrence(SE), nullptr});
  }
  for (PHINode &Phi : Inner.getHeader()->phis()) {
    if (std::optional<Induction> Recomputed = innerInduction(&Phi, P, SE))
      P.InnerInductions.push_back(*Recomputed);
    else
      P.InnerState.push_back(&Phi);
  }
  size_t Slots = P.InnerState.size();
  for (BasicBlock *Exit : P.Exits)
    Slots += size_t(std::distance(Exit->phis().begin(), Exit->phis().end()));
  const DataLayout &DL = F.getParent()->getDataLayout();
  if (Slots > MaxSlots || P.Exits.size() + P.Bypasses.size() > MaxEntries || !privateMemoryAllows(P, F, SE) || !readsAcrossItems(P, SE, DL))
    return std::nullopt;
  return P;
}

/// Lockstep rewrites one planned loop.
class Lockstep {
public:
  Lockstep(Plan &P, Function &F, ScalarEvolution &SE)
      : P(P), F(F), Ctx(F.getContext()), CounterType(P.Counter->getType()),
        Expander(SE, F.getParent()->getDataLayout(), "lockstep") {}

  void run();

private:
  BasicBlock *block(const Twine &Name) { return BasicBlock::Create(Ctx, "lockstep." + Name, &F); }
  Value *count(uint64_t N) { return ConstantInt::get(CounterType, N); }
  /// slot() is a new stack array of one `Type` per work-item.
  AllocaInst *slot(Type *Type, const Twine &Name);
  Value *at(IRBuilder<> &B, AllocaInst *Slot, Value *Item) {
    return B.CreateInBoundsGEP(Slot->getAllocatedType(), Slot, {count(0), Item});
  }
  Value *load(IRBuilder<> &B, AllocaInst *Slot, Value *Item) {
    return B.CreateLoad(Slot->getAllocatedType()->getArrayElementType(), at(B, Slot, Item));
  }
  void store(IRBuilder<> &B, Value *V, AllocaInst *Slot, Value *Item) { B.CreateStore(V, at(B, Slot, Item)); }
  Value *expand(const SCEV *S);
  /// evaluate() is start + item step * item + round step * round, in the phi's type.
  Value *evaluate(IRBuilder<> &B, const Induction &I, Value *Item, Value *Round);
  /// copyIn() is `V` as the part `Where` sees it: a value made before the inner loop is read
  /// from its slot, the counter is the part's own.
  Value *copyIn(Part Where, Value *V);
  void setLoopProperties(BranchInst *Latch);

  Plan &P;
  Function &F;
  LLVMContext &Ctx;
  Type *CounterType;
  SCEVExpander Expander;
  DenseMap<const SCEV *, Value *> Expanded;
  MDNode *LoopId = nullptr;
  PHINode *LaneItem = nullptr, *AfterItem = nullptr;
  IRBuilder<> *InnerLoads = nullptr, *AfterLoads = nullptr;
  DenseMap<Instruction *, AllocaInst *> SlotOf;
  DenseMap<std::pair<Instruction *, int>, Value *> Copies;
};

AllocaInst *Lockstep::slot(Type *Type, const Twine &Name) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  return B.CreateAlloca(ArrayType::get(Type, P.Row), nullptr, "lockstep." + Name);
}

Value *Lockstep::expand(const SCEV *S) {
  auto [Found, New] = Expanded.try_emplace(S, nullptr);
  if (New)
    Found->second = Expander.expandCodeFor(S, S->getType(), P.Items->getLoopPreheader()->getTerminator());
  return Found->second;
}

Value *Lockstep::evaluate(IRBuilder<> &B, const Induction &I, Value *Item, Value *Round) {
  llvm::Type *PhiType = I.Phi->getType();
  llvm::Type *OffsetType = !PhiType->isPointerTy() ? PhiType : I.ItemStep ? I.ItemStep->getType() : I.RoundStep->getType();
  Value *Offset = ConstantInt::get(OffsetType, 0);
  if (I.ItemStep)
    Offset = B.CreateMul(expand(I.ItemStep), B.CreateZExtOrTrunc(Item, OffsetType));
  if (I.RoundStep)
    Offset = B.CreateAdd(Offset, B.CreateMul(expand(I.RoundStep), B.CreateZExtOrTrunc(Round, OffsetType)));
  if (PhiType->isPointerTy())
    return B.CreateGEP(B.getInt8Ty(), expand(I.Start), Offset, I.Phi->getName());
  return B.CreateAdd(expand(I.Start), Offset, I.Phi->getName());
}

Value *Lockstep::copyIn(Part Where, Value *V) {
  auto *I = dyn_cast<Instruction>(V);
  if (Where == Part::Before || !I || !P.Items->contains(I) || partOf(P, I->getParent()) != Part::Before)
    return V;
  if (I == P.Counter)
    return Where == Part::Inner ? LaneItem : AfterItem;
  Value *&Copy = Copies[{I, int(Where)}];
  if (Copy)
    return Copy;
  AllocaInst *&Slot = SlotOf[I];
  if (!Slot) {
    Slot = slot(I->getType(), I->getName());
    BasicBlock *Block = I->getParent();
    IRBuilder<> Store(Block, isa<PHINode>(I) ? Block->getFirstInsertionPt() : std::next(I->getIterator()));
    store(Store, I, Slot, P.Counter);
    replaceDbgUsesWithUndef(I);
  }
  Copy = Where == Part::Inner ? load(*InnerLoads, Slot, LaneItem) : load(*AfterLoads, Slot, AfterItem);
  return Copy;
}

void Lockstep::setLoopProperties(BranchInst *Latch) {
  SmallVector<Metadata *, 6> Properties{nullptr};
  for (const MDOperand &Operand : drop_begin(LoopId->operands()))
    Properties.push_back(Operand);
  MDNode *Copy = MDNode::getDistinct(Ctx, Properties);
  Copy->replaceOperandWith(0, Copy);
  Latch->setMetadata(LLVMContext::MD_loop, Copy);
}

void Lockstep::run() {
  Loop &Items = *P.Items, &Inner = *P.Inner;
  BasicBlock *Header = Items.getHeader(), *Latch = Items.getLoopLatch(), *InnerHeader = Inner.getHeader();
  BasicBlock *InnerPreheader = Inner.getLoopPreheader(), *InnerLatch = Inner.getLoopLatch();
  LoopId = Items.getLoopID();
  SmallVector<BasicBlock *, 16> Blocks(Items.blocks().begin(), Items.blocks().end());
  // The inner loop's exit edges, each as (block, successor number, exit number).
  struct ExitEdge {
    BasicBlock *From;
    unsigned Successor;
    unsigned Exit;
  };
  SmallVector<ExitEdge, 2> ExitEdges;
  for (BasicBlock *Block : Inner.blocks())
    for (unsigned S = 0; S < Block->getTerminator()->getNumSuccessors(); ++S)
      if (auto *It = find(P.Exits, Block->getTerminator()->getSuccessor(S)); It != P.Exits.end())
        ExitEdges.push_back({Block, S, unsigned(It - P.Exits.begin())});

  // Values used after the work-item loop: the last work-item's, computed after it.
  BasicBlock *ItemsExit = Items.getExitBlock();
  for (auto [I, AtExit] : P.LiveOut) {
    Value *Final = Expander.expandCodeFor(AtExit, I->getType(), &*ItemsExit->getFirstInsertionPt());
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (Items.contains(User))
        continue;
      if (auto *Closing = dyn_cast<PHINode>(User); Closing && Closing->getParent() == ItemsExit) {
        Closing->replaceAllUsesWith(Final);
        Closing->eraseFromParent();
      } else {
        U.set(Final);
      }
    }
  }

  // The work-item loop's other inductions become values of the counter.
  IRBuilder<> B(&*Header->getFirstInsertionPt());
  for (const Induction &I : P.ItemInductions) {
    Value *Old = I.Phi->getIncomingValueForBlock(Latch);
    I.Phi->replaceAllUsesWith(evaluate(B, I, P.Counter, nullptr));
    I.Phi->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(Old);
  }
  for (const Induction &I : P.InnerInductions)
    for (const SCEV *S : {I.Start, I.ItemStep, I.RoundStep})
      if (S)
        expand(S);

  BasicBlock *BeforeLatch = block("before.next"), *RoundsStart = block("rounds"), *Round = block("round"),
             *Lane = block("lane"), *Enter = block("lane.enter"), *Continue = block("lane.continue"),
             *LaneNext = block("lane.next"), *RoundNext = block("round.next"), *AfterHeader = block("after");
  // Flags as 32-bit values, like the values beside them in a vector. Entry: where the part
  // after resumes (exit n of the inner loop: n; the n-th edge past the loop: exits + n).
  AllocaInst *Active = slot(Type::getInt32Ty(Ctx), "active"), *Entry = slot(Type::getInt32Ty(Ctx), "entry");
  SmallVector<AllocaInst *, 4> StateSlots;
  for (PHINode *Phi : P.InnerState)
    StateSlots.push_back(slot(Phi->getType(), Phi->getName()));
  SmallVector<SmallVector<AllocaInst *, 4>, 2> ExitSlots(P.Exits.size());
  for (size_t E = 0; E < P.Exits.size(); ++E)
    for (PHINode &Phi : P.Exits[E]->phis())
      ExitSlots[E].push_back(slot(Phi.getType(), Phi.getName()));

  // The rounds: a counter k, and in each round a loop over the row's work-items that runs one
  // iteration of each work-item still in its loop, counting those that stay. Each work-item's
  // slots are read at the start and written back at the end whether it ran or not: stores under
  // a mask (what the vectoriser makes of conditional ones) are slow on some machines (AMD's
  // take several cycles each), plain stores of a select are not.
  B.SetInsertPoint(RoundsStart);
  B.CreateBr(Round);
  B.SetInsertPoint(Round);
  PHINode *K = B.CreatePHI(CounterType, 2, "round");
  PHINode *Stayed = B.CreatePHI(B.getInt32Ty(), 2, "round.stayed");
  BranchInst *RoundEnd = B.CreateBr(Lane);
  B.SetInsertPoint(Lane);
  LaneItem = B.CreatePHI(CounterType, 2, "lane.item");
  PHINode *Staying = B.CreatePHI(B.getInt32Ty(), 2, "lane.staying");
  SmallVector<Value *, 4> StateOld;
  SmallVector<SmallVector<Value *, 4>, 2> ExitOld(P.Exits.size());
  for (AllocaInst *Slot : StateSlots)
    StateOld.push_back(load(B, Slot, LaneItem));
  for (size_t E = 0; E < P.Exits.size(); ++E)
    for (AllocaInst *Slot : ExitSlots[E])
      ExitOld[E].push_back(load(B, Slot, LaneItem));
  Value *EntryOld = load(B, Entry, LaneItem);
  B.CreateCondBr(B.CreateICmpNE(load(B, Active, LaneItem), B.getInt32(0)), Enter, LaneNext);
  // LaneNext merges what each way through a round leaves: Stays is 1 for a work-item that is
  // still in its loop.
  B.SetInsertPoint(LaneNext);
  PHINode *Stays = B.CreatePHI(B.getInt32Ty(), 4, "lane.stays");
  PHINode *EntryNew = B.CreatePHI(B.getInt32Ty(), 4);
  SmallVector<PHINode *, 4> StateNew;
  SmallVector<SmallVector<PHINode *, 4>, 2> ExitNew(P.Exits.size());
  for (Value *Old : StateOld)
    StateNew.push_back(B.CreatePHI(Old->getType(), 4));
  for (size_t E = 0; E < P.Exits.size(); ++E)
    for (Value *Old : ExitOld[E])
      ExitNew[E].push_back(B.CreatePHI(Old->getType(), 4));
  /// leaves() adds what the way from `From` leaves: whether it stays, its state, and the values
  /// of exit `Left` (none: -1).
  auto leaves = [&](BasicBlock *From, int Stay, ArrayRef<Value *> State, int Left, ArrayRef<Value *> Values) {
    Stays->addIncoming(B.getInt32(uint32_t(Stay)), From);
    EntryNew->addIncoming(Left < 0 ? EntryOld : B.getInt32(uint32_t(Left)), From);
    for (size_t S = 0; S < StateNew.size(); ++S)
      StateNew[S]->addIncoming(State[S], From);
    for (size_t E = 0; E < P.Exits.size(); ++E)
      for (size_t S = 0; S < ExitNew[E].size(); ++S)
        ExitNew[E][S]->addIncoming(int(E) == Left ? Values[S] : ExitOld[E][S], From);
  };
  leaves(Lane, 0, StateOld, -1, {});
  store(B, Stays, Active, LaneItem);
  store(B, EntryNew, Entry, LaneItem);
  for (size_t S = 0; S < StateSlots.size(); ++S)
    store(B, StateNew[S], StateSlots[S], LaneItem);
  for (size_t E = 0; E < P.Exits.size(); ++E)
    for (size_t S = 0; S < ExitSlots[E].size(); ++S)
      store(B, ExitNew[E][S], ExitSlots[E][S], LaneItem);
  Value *StayingNext = B.CreateAdd(Staying, Stays);
  Value *LaneItemNext = B.CreateAdd(LaneItem, count(1));
  setLoopProperties(B.CreateCondBr(B.CreateICmpEQ(LaneItemNext, count(P.Row)), RoundNext, Lane));
  LaneItem->addIncoming(count(0), Round);
  LaneItem->addIncoming(LaneItemNext, LaneNext);
  Staying->addIncoming(B.getInt32(0), Round);
  Staying->addIncoming(StayingNext, LaneNext);
  B.SetInsertPoint(RoundNext);
  PHINode *StayedNext = B.CreatePHI(B.getInt32Ty(), 2, "round.stayed.next");
  StayedNext->addIncoming(StayingNext, LaneNext);
  Value *KNext = B.CreateAdd(K, count(1));
  B.CreateCondBr(B.CreateICmpNE(StayedNext, B.getInt32(0)), Round, AfterHeader);
  K->addIncoming(count(0), RoundsStart);
  K->addIncoming(KNext, RoundNext);
  Stayed->addIncoming(B.getInt32(0), RoundsStart);
  Stayed->addIncoming(StayedNext, RoundNext);
  BranchInst *EnterEnd = BranchInst::Create(InnerHeader, Enter);
  IRBuilder<> EnterB(EnterEnd), AfterB(AfterHeader);
  InnerLoads = &EnterB;
  AfterLoads = &AfterB;
  B.SetInsertPoint(AfterHeader);
  AfterItem = B.CreatePHI(CounterType, 2, "after.item");
  AfterItem->addIncoming(count(0), RoundNext);

  // What the loop's edges hand over, read before they change.
  SmallVector<SmallVector<Value *, 4>, 2> ExitValues;
  for (const ExitEdge &Edge : ExitEdges) {
    ExitValues.emplace_back();
    for (PHINode &Phi : P.Exits[Edge.Exit]->phis())
      ExitValues.back().push_back(Phi.getIncomingValueForBlock(Edge.From));
  }
  SmallVector<Value *, 4> StateNext, StateInitial;
  for (PHINode *Phi : P.InnerState) {
    StateNext.push_back(Phi->getIncomingValueForBlock(InnerLatch));
    StateInitial.push_back(Phi->getIncomingValueForBlock(InnerPreheader));
  }

  // Every use of a value made before the inner loop, in or after it, reads the part's copy. (A
  // phi's operand belongs to its block's part; the inner header's and the exits' phis are
  // replaced below.)
  SmallVector<Instruction *, 32> Made;
  for (BasicBlock *Block : Blocks)
    if (partOf(P, Block) == Part::Before)
      for (Instruction &I : *Block)
        if (!I.getType()->isVoidTy())
          Made.push_back(&I);
  for (Instruction *I : Made)
    for (Use &U : make_early_inc_range(I->uses())) {
      auto *User = cast<Instruction>(U.getUser());
      if (isa<PHINode>(User) && (User->getParent() == InnerHeader || is_contained(P.Exits, User->getParent()) ||
                                 User->getParent() == Header))
        continue;
      U.set(copyIn(partOf(P, User->getParent()), I));
    }

  // The inner loop's header phis: inductions are recomputed from the work-item and the round,
  // the other values live in slots between rounds.
  IRBuilder<> Initial(InnerPreheader->getTerminator());
  for (size_t S = 0; S < StateSlots.size(); ++S)
    store(Initial, StateInitial[S], StateSlots[S], P.Counter);
  DenseMap<Value *, Value *> Current;
  for (size_t S = 0; S < P.InnerState.size(); ++S)
    Current[P.InnerState[S]] = StateOld[S];
  for (const Induction &I : P.InnerInductions)
    Current[I.Phi] = evaluate(EnterB, I, LaneItem, K);
  for (Value *&V : StateNext)
    V = Current.lookup(V) ? Current.lookup(V) : V;
  for (SmallVector<Value *, 4> &Values : ExitValues)
    for (Value *&V : Values)
      V = Current.lookup(V) ? Current.lookup(V) : V;
  for (auto &[Phi, Now] : Current) {
    Phi->replaceAllUsesWith(Now);
    cast<PHINode>(Phi)->eraseFromParent();
  }

  // The back edge ends the work-item's round; an exit ends its loop.
  InnerLatch->getTerminator()->replaceSuccessorWith(InnerHeader, Continue);
  BranchInst::Create(LaneNext, Continue);
  for (Value *&V : StateNext)
    V = copyIn(Part::Inner, V);
  leaves(Continue, 1, StateNext, -1, {});
  SmallVector<BasicBlock *, 16> RoundBlocks{Lane, Enter, Continue, LaneNext};
  for (BasicBlock *Block : Inner.blocks())
    RoundBlocks.push_back(Block);
  for (size_t E = 0; E < ExitEdges.size(); ++E) {
    BasicBlock *Done = block("lane.done");
    RoundBlocks.push_back(Done);
    ExitEdges[E].From->getTerminator()->setSuccessor(ExitEdges[E].Successor, Done);
    BranchInst::Create(LaneNext, Done);
    for (Value *&V : ExitValues[E])
      V = copyIn(Part::Inner, V);
    leaves(Done, 0, StateOld, int(ExitEdges[E].Exit), ExitValues[E]);
  }

  // A round where every work-item is still in its loop needs no mask: a copy of the loop over
  // the row without the test, whose loads are plain vector loads. The previous round's count
  // says which one runs.
  ValueToValueMapTy Map;
  SmallVector<BasicBlock *, 16> FullBlocks;
  for (BasicBlock *Block : RoundBlocks) {
    FullBlocks.push_back(CloneBasicBlock(Block, Map, ".full", &F));
    Map[Block] = FullBlocks.back();
  }
  remapInstructionsInBlocks(FullBlocks, Map);
  auto *FullLane = cast<BasicBlock>(Map[Lane]), *FullNext = cast<BasicBlock>(Map[LaneNext]);
  FullLane->getTerminator()->eraseFromParent();
  BranchInst::Create(cast<BasicBlock>(Map[Enter]), FullLane);
  for (PHINode &Phi : FullNext->phis())
    Phi.removeIncomingValue(FullLane);
  setLoopProperties(cast<BranchInst>(FullNext->getTerminator()));
  StayedNext->addIncoming(Map[StayingNext], FullNext);
  RoundEnd->eraseFromParent();
  B.SetInsertPoint(Round);
  B.CreateCondBr(B.CreateICmpEQ(Stayed, B.getInt32(uint32_t(P.Row))), FullLane, Lane);

  // Before the inner loop: each work-item records whether it enters the loop or where it goes
  // past it, and its part ends there.
  Initial.SetInsertPoint(InnerPreheader->getTerminator());
  store(Initial, Initial.getInt32(1), Active, P.Counter);
  store(Initial, Initial.getInt32(0), Entry, P.Counter);
  InnerPreheader->getTerminator()->eraseFromParent();
  BranchInst::Create(BeforeLatch, InnerPreheader);
  // Where the part after resumes, by entry number.
  SmallVector<BasicBlock *, 4> Resumes;
  for (size_t E = 0; E < P.Exits.size(); ++E) {
    BasicBlock *Resume = block("after.resume");
    B.SetInsertPoint(Resume);
    SmallVector<PHINode *, 4> Phis;
    for (PHINode &Phi : P.Exits[E]->phis())
      Phis.push_back(&Phi);
    for (size_t S = 0; S < Phis.size(); ++S) {
      Phis[S]->replaceAllUsesWith(load(B, ExitSlots[E][S], AfterItem));
      Phis[S]->eraseFromParent();
    }
    B.CreateBr(P.Exits[E]);
    Resumes.push_back(Resume);
  }
  for (size_t Id = 0; Id < P.Bypasses.size(); ++Id) {
    auto [From, To] = P.Bypasses[Id];
    BasicBlock *Past = block("past");
    From->getTerminator()->replaceSuccessorWith(To, Past);
    B.SetInsertPoint(Past);
    store(B, B.getInt32(0), Active, P.Counter);
    store(B, B.getInt32(uint32_t(P.Exits.size() + Id)), Entry, P.Counter);
    B.CreateBr(BeforeLatch);
    BasicBlock *Landing = block("after.past");
    BranchInst::Create(To, Landing);
    To->replacePhiUsesWith(From, Landing);
    Resumes.push_back(Landing);
  }
  B.SetInsertPoint(BeforeLatch);
  Value *BeforeNext = B.CreateAdd(P.Counter, count(1));
  setLoopProperties(B.CreateCondBr(B.CreateICmpEQ(BeforeNext, count(P.Row)), RoundsStart, Header));
  const int FromLatch = P.Counter->getBasicBlockIndex(Latch);
  P.Counter->setIncomingBlock(FromLatch, BeforeLatch);
  P.Counter->setIncomingValue(FromLatch, BeforeNext);

  // After: each work-item resumes where it left its part before, and the work-item loop's
  // latch goes round this part.
  Value *Where = load(AfterB, Entry, AfterItem);
  BasicBlock *Dispatch = AfterHeader;
  for (size_t Id = 0; Id + 1 < Resumes.size(); ++Id) {
    BasicBlock *Next = block("after.dispatch");
    B.SetInsertPoint(Dispatch);
    B.CreateCondBr(B.CreateICmpEQ(Where, B.getInt32(uint32_t(Id))), Resumes[Id], Next);
    Dispatch = Next;
  }
  BranchInst::Create(Resumes.back(), Dispatch);
  // The next work-item: counted here, since the loop's own increment may stand before the inner
  // loop (a value of the part before, whose last value is the row's end).
  Latch->getTerminator()->replaceSuccessorWith(Header, AfterHeader);
  AfterItem->addIncoming(BinaryOperator::CreateAdd(AfterItem, count(1), "after.next", Latch->getTerminator()), Latch);
}

} // namespace

PreservedAnalyses LockstepInnerLoops::run(Function &F, FunctionAnalysisManager &AM) {
  bool Changed = false;
  SmallPtrSet<BasicBlock *, 8> Declined;
  for (;;) {
    LoopInfo &Loops = AM.getResult<LoopAnalysis>(F);
    Loop *Candidate = nullptr;
    for (Loop *L : Loops.getLoopsInPreorder())
      if (isWorkItemLoop(*L) && L->getSubLoops().size() == 1 && !Declined.contains(L->getHeader())) {
        Candidate = L;
        break;
      }
    if (!Candidate)
      break;
    Declined.insert(Candidate->getHeader());
    auto &Dominators = AM.getResult<DominatorTreeAnalysis>(F);
    auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
    bool Simplified = simplifyLoop(Candidate, &Dominators, &Loops, &SE, nullptr, nullptr, /*PreserveLCSSA=*/false);
    Loop *Inner = Candidate->getSubLoops().front();
    Simplified |= simplifyLoop(Inner, &Dominators, &Loops, &SE, nullptr, nullptr, false);
    Simplified |= formLCSSA(*Inner, Dominators, &Loops, &SE);
    Changed |= Simplified;
    std::optional<Plan> P = analyse(*Candidate, F, SE);
    if (!P) {
      if (Simplified)
        AM.invalidate(F, PreservedAnalyses::none());
      continue;
    }
    const DebugLoc Location = Inner->getStartLoc();
    BasicBlock *InnerHeader = Inner->getHeader();
    Lockstep(*P, F, SE).run();
    Changed = true;
    auto &Remarks = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
    Remarks.emit([&] {
      return OptimizationRemark(RemarkPass, "LockstepInnerLoop", Location, InnerHeader)
             << "work-items run their inner loop in lockstep, one iteration of each at a time";
    });
    AM.invalidate(F, PreservedAnalyses::none());
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ample
