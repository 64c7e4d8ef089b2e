#include "Barriers.h"

#include "Contract.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ample {
bool isBarrier(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  return Call && Call->getCalledFunction() && Call->getCalledFunction()->getName() == BarrierFunction;
}

SmallVector<CallInst *, 8> barrierCalls(Function &F) {
  SmallVector<CallInst *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (isa<CallInst>(I) && isBarrier(I))
      Calls.push_back(cast<CallInst>(&I));
  return Calls;
}

CallInst *barrierIn(BasicBlock &Block) {
  Instruction *First = Block.getFirstNonPHI();
  return First && isa<CallInst>(First) && isBarrier(*First) ? cast<CallInst>(First) : nullptr;
}

} // namespace ample
