#include "Contract.h"
#include "LLVMCompat.h"
#include "Passes.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ample {
namespace {

/// The most tile_static memory one compiled tile keeps in its frame; more stays thread_local.
/// The frame is on the stack of the thread that runs the tile, beside the context arrays.
constexpr uint64_t MaxPrivateBytes = 64 * 1024;

/// usesGlobal() is true when `C` is `G` or a constant expression built on it.
bool usesGlobal(const Constant *C, const GlobalVariable *G) {
  if (C == G)
    return true;
  const auto *CE = dyn_cast<ConstantExpr>(C);
  return CE && any_of(CE->operands(), [&](const Use &Op) { return usesGlobal(cast<Constant>(Op.get()), G); });
}

/// materialize() is `C` with `G` replaced by `Private`: constant expressions on `G` become
/// instructions before `InsertBefore`.
Value *materialize(Constant *C, GlobalVariable *G, AllocaInst *Private, Instruction *InsertBefore) {
  if (C == G)
    return Private;
  if (!usesGlobal(C, G))
    return C;
  Instruction *Expr = cast<ConstantExpr>(C)->getAsInstruction();
  Expr->insertBefore(InsertBefore);
  for (Use &Op : Expr->operands())
    Op.set(materialize(cast<Constant>(Op.get()), G, Private, Expr));
  return Expr;
}

/// onlyInMetadata() is true for a constant that only LLVM's own lists hold (the annotation
/// that marks the variable tile_static, llvm.used): they do not read the variable.
bool onlyInMetadata(const User *U) {
  if (const auto *G = dyn_cast<GlobalVariable>(U))
    return compat::startsWith(G->getName(), "llvm.");
  return isa<Constant>(U) && all_of(U->users(), onlyInMetadata);
}

/// ThreadLocalUse is one operand of an instruction of the clone that names a tile_static
/// variable.
struct ThreadLocalUse {
  Instruction *User;
  unsigned Operand;
};

/// Reach is every function a clone reaches through direct calls, transitively, and whether
/// one of them makes an indirect call. An indirect call may reach any function of the module
/// whose address is taken and that takes as many arguments (they count as reached: calling a
/// function through a pointer of another type is undefined), or code of another translation
/// unit.
struct Reach {
  SmallPtrSet<const Function *, 16> Functions;
  bool Indirect = false;
};
Reach reachFrom(const Function &Clone) {
  Reach R;
  SmallVector<const Function *, 16> Work{&Clone};
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const Instruction &I : instructions(*F)) {
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Call || isa<IntrinsicInst>(Call) || Call->isInlineAsm())
        continue;
      const Function *Callee = dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts());
      if (Callee) {
        if (R.Functions.insert(Callee).second)
          Work.push_back(Callee);
        continue;
      }
      R.Indirect = true;
      for (const Function &Target : *Clone.getParent())
        if (Target.hasAddressTaken() && Target.arg_size() == Call->arg_size() && R.Functions.insert(&Target).second)
          Work.push_back(&Target);
    }
  }
  return R;
}

/// outsideDefinitionMayReach() is true when a function of `R` is only declared here and might
/// be another translation unit's code that names `G`: possible only for a thread_local with
/// external linkage (a static of an inline function), and only from C++ code outside the
/// standard library (C functions, the C++ runtime and the library's contract cannot know it).
bool outsideDefinitionMayReach(const Reach &R, const GlobalVariable &G) {
  if (G.hasLocalLinkage())
    return false;
  return any_of(R.Functions, [](const Function *F) {
    if (!F->isDeclaration())
      return false;
    const StringRef Name = F->getName();
    return compat::startsWith(Name, "_Z") && !compat::startsWith(Name, "_ZSt") &&
           !compat::startsWith(Name, "_ZNSt") && !compat::startsWith(Name, "_ZNKSt") &&
           !compat::startsWith(Name, "__cxa");
  });
}

/// privatize() replaces, in one active tile clone, each tile_static variable that only the
/// clone can touch while the tile runs by a stack object of the clone. Only variables declared
/// tile_static (annotated by the library's macro) qualify: their contents are unspecified when
/// a tile starts and dead when it ends. Other thread_locals, such as the library's record of
/// the running tile, carry values into the tile or out of it.
bool privatize(Function &Clone, ArrayRef<GlobalVariable *> TileStatics) {
  // Which tile_statics the clone names, and where. An operand that names two of them (a
  // constant expression on both) keeps both shared: rewriting one site for one of them only
  // would split the other between the clone's copy and the thread_local.
  MapVector<GlobalVariable *, SmallVector<ThreadLocalUse, 8>> Uses;
  SmallPtrSet<GlobalVariable *, 4> Entangled;
  for (Instruction &I : instructions(Clone))
    for (unsigned Op = 0; Op < I.getNumOperands(); ++Op) {
      auto *C = dyn_cast<Constant>(I.getOperand(Op));
      if (!C || !(isa<GlobalVariable>(C) || isa<ConstantExpr>(C)))
        continue;
      SmallVector<GlobalVariable *, 2> Named;
      for (GlobalVariable *G : TileStatics)
        if (usesGlobal(C, G))
          Named.push_back(G);
      for (GlobalVariable *G : Named) {
        Uses[G].push_back({&I, Op});
        if (Named.size() > 1)
          Entangled.insert(G);
      }
    }
  if (Uses.empty())
    return false;

  const Reach Reached = reachFrom(Clone);
  const DataLayout &Layout = Clone.getParent()->getDataLayout();
  uint64_t Bytes = 0;
  bool Changed = false;
  for (auto &[G, Sites] : Uses) {
    // Any other function that names G and runs during the tile would see the thread_local,
    // not the clone's copy; so would a constant (another global's initializer) holding its
    // address.
    // (A variable another translation unit may name is shared once the clone makes an
    // indirect call: its target may be that unit's code.)
    bool Shared = Entangled.contains(G) || outsideDefinitionMayReach(Reached, *G) ||
                  (Reached.Indirect && !G->hasLocalLinkage());
    SmallVector<const User *, 8> Pending(G->users().begin(), G->users().end());
    while (!Shared && !Pending.empty()) {
      const User *U = Pending.pop_back_val();
      if (const auto *I = dyn_cast<Instruction>(U)) {
        const Function *F = I->getFunction();
        Shared = F != &Clone && Reached.Functions.contains(F);
      } else if (isa<ConstantExpr>(U)) {
        Pending.append(U->user_begin(), U->user_end());
      } else {
        Shared = !onlyInMetadata(U);
      }
    }
    const uint64_t Size = Layout.getTypeAllocSize(G->getValueType());
    if (Shared || Bytes + Size > MaxPrivateBytes)
      continue;
    Bytes += Size;

    const Align Alignment = G->getAlign() ? *G->getAlign() : Layout.getPrefTypeAlign(G->getValueType());
    auto *Private = new AllocaInst(G->getValueType(), Layout.getAllocaAddrSpace(), nullptr, Alignment,
                                   G->getName() + ".tile", &*Clone.getEntryBlock().getFirstInsertionPt());
    Private->setMetadata(TileStaticMetadata, MDNode::get(Clone.getContext(), {}));
    // Zeroed when the tile starts, where the thread_local held the last tile's values. Left
    // uninitialised, SROA turns a variable whose every read follows a work-item's write into
    // a value that starts as undef, and LLVM 14's loop vectoriser compares the lanes of a
    // conditional assignment (`if (f == 19) bc = x;`, a select-cmp reduction) with that start
    // value, which InstCombine then folds: the tile read a wrong value (tiled fuzz, regression
    // select_reduction_undef_start). A store of zeros that the tile overwrites before any read
    // is removed again when it can be seen to be.
    IRBuilder<>(Private->getNextNode()).CreateMemSet(Private, ConstantInt::get(Type::getInt8Ty(Clone.getContext()), 0),
                                                     Size, Private->getAlign());
    for (const ThreadLocalUse &Site : Sites) {
      Instruction *Before = Site.User;
      if (auto *Phi = dyn_cast<PHINode>(Site.User))
        Before = Phi->getIncomingBlock(Site.Operand)->getTerminator();
      Site.User->setOperand(Site.Operand,
                            materialize(cast<Constant>(Site.User->getOperand(Site.Operand)), G, Private, Before));
    }
    Changed = true;
  }
  return Changed;
}

} // namespace

PreservedAnalyses PrivatizeTileStatic::run(Module &M, ModuleAnalysisManager &) {
  const SmallVector<GlobalVariable *, 8> TileStatics = findTileStaticVariables(M);
  if (TileStatics.empty())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M)
    if (isActiveTileClone(F))
      Changed |= privatize(F, TileStatics);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ample
