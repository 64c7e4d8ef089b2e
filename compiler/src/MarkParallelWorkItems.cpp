#include "Contract.h"
#include "Passes.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
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

/// privateArrayHazard() is true when a work-item of `L` stores to its own stack memory (a
/// context array) and also reaches that memory at an address that is not a fixed offset in its
/// slot (a private array indexed by a computed value). Marked parallel, such a loop lets the
/// vectoriser put the stores of an interleaved group after the work-item's own computed load
/// (LLVM 14 takes parallel accesses as free to reorder within an iteration too), so it stays
/// unmarked and the vectoriser analyses it.
bool privateArrayHazard(const Loop &L, ScalarEvolution &SE) {
  SmallPtrSet<const Value *, 8> Stored, Computed;
  for (BasicBlock *Block : L.blocks())
    for (Instruction &I : *Block) {
      const Value *Pointer = getLoadStorePointerOperand(&I);
      if (!Pointer)
        continue;
      const Value *Object = getUnderlyingObject(Pointer);
      if (!isa<AllocaInst>(Object))
        continue;
      if (isa<StoreInst>(I))
        Stored.insert(Object);
      const auto *Address = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(const_cast<Value *>(Pointer)));
      if (!Address || Address->getLoop() != &L || !Address->isAffine() || !SE.isLoopInvariant(Address->getStart(), &L))
        Computed.insert(Object);
    }
  return any_of(Stored, [&](const Value *Object) { return Computed.contains(Object); });
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
    if (privateArrayHazard(*L, AM.getResult<ScalarEvolutionAnalysis>(F))) {
      dropParallelAccesses(*L);
      Changed = true;
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
