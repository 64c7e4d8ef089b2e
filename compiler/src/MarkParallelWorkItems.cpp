#include "Passes.h"

#include "llvm/Analysis/LoopInfo.h"
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
    if (Name->getString() == "ample.work_item_loop")
      WorkItems = true;
    else if (Name->getString() == "llvm.loop.parallel_accesses" && Property->getNumOperands() == 2)
      Group = dyn_cast<MDNode>(Property->getOperand(1));
  }
  return WorkItems ? Group : nullptr;
}

} // namespace

PreservedAnalyses MarkParallelWorkItems::run(Function &F, FunctionAnalysisManager &AM) {
  LoopInfo &Loops = AM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : Loops.getLoopsInPreorder()) {
    MDNode *Group = accessGroupOf(*L);
    if (!Group)
      continue;
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
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses Preserved;
  Preserved.preserveSet<CFGAnalyses>();
  return Preserved;
}

} // namespace ample
