// KernelObjectPointers: the kernel object's pointers that device code reads
// (KernelObjectPointers.h).
#include "KernelObjectPointers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

using namespace llvm;

namespace ample {
namespace {

/// holdsPointer() is whether a value of type `T` has a pointer in it.
bool holdsPointer(const Type &T) {
  if (T.isPointerTy())
    return true;
  return any_of(T.subtypes(), [](const Type *Element) { return holdsPointer(*Element); });
}

/// becomesAddress() is whether an integer loaded from the object is turned into an address,
/// whole or a part of it (a pointer the optimiser loaded as an integer, alone or with its
/// neighbours).
bool becomesAddress(const Value &V) {
  for (const User *U : V.users()) {
    if (isa<IntToPtrInst>(U))
      return true;
    if ((isa<TruncInst>(U) || isa<ZExtInst>(U) || isa<BinaryOperator>(U)) && becomesAddress(*U))
      return true;
  }
  return false;
}

/// Walk follows the addresses derived from the object: each at a constant offset from its
/// start, or at an unknown one (a variable index into a captured array of values), into the
/// functions they are passed to that the optimiser did not inline (a kernel body too large
/// for it, a helper marked noinline).
struct Walk {
  /// Calls are followed this deep: far beyond what kernels nest, short of what a recursion
  /// that moves its address on each time would make of the walk.
  static constexpr unsigned MaxCallDepth = 16;

  const DataLayout &Layout;
  SmallVector<uint32_t, 4> Offsets;
  std::string Why;
  unsigned CallDepth = 0;
  /// Followed holds the parameters already followed, each with the offset it had.
  std::set<std::pair<const Argument *, std::optional<uint64_t>>> Followed;

  bool follow(const Value &Address, std::optional<uint64_t> Offset) {
    for (const User *U : Address.users()) {
      if (const auto *GEP = dyn_cast<GEPOperator>(U)) {
        APInt Delta(Layout.getIndexTypeSizeInBits(GEP->getType()), 0);
        std::optional<uint64_t> Next;
        if (Offset && GEP->accumulateConstantOffset(Layout, Delta))
          Next = *Offset + Delta.getZExtValue();
        if (!follow(*GEP, Next))
          return false;
      } else if (isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U)) {
        if (!follow(*U, Offset))
          return false;
      } else if (const auto *Load = dyn_cast<LoadInst>(U)) {
        const Type &Loaded = *Load->getType();
        if (!Loaded.isPointerTy() && holdsPointer(Loaded)) {
          Why = "it reads addresses from its kernel object as a whole aggregate";
          return false;
        }
        if (!Loaded.isPointerTy() && !(Loaded.isIntegerTy() && becomesAddress(*Load)))
          continue;
        if (!Offset) {
          Why = "it reads an address from its kernel object at a variable offset";
          return false;
        }
        Offsets.push_back(static_cast<uint32_t>(*Offset));
      } else if (const auto *Call = dyn_cast<CallBase>(U); Call && passesToDefinition(*Call, Address)) {
        if (!followCall(*Call, Address, Offset))
          return false;
      } else {
        Why = "its kernel object leaves the pass's sight (";
        raw_string_ostream Out(Why);
        U->print(Out);
        Out << ")";
        return false;
      }
    }
    return true;
  }

  /// passesToDefinition() is whether `Call` passes `Address` as an argument (not as what it
  /// calls) to a function whose body the module has.
  static bool passesToDefinition(const CallBase &Call, const Value &Address) {
    const Function *Callee = Call.getCalledFunction();
    return Callee != nullptr && !Callee->isDeclaration() && !Callee->isVarArg() &&
           Call.getCalledOperand() != &Address;
  }

  /// followCall() follows `Address` into the parameters of `Call`'s callee that receive it.
  /// A byval parameter is a copy of the bytes there, holding the same addresses.
  bool followCall(const CallBase &Call, const Value &Address, std::optional<uint64_t> Offset) {
    if (CallDepth == MaxCallDepth) {
      Why = "its kernel object is passed down more than " + std::to_string(MaxCallDepth) + " calls deep";
      return false;
    }
    const Function &Callee = *Call.getCalledFunction();
    ++CallDepth;
    bool Followable = true;
    for (unsigned I = 0; Followable && I < Call.arg_size(); ++I)
      if (Call.getArgOperand(I) == &Address && Followed.insert({Callee.getArg(I), Offset}).second)
        Followable = follow(*Callee.getArg(I), Offset);
    --CallDepth;
    return Followable;
  }
};

} // namespace

std::optional<SmallVector<uint32_t, 4>> pointerOffsets(Argument &Object, std::string &Why) {
  Walk W{Object.getParent()->getParent()->getDataLayout(), {}, {}, 0, {}};
  if (!W.follow(Object, 0)) {
    Why = W.Why;
    return std::nullopt;
  }
  sort(W.Offsets);
  W.Offsets.erase(std::unique(W.Offsets.begin(), W.Offsets.end()), W.Offsets.end());
  return W.Offsets;
}

} // namespace ample
