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

SmallVector<CallBase *, 8> barrierCalls(Function &F) {
  SmallVector<CallBase *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (isBarrier(I))
      Calls.push_back(cast<CallBase>(&I));
  return Calls;
}

CallBase *barrierIn(BasicBlock &Block) {
  Instruction *First = Block.getFirstNonPHI();
  return First && isBarrier(*First) ? cast<CallBase>(First) : nullptr;
}

BasicBlock *continuationOf(CallBase &Barrier) {
  if (auto *Invoke = dyn_cast<InvokeInst>(&Barrier))
    return Invoke->getNormalDest();
  return Barrier.getParent()->getSingleSuccessor();
}

} // namespace ample
