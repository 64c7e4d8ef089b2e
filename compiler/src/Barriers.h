// Finding barrier calls in a tile clone.
#pragma once

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class CallInst;
class Function;
class Instruction;
} // namespace llvm

namespace ample {

/// isBarrier() is true for a call or invoke of the library's barrier.
bool isBarrier(const llvm::Instruction &I);

/// barrierCalls() lists the calls to the library's barrier in `F`, in block order.
llvm::SmallVector<llvm::CallInst *, 8> barrierCalls(llvm::Function &F);

/// barrierIn() is the barrier call of a canonical barrier block (CanonicalizeBarriers), or null.
/// Such a block holds a phi of each of the barrier's values, its sync and serial (one value
/// per predecessor: what a work-item waited on), the call and a branch.
llvm::CallInst *barrierIn(llvm::BasicBlock &Block);

} // namespace ample
