// Finding barrier calls in a tile clone.
#pragma once

#include "llvm/ADT/SmallVector.h"

namespace llvm {
class BasicBlock;
class CallBase;
class Function;
class Instruction;
} // namespace llvm

namespace ample {

/// isBarrier() is true for a call or invoke of the library's barrier.
bool isBarrier(const llvm::Instruction &I);

/// barrierCalls() lists the calls and invokes of the library's barrier in `F`, in block order.
llvm::SmallVector<llvm::CallBase *, 8> barrierCalls(llvm::Function &F);

/// barrierIn() is the barrier call of a canonical barrier block (CanonicalizeBarriers), or null.
/// Such a block holds a phi of each of the barrier's values, its sync and serial (one value
/// per predecessor: what a work-item waited on), and the call and a branch, or an invoke whose
/// unwind edge runs the cleanups of the objects live across the barrier.
llvm::CallBase *barrierIn(llvm::BasicBlock &Block);

/// continuationOf() is the block a canonical barrier block goes on to (its only predecessor).
llvm::BasicBlock *continuationOf(llvm::CallBase &Barrier);

} // namespace ample
