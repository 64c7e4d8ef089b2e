#include "Contract.h"
#include "Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ample {
namespace {

/// accessGroupOf() is the group of a work-item loop's llvm.loop.parallel_accesses, or null for
/// a loop that is not one.
MDNode *accessGroupOf(const Loop &L) {
  MDNode *Id = L.getLoopID();
  if (!Id)
    return nullptr;
  bool WorkItems = false;
  MDNode *Group = nullptr;
  for (const MDOperand &Operand : drop_begin(Id->operands())) {
    const auto *Property = dyn_cast<MDNode>(Operand);
    if (!Property || Property->getNumOperands() == 0)
      continue;
    const auto *Name = dyn_cast<MDString>(Property->getOperand(0));
    if (!Name)
      continue;
    if (Name->getString() == WorkItemLoopMarker)
      WorkItems = true;
    else if (Name->getString() == "llvm.loop.parallel_accesses" && Property->getNumOperands() == 2)
      Group = dyn_cast<MDNode>(Property->getOperand(1));
  }
  return WorkItems ? Group : nullptr;
}

/// Access is a load or store in a work-item loop: at `Start` in the first iteration, `Step`
/// bytes further in each next one (both null where the address is no such recurrence), `Size`
/// bytes wide.
struct Access {
  const Instruction *Site;
  const SCEV *Start;
  const SCEV *Step;
  uint64_t Size;
  bool Stores;
};

/// interleavable() is true when `A` may join an interleaved group: its step is a constant of
/// at least two of its widths. (A step that is not a constant makes a gather or a scatter, and
/// a step of 0 a uniform access, which stay where they are.)
bool interleavable(const Access &A) {
  const auto *Step = dyn_cast_or_null<SCEVConstant>(A.Step);
  return Step && Step->getAPInt().abs().uge(2 * A.Size);
}

/// reorderableAccess() is an access that a vectoriser taking the loop as parallel may move
/// past another access of the same iteration to memory the two may share, one of them a store;
/// or null. `Accesses` are those that may share memory: one stack object's, or all others.
///
/// LLVM records no dependences for a loop marked parallel, so it takes any two accesses of an
/// iteration as independent, and an interleaved group moves its members: a store group is
/// emitted where its last member stood, a load group where its first did; without a group the
/// accesses keep their order. Two accesses may overlap unless both are recurrences of the loop
/// whose starts are a constant apart, by at least the width of the lower one. A work-item that
/// set `priv[b % 4] = 0` (b uniform, so the address is a recurrence like the others) between
/// the stores initialising priv[] lost it: the group of those stores was emitted after it
/// (tests/tiled_fuzz/regressions/private_array_store_under_group.cpp). An index computed from a
/// value makes no recurrence (tests/tiled_fuzz/regressions/private_array_store_sunk_past_load.cpp).
/// The same holds for a view: `out[4 * i + u] = 0` among the four stores of `out[4 * i + j]`.
const Instruction *reorderableAccess(ArrayRef<Access> Accesses, ScalarEvolution &SE) {
  if (none_of(Accesses, [](const Access &A) { return A.Stores; }) || none_of(Accesses, interleavable))
    return nullptr;
  for (size_t I = 0; I < Accesses.size(); ++I)
    for (size_t J = I + 1; J < Accesses.size(); ++J) {
      const Access &A = Accesses[I], &B = Accesses[J];
      if (!A.Stores && !B.Stores)
        continue;
      if (!A.Start || !B.Start)
        return B.Site;
      const auto *Distance = dyn_cast<SCEVConstant>(SE.getMinusSCEV(B.Start, A.Start));
      if (!Distance)
        return B.Site;
      const int64_t Apart = Distance->getAPInt().getSExtValue();
      if (Apart < int64_t(A.Size) && -Apart < int64_t(B.Size))
        return B.Site; // they overlap
    }
  return nullptr;
}

/// orderHazard() is the first access in `L` that reorderableAccess() finds, or null. Such a
/// loop stays unmarked and the vectoriser analyses it. The accesses are compared in classes
/// of those that may share memory: each stack object of the tile (a context array, a private
/// array, a tile_static array made private to the tile) alone, and everything else (views'
/// data, globals) together, as two views may be of the same array.
const Instruction *orderHazard(Loop &L, ScalarEvolution &SE) {
  // The vectoriser reads addresses as recurrences under the assumptions it may check at run
  // time (that an index does not wrap), and so forms groups that plain SCEV would not see.
  PredicatedScalarEvolution Assumed(SE, L);
  MapVector<const Value *, SmallVector<Access, 8>> Classes;
  for (BasicBlock *Block : L.blocks())
    for (Instruction &I : *Block) {
      Value *Pointer = getLoadStorePointerOperand(&I);
      if (!Pointer)
        continue;
      const Value *Object = getUnderlyingObject(Pointer);
      Access A{&I, nullptr, nullptr, 0, isa<StoreInst>(I)};
      A.Size = I.getModule()->getDataLayout().getTypeStoreSize(getLoadStoreType(&I)).getFixedValue();
      const SCEVAddRecExpr *Address = Assumed.getAsAddRec(Pointer);
      if (Address && Address->getLoop() == &L && Address->isAffine() && SE.isLoopInvariant(Address->getStart(), &L)) {
        A.Start = Address->getStart();
        A.Step = Address->getStepRecurrence(SE);
      }
      Classes[isa<AllocaInst>(Object) ? Object : nullptr].push_back(A);
    }
  for (const auto &Class : Classes)
    if (const Instruction *Found = reorderableAccess(Class.second, SE))
      return Found;
  return nullptr;
}

/// dropParallelAccesses() takes llvm.loop.parallel_accesses out of `L`'s loop properties.
void dropParallelAccesses(Loop &L) {
  MDNode *Id = L.getLoopID();
  SmallVector<Metadata *, 4> Kept{nullptr};
  for (const MDOperand &Operand : drop_begin(Id->operands())) {
    const auto *Property = dyn_cast<MDNode>(Operand);
    const auto *Name = Property && Property->getNumOperands() ? dyn_cast<MDString>(Property->getOperand(0)) : nullptr;
    if (!Name || Name->getString() != "llvm.loop.parallel_accesses")
      Kept.push_back(Operand);
  }
  MDNode *New = MDNode::getDistinct(Id->getContext(), Kept);
  New->replaceOperandWith(0, New);
  L.setLoopID(New);
}

} // namespace

PreservedAnalyses MarkParallelWorkItems::run(Function &F, FunctionAnalysisManager &AM) {
  LoopInfo &Loops = AM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : Loops.getLoopsInPreorder()) {
    MDNode *Group = accessGroupOf(*L);
    if (!Group)
      continue;
    if (const Instruction *Hazard = orderHazard(*L, AM.getResult<ScalarEvolutionAnalysis>(F))) {
      dropParallelAccesses(*L);
      Changed = true;
      AM.getResult<OptimizationRemarkEmitterAnalysis>(F).emit([&] {
        return OptimizationRemarkMissed(RemarkPass, "NotParallel", Hazard)
               << "work-item loop not marked parallel: this access and another of the same work-item "
                  "may overlap, and a loop marked parallel lets the vectoriser reorder them";
      });
      continue;
    }
    for (BasicBlock *Block : L->blocks())
      for (Instruction &I : *Block) {
        if (!I.mayReadOrWriteMemory() || I.isAtomic() || isa<FenceInst>(I))
          continue;
        if (const auto *Load = dyn_cast<LoadInst>(&I); Load && Load->isVolatile())
          continue;
        if (const auto *Store = dyn_cast<StoreInst>(&I); Store && Store->isVolatile())
          continue;
        I.setMetadata(LLVMContext::MD_access_group,
                      uniteAccessGroups(I.getMetadata(LLVMContext::MD_access_group), Group));
        Changed = true;
      }
  }
  return keptControlFlow(Changed);
}

} // namespace ample
