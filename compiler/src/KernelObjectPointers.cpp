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
/// start, or at an unknown one (a variable index into a captured array of values).
struct Walk {
  const DataLayout &Layout;
  SmallVector<uint32_t, 4> Offsets;
  std::string Why;

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
};

} // namespace

std::optional<SmallVector<uint32_t, 4>> pointerOffsets(Argument &Object, std::string &Why) {
  Walk W{Object.getParent()->getParent()->getDataLayout(), {}, {}};
  if (!W.follow(Object, 0)) {
    Why = W.Why;
    return std::nullopt;
  }
  sort(W.Offsets);
  W.Offsets.erase(std::unique(W.Offsets.begin(), W.Offsets.end()), W.Offsets.end());
  return W.Offsets;
}

} // namespace ample
