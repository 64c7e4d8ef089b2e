// HoistLaunchObjectLoads: the launch context, the kernel object and the tile index are read
// once per tile.
//
// The contract (compiled_tile.hpp) says the launch context (argument 0) and the objects it points
// to (the kernel object, with the views it captured) do not change while the launch runs, and
// they exist as a whole while a tile runs. A load of one of their members is therefore the same
// wherever it stands, and it may be made before a condition that guarded it: every such load of
// the finished clone is marked !invariant.load and moved, with its address, to the clone's entry.
//
// Why not leave it to LICM: a member read under a condition, such as a view's data pointer and
// stride in a BLAS kernel's guarded read (`if (r < v.extent[0]) return v(r, c); return 0;`),
// stays in the work-item loop unless LLVM can prove the object dereferenceable, and the facts
// that prove it do not survive ArgumentPromotion, which replaces the context argument by the
// kernel pointer loaded from it. Left in the loop, the guarded read is a branch around three
// loads, and the vectoriser declined the loop; hoisted, what is under the condition is the
// element's load, a masked load.
//
// The tile index (argument 1) does not change while the tile runs either, but it does between
// the tiles of a chunk (the engine's tile loop, into which a small compiled tile is inlined,
// stores the next one): its loads move to the entry too, unmarked, so that they stay in that
// loop. Left where the pieces recompute the work-item's coordinates from it, a load in a loop of
// the kernel's own that stores (to a view, which may be that memory as far as LLVM knows)
// would be made again in every iteration, and the work-item's global index would not be a
// recurrence of its work-item loop to the later passes.
#include "Passes.h"

#include "Contract.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace ample {
namespace {

/// isLaunchObject() is true for the launch context and for a pointer loaded from it.
bool isLaunchObject(const Value *Base, const Argument *Context) {
  if (Base == Context)
    return true;
  auto *Load = dyn_cast<LoadInst>(Base);
  return Load && Load->isSimple() && Load->getPointerOperand()->stripInBoundsConstantOffsets() == Context;
}

/// LaunchObjectHoister copies the address computations and loads it hoists into the entry,
/// each once.
class LaunchObjectHoister {
public:
  explicit LaunchObjectHoister(Function &F)
      : Context(F.getArg(0)), TileIndex(F.getArg(1)), InsertPoint(&*F.getEntryBlock().getFirstInsertionPt()) {
    while (isa<AllocaInst>(InsertPoint))
      InsertPoint = InsertPoint->getNextNode();
  }

  /// member() is true for a load of a member of a launch object or of the tile index at a
  /// constant offset.
  bool member(LoadInst &Load) const {
    const Value *Base = Load.getPointerOperand()->stripInBoundsConstantOffsets();
    return Load.isSimple() && (isLaunchObject(Base, Context) || Base == TileIndex);
  }

  /// inEntry() is `V` computed in the entry: arguments and constants as they are, the
  /// instructions of a member's address and the loads of launch objects copied.
  Value *inEntry(Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return V;
    if (Value *Done = Copies.lookup(I))
      return Done;
    if (Made.contains(I))
      return I;
    Instruction *Copy = I->clone();
    for (Use &Operand : Copy->operands())
      Operand.set(inEntry(Operand.get()));
    if (auto *Load = dyn_cast<LoadInst>(Copy); Load && Load->getPointerOperand()->stripInBoundsConstantOffsets() != TileIndex)
      Copy->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(Copy->getContext(), {}));
    Copy->setMetadata(LLVMContext::MD_access_group, nullptr); // outside the work-item loops now
    Copy->insertBefore(InsertPoint);
    Copies[I] = Copy;
    Made.insert(Copy);
    return Copy;
  }

private:
  Argument *Context, *TileIndex;
  Instruction *InsertPoint;
  DenseMap<Instruction *, Instruction *> Copies; ///< original -> its copy in the entry
  SmallPtrSet<Instruction *, 32> Made;          ///< the copies
};

} // namespace

PreservedAnalyses HoistLaunchObjectLoads::run(Function &F, FunctionAnalysisManager &) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  LaunchObjectHoister Hoister(F);
  SmallVector<LoadInst *, 32> Members;
  for (Instruction &I : instructions(F))
    if (auto *Load = dyn_cast<LoadInst>(&I); Load && Hoister.member(*Load))
      Members.push_back(Load);
  if (Members.empty())
    return PreservedAnalyses::all();
  for (LoadInst *Load : Members)
    Load->replaceAllUsesWith(Hoister.inEntry(Load));
  for (LoadInst *Load : Members)
    Load->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace ample
