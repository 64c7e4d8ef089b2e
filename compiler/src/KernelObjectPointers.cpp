// KernelObjectPointers: the kernel object's pointers that device code uses
// (KernelObjectPointers.h).
#include "KernelObjectPointers.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>

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

/// onlyCompared() is whether an address made an integer is only compared (UBSan's alignment
/// checks, made assumptions in device code), alone or after arithmetic: never an address again.
bool onlyCompared(const Value &V) {
  return all_of(V.users(), [](const User *U) {
    return isa<ICmpInst>(U) ||
           ((isa<BinaryOperator>(U) || isa<TruncInst>(U) || isa<ZExtInst>(U)) && onlyCompared(*U));
  });
}

/// Offsets that a choice between constants may take are followed one by one, up to this many.
constexpr size_t MaxChoices = 16;

/// An index into an array that is no such choice (a work-item's position, a value of the
/// kernel object) may be any of the array's elements: each is followed, for arrays of up to
/// this many elements, and one address may take at most this many offsets.
constexpr uint64_t MaxElements = 64;

/// possibleValues() adds to `Values` every value `V` may take, where it is a constant or a
/// choice between such (select, phi, and their extensions): what -O2 makes of a kernel that
/// picks one of its views by a condition (`cond ? a : b`), an index into the object that is
/// one of a few constants. False if it is anything else, or more than MaxChoices values.
bool possibleValues(const Value &V, SmallVectorImpl<int64_t> &Values, SmallPtrSetImpl<const PHINode *> &Seen) {
  if (const auto *Constant = dyn_cast<ConstantInt>(&V)) {
    if (!is_contained(Values, Constant->getSExtValue()))
      Values.push_back(Constant->getSExtValue());
    return Values.size() <= MaxChoices;
  }
  if (const auto *Select = dyn_cast<SelectInst>(&V))
    return possibleValues(*Select->getTrueValue(), Values, Seen) &&
           possibleValues(*Select->getFalseValue(), Values, Seen);
  if (const auto *Phi = dyn_cast<PHINode>(&V)) {
    if (!Seen.insert(Phi).second)
      return true; // A loop back to it: its other values are being collected.
    return all_of(Phi->incoming_values(), [&](const Value *In) { return possibleValues(*In, Values, Seen); });
  }
  if (isa<SExtInst>(&V))
    return possibleValues(*cast<Instruction>(V).getOperand(0), Values, Seen);
  if (isa<ZExtInst>(&V)) {
    SmallVector<int64_t, 4> Narrow;
    if (!possibleValues(*cast<Instruction>(V).getOperand(0), Narrow, Seen))
      return false;
    const unsigned Bits = cast<Instruction>(V).getOperand(0)->getType()->getIntegerBitWidth();
    for (int64_t N : Narrow) {
      const int64_t Wide = Bits >= 64 ? N : static_cast<int64_t>(static_cast<uint64_t>(N) & ((uint64_t{1} << Bits) - 1));
      if (!is_contained(Values, Wide))
        Values.push_back(Wide);
    }
    return Values.size() <= MaxChoices;
  }
  return false;
}

/// possibleOffsets() is every byte offset `GEP` may add, where each of its variable indices is
/// a choice between constants (possibleValues()) or an index into an array of at most
/// MaxElements (any of them: C++ leaves an index outside the array undefined, so a kernel that
/// reaches another capture that way is no valid program); none otherwise. A captured array of
/// views indexed by a variable is the second: `[N x view], ptr, 0, %k, 1` at -O2.
std::optional<SmallVector<int64_t, 4>> possibleOffsets(const GEPOperator &GEP, const DataLayout &Layout) {
  SmallVector<int64_t, 4> Offsets{0};
  // What the step indexes into: nothing known for the first, which steps over the pointer.
  const Type *Indexed = nullptr;
  for (gep_type_iterator Step = gep_type_begin(GEP), End = gep_type_end(GEP); Step != End;
       Indexed = Step.getIndexedType(), ++Step) {
    const Value &Index = *Step.getOperand();
    if (StructType *Struct = Step.getStructTypeOrNull()) {
      const uint64_t Field = Layout.getStructLayout(Struct)->getElementOffset(cast<ConstantInt>(Index).getZExtValue());
      for (int64_t &O : Offsets)
        O += static_cast<int64_t>(Field);
      continue;
    }
    const auto Stride = static_cast<int64_t>(Layout.getTypeAllocSize(Step.getIndexedType()).getFixedValue());
    SmallVector<int64_t, 4> Values;
    SmallPtrSet<const PHINode *, 4> Seen;
    if (!possibleValues(Index, Values, Seen)) {
      const auto *Array = dyn_cast_or_null<ArrayType>(Indexed);
      if (Array == nullptr || Array->getNumElements() == 0 || Array->getNumElements() > MaxElements)
        return std::nullopt;
      Values.clear();
      for (uint64_t Element = 0; Element < Array->getNumElements(); ++Element)
        Values.push_back(static_cast<int64_t>(Element));
    }
    SmallVector<int64_t, 4> Next;
    for (int64_t O : Offsets)
      for (int64_t Value : Values)
        if (!is_contained(Next, O + Value * Stride))
          Next.push_back(O + Value * Stride);
    if (Next.size() > MaxElements)
      return std::nullopt;
    Offsets = std::move(Next);
  }
  return Offsets;
}

/// describe() is `V` as IR, for messages.
std::string describe(const Value &V) {
  std::string Text;
  raw_string_ostream Out(Text);
  V.print(Out);
  return Out.str();
}

/// A Region is memory that may hold the kernel object's bytes or addresses into it: the
/// object itself (null) or a stack slot of a function the walk reaches.
using Region = const AllocaInst *;

/// Held is what bytes [Begin, End) of a stack slot hold of the object: a copy of the bytes of
/// `Source` from `At` on (a memcpy), the address `Source` + `At` (a store), or the pointer
/// that lies at `At` in the object (a store of it, loaded).
struct Held {
  enum Kind { Copy, Address, Pointer };
  uint64_t Begin;
  uint64_t End;
  Kind What;
  Region Source;
  uint64_t At;

  bool operator==(const Held &O) const {
    return std::tie(Begin, End, What, Source, At) == std::tie(O.Begin, O.End, O.What, O.Source, O.At);
  }
};

/// Walk follows the addresses derived from the object, each at a constant offset from its
/// start or at an unknown one (a variable index into a captured array of values), and the
/// pointers loaded from it, until they are used: into the functions they are passed to that
/// the optimiser did not inline (a kernel body too large for it, a helper marked noinline),
/// and through the stack slots they are copied or stored to (a struct holding a view's copy or
/// the object's address passed to such a function: what -O2 leaves of a sampler and a
/// texture's layout handed to a sampling helper). A pointer counts only where it is used as
/// an address: a view copied in a kernel copies its storage's host address too, which device
/// code never follows.
///
/// A slot is known by what is written into it from the object; every use of the slot is then
/// walked as the object's are, its loads resolved through what it holds. A slot may learn
/// more after some of its loads were walked, so pointerOffsets() walks again until a round
/// learns nothing new.
struct Walk {
  /// Calls are followed this deep, and copies of copies resolved this deep: far beyond what
  /// kernels nest, short of what a recursion that moves its address on each time would make
  /// of the walk.
  static constexpr unsigned MaxDepth = 16;

  explicit Walk(const DataLayout &L) : Layout(L) {}

  const DataLayout &Layout;
  SmallVector<uint32_t, 4> Offsets;
  std::string Why;
  unsigned CallDepth = 0;
  /// FollowedAddresses holds the parameters already followed this round as addresses, each
  /// with what it pointed at; FollowedPointers those followed as the object's pointers.
  std::set<std::tuple<const Argument *, Region, std::optional<uint64_t>>> FollowedAddresses;
  std::set<std::pair<const Argument *, uint64_t>> FollowedPointers;
  /// FollowedChoices holds the selects and phis followed this round, with what they pointed at;
  /// ChoicesBeingFollowed those whose uses the walk is in.
  std::set<std::tuple<const Instruction *, Region, std::optional<uint64_t>>> FollowedChoices;
  SmallPtrSet<const Instruction *, 4> ChoicesBeingFollowed;
  /// Contents is what each known stack slot holds; it persists across rounds.
  std::map<Region, SmallVector<Held, 2>> Contents;
  /// Walked holds the slots whose uses this round has walked.
  std::set<Region> Walked;
  /// Grew is whether this round learnt something of the slots.
  bool Grew = false;

  /// round() walks the object and every slot known to hold some of it.
  bool round(const Argument &Object) {
    Offsets.clear();
    FollowedAddresses.clear();
    FollowedPointers.clear();
    FollowedChoices.clear();
    Walked.clear();
    Grew = false;
    if (!follow(Object, nullptr, 0))
      return false;
    // A slot learnt of in this round is walked in it too.
    for (bool Again = true; Again;) {
      Again = false;
      for (const auto &Known : Contents)
        if (Walked.insert(Known.first).second) {
          if (!follow(*Known.first, Known.first, 0))
            return false;
          Again = true;
          break;
        }
    }
    return true;
  }

  bool fail(std::string Reason) {
    Why = std::move(Reason);
    return false;
  }

  /// follow() walks the uses of `Address`, which points into `R` at `Offset`.
  bool follow(const Value &Address, Region R, std::optional<uint64_t> Offset) {
    for (const User *U : Address.users()) {
      if (const auto *GEP = dyn_cast<GEPOperator>(U)) {
        if (!followOffset(*GEP, R, Offset))
          return false;
      } else if (isa<SelectInst>(U) || isa<PHINode>(U)) {
        if (!followChoice(cast<Instruction>(*U), R, Offset))
          return false;
      } else if (isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U)) {
        if (!follow(*U, R, Offset))
          return false;
      } else if (const auto *Load = dyn_cast<LoadInst>(U)) {
        if (!load(*Load, R, Offset))
          return false;
      } else if (const auto *Store = dyn_cast<StoreInst>(U)) {
        if (!storeAddress(*Store, Address, R, Offset))
          return false;
      } else if (const auto *Intrinsic = dyn_cast<IntrinsicInst>(U); Intrinsic && Intrinsic->isLifetimeStartOrEnd()) {
        continue;
      } else if (isa<PtrToIntOperator>(U) && onlyCompared(*U)) {
        continue;
      } else if (const auto *Transfer = dyn_cast<MemTransferInst>(U)) {
        if (!transfer(*Transfer, Address, R, Offset))
          return false;
      } else if (const auto *Set = dyn_cast<MemSetInst>(U); Set && R != nullptr && Set->getRawDest() == &Address) {
        continue; // Values of the kernel's own written into a slot.
      } else if (const auto *Call = dyn_cast<CallBase>(U); Call && passesToDefinition(*Call, Address)) {
        if (!followCall(*Call, Address, R, Offset))
          return false;
      } else {
        return fail("its kernel object leaves the pass's sight (" + describe(*U) + ")");
      }
    }
    return true;
  }

  /// followOffset() follows `GEP`, an address `Offset` into `R` moved on: by a constant, by one
  /// of a few (each followed), or by an unknown amount.
  bool followOffset(const GEPOperator &GEP, Region R, std::optional<uint64_t> Offset) {
    APInt Delta(Layout.getIndexTypeSizeInBits(GEP.getType()), 0);
    if (Offset && GEP.accumulateConstantOffset(Layout, Delta))
      return follow(GEP, R, *Offset + Delta.getZExtValue());
    if (Offset)
      if (const auto Choices = possibleOffsets(GEP, Layout))
        return all_of(*Choices, [&](int64_t Choice) { return follow(GEP, R, *Offset + Choice); });
    return follow(GEP, R, std::nullopt);
  }

  /// followChoice() follows a select or phi that may give the address `Offset` into `R`: as
  /// that address (its other incoming addresses are followed from where they come, each as
  /// itself). A phi that the walk of its own uses reaches again with another address, a loop
  /// moving the address on, is followed from there at an unknown offset.
  bool followChoice(const Instruction &Choice, Region R, std::optional<uint64_t> Offset) {
    if (Offset && ChoicesBeingFollowed.count(&Choice) && !FollowedChoices.count({&Choice, R, Offset}))
      Offset = std::nullopt;
    if (!FollowedChoices.insert({&Choice, R, Offset}).second)
      return true;
    const bool Outermost = ChoicesBeingFollowed.insert(&Choice).second;
    const bool Followable = follow(Choice, R, Offset);
    if (Outermost)
      ChoicesBeingFollowed.erase(&Choice);
    return Followable;
  }

  /// load() handles `Load` of what lies at `Offset` in `R`.
  bool load(const LoadInst &Load, Region R, std::optional<uint64_t> Offset) {
    const Type &Loaded = *Load.getType();
    if (!Loaded.isPointerTy() && holdsPointer(Loaded))
      return fail(R ? "it reads addresses from a copy of its kernel object as a whole aggregate"
                    : "it reads addresses from its kernel object as a whole aggregate");
    if (!Loaded.isPointerTy() && !(Loaded.isIntegerTy() && becomesAddress(Load)))
      return true;
    if (!Offset) {
      if (R && holds(R).empty())
        return true;
      return fail(std::string(R ? "it reads an address from a copy of its kernel object"
                                : "it reads an address from its kernel object") +
                  " at a variable offset that is no index into an array of at most " + std::to_string(MaxElements) +
                  " elements");
    }
    return resolve(Load, R, *Offset, Layout.getTypeStoreSize(Load.getType()).getFixedValue(), 0);
  }

  /// resolve() finds what `Load` reads, `Size` bytes at `Offset` in `R`, `Depth` copies down:
  /// from the object, a pointer followed to its uses, or an integer that becomes an address;
  /// from a slot, whatever the slot holds there.
  bool resolve(const LoadInst &Load, Region R, uint64_t Offset, uint64_t Size, unsigned Depth) {
    if (R == nullptr) {
      if (Load.getType()->isPointerTy())
        return followPointer(Load, Offset);
      Offsets.push_back(static_cast<uint32_t>(Offset));
      return true;
    }
    if (Depth == MaxDepth)
      return fail("it copies its kernel object through more than " + std::to_string(MaxDepth) + " stack slots");
    // A copy: following an address may teach this slot more.
    const SmallVector<Held, 2> Holds(holds(R).begin(), holds(R).end());
    for (const Held &H : Holds) {
      if (Offset >= H.End || Offset + Size <= H.Begin)
        continue; // The slot's other bytes: values of the kernel's own.
      if (Offset < H.Begin || Offset + Size > H.End)
        return fail("it reads an address partly from a copy of its kernel object (" + describe(Load) + ")");
      const bool Whole = Offset == H.Begin && Load.getType()->isPointerTy();
      if (H.What == Held::Copy) {
        if (!resolve(Load, H.Source, H.At + (Offset - H.Begin), Size, Depth + 1))
          return false;
      } else if (H.What == Held::Address && Whole) {
        if (!follow(Load, H.Source, H.At))
          return false;
      } else if (H.What == Held::Pointer && Whole) {
        if (!followPointer(Load, H.At))
          return false;
      } else if (H.What == Held::Pointer) {
        Offsets.push_back(static_cast<uint32_t>(H.At)); // The pointer as an integer: used.
      } else {
        return fail("it reads its kernel object's address in parts or as an integer (" + describe(Load) + ")");
      }
    }
    return true;
  }

  /// followPointer() walks the uses of `Pointer`, the pointer at `At` in the object (or a copy
  /// of it), until one uses it as an address, which makes `At` one of the offsets. Stores of it
  /// into stack slots and calls that pass it on are followed; comparisons are no use.
  bool followPointer(const Value &Pointer, uint64_t At) {
    for (const User *U : Pointer.users()) {
      if (isa<BitCastOperator>(U) || isa<AddrSpaceCastOperator>(U)) {
        if (!followPointer(*U, At))
          return false;
        continue;
      }
      if (isa<ICmpInst>(U) || (isa<PtrToIntOperator>(U) && onlyCompared(*U)))
        continue;
      if (const auto *Store = dyn_cast<StoreInst>(U); Store && Store->getValueOperand() == &Pointer) {
        if (const auto Slot = slotAt(*Store->getPointerOperand())) {
          hold(Slot->first, Slot->second, Layout.getTypeStoreSize(Pointer.getType()).getFixedValue(), Held::Pointer,
               nullptr, At);
          continue;
        }
      }
      if (const auto *Call = dyn_cast<CallBase>(U); Call && passesToDefinition(*Call, Pointer)) {
        if (CallDepth == MaxDepth)
          return fail("its kernel object's pointers are passed down more than " + std::to_string(MaxDepth) +
                      " calls deep");
        const Function &Callee = *Call->getCalledFunction();
        ++CallDepth;
        bool Followable = true;
        for (unsigned I = 0; Followable && I < Call->arg_size(); ++I)
          if (Call->getArgOperand(I) == &Pointer && FollowedPointers.insert({Callee.getArg(I), At}).second)
            Followable = followPointer(*Callee.getArg(I), At);
        --CallDepth;
        if (!Followable)
          return false;
        continue;
      }
      // Used: as an address, or in a way not followed further (both count).
      Offsets.push_back(static_cast<uint32_t>(At));
      return true;
    }
    return true;
  }

  /// holds() is what `Slot` is known to hold of the object.
  ArrayRef<Held> holds(Region Slot) const {
    const auto Found = Contents.find(Slot);
    return Found == Contents.end() ? ArrayRef<Held>() : ArrayRef<Held>(Found->second);
  }

  /// slotAt() is the stack slot `Pointer` points into, and where; none if it is not one.
  std::optional<std::pair<Region, uint64_t>> slotAt(const Value &Pointer) const {
    APInt Delta(Layout.getIndexTypeSizeInBits(Pointer.getType()), 0);
    const Value *Base = Pointer.stripAndAccumulateConstantOffsets(Layout, Delta, /*AllowNonInbounds=*/true);
    const auto *Slot = dyn_cast<AllocaInst>(Base);
    if (Slot == nullptr || Delta.isNegative())
      return std::nullopt;
    return std::make_pair(Slot, Delta.getZExtValue());
  }

  /// hold() records that bytes [Begin, Begin + Size) of `Slot` hold what `What`, `Source` and
  /// `At` say (Held).
  void hold(Region Slot, uint64_t Begin, uint64_t Size, Held::Kind What, Region Source, uint64_t At) {
    const Held H{Begin, Begin + Size, What, Source, At};
    SmallVector<Held, 2> &Holds = Contents[Slot];
    if (is_contained(Holds, H))
      return;
    Holds.push_back(H);
    Grew = true;
  }

  /// storeAddress() handles `Store`, which uses `Address` (into `R` at `Offset`): storing the
  /// address into a stack slot is followed there; writing into a slot writes values of the
  /// kernel's own; writing into the object, or the address anywhere else, is not followed.
  bool storeAddress(const StoreInst &Store, const Value &Address, Region R, std::optional<uint64_t> Offset) {
    if (Store.getValueOperand() != &Address)
      return R != nullptr || fail("it writes into its kernel object (" + describe(Store) + ")");
    const auto Slot = slotAt(*Store.getPointerOperand());
    if (!Slot || !Offset)
      return fail("its kernel object's address is stored where the pass cannot follow it (" + describe(Store) + ")");
    hold(Slot->first, Slot->second, Layout.getTypeStoreSize(Address.getType()).getFixedValue(), Held::Address, R,
         *Offset);
    return true;
  }

  /// transfer() handles a memcpy or memmove that uses `Address` (into `R` at `Offset`): a copy
  /// out of it into a stack slot is followed there; one into a slot writes over values of the
  /// kernel's own.
  bool transfer(const MemTransferInst &Transfer, const Value &Address, Region R, std::optional<uint64_t> Offset) {
    if (Transfer.getRawSource() != &Address)
      return R != nullptr || fail("it writes into its kernel object (" + describe(Transfer) + ")");
    const auto Slot = slotAt(*Transfer.getRawDest());
    const auto *Length = dyn_cast<ConstantInt>(Transfer.getLength());
    if (!Slot || !Offset || Length == nullptr)
      return fail("its kernel object is copied where the pass cannot follow it (" + describe(Transfer) + ")");
    hold(Slot->first, Slot->second, Length->getZExtValue(), Held::Copy, R, *Offset);
    return true;
  }

  /// passesToDefinition() is whether `Call` passes `Value` as an argument (not as what it
  /// calls) to a function whose body the module has.
  static bool passesToDefinition(const CallBase &Call, const Value &Value) {
    const Function *Callee = Call.getCalledFunction();
    return Callee != nullptr && !Callee->isDeclaration() && !Callee->isVarArg() && Call.getCalledOperand() != &Value;
  }

  /// followCall() follows `Address` into the parameters of `Call`'s callee that receive it.
  /// A byval parameter is a copy of the bytes there, holding the same addresses.
  bool followCall(const CallBase &Call, const Value &Address, Region R, std::optional<uint64_t> Offset) {
    if (CallDepth == MaxDepth)
      return fail("its kernel object is passed down more than " + std::to_string(MaxDepth) + " calls deep");
    const Function &Callee = *Call.getCalledFunction();
    ++CallDepth;
    bool Followable = true;
    for (unsigned I = 0; Followable && I < Call.arg_size(); ++I)
      if (Call.getArgOperand(I) == &Address && FollowedAddresses.insert({Callee.getArg(I), R, Offset}).second)
        Followable = follow(*Callee.getArg(I), R, Offset);
    --CallDepth;
    return Followable;
  }
};

} // namespace

std::optional<SmallVector<uint32_t, 4>> pointerOffsets(Argument &Object, std::string &Why) {
  Walk W(Object.getParent()->getParent()->getDataLayout());
  // Each round but the last teaches a slot something new, and a slot learns only what the
  // stores and copies into it put there: the rounds end.
  do {
    if (!W.round(Object)) {
      Why = W.Why;
      return std::nullopt;
    }
  } while (W.Grew);
  sort(W.Offsets);
  W.Offsets.erase(std::unique(W.Offsets.begin(), W.Offsets.end()), W.Offsets.end());
  return W.Offsets;
}

} // namespace ample
