// WorkItemScratch: per-work-item scratch variables as variables of the kernel's frame
// (WorkItemScratch.h).
#include "WorkItemScratch.h"

#include "DeviceTarget.h"
#include "LLVMCompat.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <optional>

using namespace llvm;

namespace ample {
namespace {

/// refersTo() is whether constant `C` is `G` or an expression over it (a cast, an offset).
bool refersTo(const Constant &C, const GlobalVariable &G) {
  if (&C == &G)
    return true;
  const auto *Expression = dyn_cast<ConstantExpr>(&C);
  return Expression && any_of(Expression->operands(), [&](const Use &Operand) {
           return refersTo(*cast<Constant>(Operand.get()), G);
         });
}

/// usersOf() is the functions whose instructions use `G`, directly or through constant
/// expressions; `Elsewhere` is set where something else does (another variable's initializer).
SmallPtrSet<Function *, 4> usersOf(Constant &G, bool &Elsewhere) {
  SmallPtrSet<Function *, 4> Functions;
  for (User *U : G.users()) {
    if (auto *I = dyn_cast<Instruction>(U))
      Functions.insert(I->getFunction());
    else if (auto *Expression = dyn_cast<ConstantExpr>(U))
      for (Function *F : usersOf(*Expression, Elsewhere))
        Functions.insert(F);
    else
      Elsewhere = true;
  }
  return Functions;
}

/// instructionFor() is `C`, an expression over `G`, rebuilt as instructions before `Before`
/// with `Local` in place of `G`.
Value *instructionFor(Constant &C, GlobalVariable &G, Value &Local, Instruction &Before) {
  if (&C == &G)
    return &Local;
  auto *Expression = dyn_cast<ConstantExpr>(&C);
  if (!Expression || !refersTo(C, G))
    return &C;
  Instruction *Rebuilt = Expression->getAsInstruction();
  Rebuilt->insertBefore(&Before);
  for (Use &Operand : Rebuilt->operands())
    Operand.set(instructionFor(*cast<Constant>(Operand.get()), G, Local, *Rebuilt));
  return Rebuilt;
}

/// isScratch() is whether `Address` points into `Local`.
bool isScratch(const Value &Address, const AllocaInst &Local) { return getUnderlyingObject(&Address) == &Local; }

/// ScratchChoice is an address that is `Local` (the scratch) on some paths and another one on
/// the others, taken apart: `Real` is the other address wherever `Taken` is true.
struct ScratchChoice {
  Value *Taken;
  Value *Real;
};

/// scratchChoice() takes apart `Choice`, a select or a phi of addresses some of which point
/// into `Local` (what an accessor returns for an index that may fall outside the extent);
/// none if it is neither, or not such a mix. A phi gets two phis beside it.
std::optional<ScratchChoice> scratchChoice(Value &Choice, const AllocaInst &Local, Instruction &Before) {
  if (auto *Select = dyn_cast<SelectInst>(&Choice); Select && Select->getCondition()->getType()->isIntegerTy(1)) {
    const bool TrueIsScratch = isScratch(*Select->getTrueValue(), Local);
    if (TrueIsScratch == isScratch(*Select->getFalseValue(), Local))
      return std::nullopt;
    IRBuilder<> Builder(&Before);
    if (TrueIsScratch)
      return ScratchChoice{Builder.CreateNot(Select->getCondition()), Select->getFalseValue()};
    return ScratchChoice{Select->getCondition(), Select->getTrueValue()};
  }
  auto *Phi = dyn_cast<PHINode>(&Choice);
  if (!Phi)
    return std::nullopt;
  const unsigned Scratch = static_cast<unsigned>(
      count_if(Phi->incoming_values(), [&](const Use &V) { return isScratch(*V.get(), Local); }));
  if (Scratch == 0 || Scratch == Phi->getNumIncomingValues())
    return std::nullopt;
  IRBuilder<> Builder(Phi);
  PHINode *Taken = Builder.CreatePHI(Builder.getInt1Ty(), Phi->getNumIncomingValues());
  PHINode *Real = Builder.CreatePHI(Phi->getType(), Phi->getNumIncomingValues());
  for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I) {
    const bool FromScratch = isScratch(*Phi->getIncomingValue(I), Local);
    Taken->addIncoming(Builder.getInt1(!FromScratch), Phi->getIncomingBlock(I));
    Real->addIncoming(FromScratch ? UndefValue::get(Phi->getType()) : Phi->getIncomingValue(I),
                      Phi->getIncomingBlock(I));
  }
  return ScratchChoice{Taken, Real};
}

/// dropScratchStores() turns each store through an address that may be `Local` (a write that
/// may fall outside the extent, or to a field of such an element) into a store to the other
/// address under the condition that chose it: a write outside the extent is then no store at
/// all, rather than a store through a generic pointer, and nothing keeps `Local` in memory.
void dropScratchStores(Function &Kernel, const AllocaInst &Local) {
  const DataLayout &Layout = Kernel.getParent()->getDataLayout();
  SmallVector<StoreInst *, 8> Stores;
  for (Instruction &I : instructions(Kernel))
    if (auto *Store = dyn_cast<StoreInst>(&I))
      Stores.push_back(Store);
  for (StoreInst *Store : Stores)
    for (;;) {
      Value *Pointer = Store->getPointerOperand();
      APInt Offset(Layout.getIndexTypeSizeInBits(Pointer->getType()), 0);
      Value *Base = Pointer->stripAndAccumulateConstantOffsets(Layout, Offset, true);
      const std::optional<ScratchChoice> Choice = scratchChoice(*Base, Local, *Store);
      if (!Choice)
        break;
      IRBuilder<> Builder(Store);
      Type *Byte = Builder.getInt8Ty();
      Value *Bytes =
          Builder.CreatePointerCast(Choice->Real, PointerType::get(Byte, Base->getType()->getPointerAddressSpace()));
      Value *Target = Builder.CreatePointerCast(
          Builder.CreateGEP(Byte, Bytes, ConstantInt::get(Kernel.getContext(), Offset)), Pointer->getType());
      Store->moveBefore(SplitBlockAndInsertIfThen(Choice->Taken, Store, false));
      Store->setOperand(StoreInst::getPointerOperandIndex(), Target);
    }
}

/// simplify() cleans `Kernel` up after its scratch variables became stack variables: each
/// access reset its scratch to zero before reading it, so what was a load of a variable in
/// memory becomes a zero; the addresses dropScratchStores() made are global ones again.
void simplify(Function &Kernel, TargetMachine &Target) {
  DevicePasses Passes(Target);
  FunctionPassManager Simplify;
  Simplify.addPass(compat::makeSROA());
  Simplify.addPass(EarlyCSEPass());
  Simplify.addPass(InstCombinePass());
  Simplify.addPass(SimplifyCFGPass());
  Simplify.addPass(InferAddressSpacesPass());
  Simplify.run(Kernel, Passes.Functions);
}

} // namespace

void prepareWorkItemScratch(ArrayRef<GlobalVariable *> Scratch) {
  SmallPtrSet<Function *, 8> Reaching;
  SmallVector<Function *, 8> Work;
  for (GlobalVariable *G : Scratch) {
    G->setThreadLocal(false);
    G->setLinkage(GlobalValue::InternalLinkage);
    G->setComdat(nullptr);
    bool Elsewhere = false;
    for (Function *F : usersOf(*G, Elsewhere))
      if (Reaching.insert(F).second)
        Work.push_back(F);
  }
  // Their callers too, up to the kernel: a reference to the scratch that a function returns
  // must not outlive the frame the scratch ends up in.
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    for (User *U : F->users())
      if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledFunction() == F)
        if (Reaching.insert(Call->getFunction()).second)
          Work.push_back(Call->getFunction());
  }
  for (Function *F : Reaching)
    F->addFnAttr(Attribute::AlwaysInline);
}

bool localizeWorkItemScratch(Function &Kernel, ArrayRef<GlobalVariable *> Scratch, TargetMachine &Target,
                             std::string &Why) {
  bool Changed = false;
  for (GlobalVariable *G : Scratch) {
    bool Elsewhere = false;
    const SmallPtrSet<Function *, 4> Users = usersOf(*G, Elsewhere);
    if (Users.empty() && !Elsewhere)
      continue;
    if (Elsewhere || Users.size() != 1 || !Users.contains(&Kernel)) {
      Why = "it uses the work-item scratch " + demangle(G->getName().str()) +
            " in code that was not inlined into the kernel";
      return false;
    }
    const DataLayout &Layout = Kernel.getParent()->getDataLayout();
    auto *Local = new AllocaInst(G->getValueType(), Layout.getAllocaAddrSpace(), nullptr, G->getAlign().valueOrOne(),
                                 G->getName() + ".local", &*Kernel.getEntryBlock().getFirstInsertionPt());
    Value *Address = Local;
    if (Local->getType() != G->getType())
      Address = new AddrSpaceCastInst(Local, G->getType(), "", Local->getNextNode());
    SmallVector<Use *, 8> Uses;
    for (Instruction &I : instructions(Kernel))
      for (Use &Operand : I.operands())
        if (const auto *C = dyn_cast<Constant>(Operand.get()); C && refersTo(*C, *G))
          Uses.push_back(&Operand);
    for (Use *Operand : Uses) {
      auto &I = *cast<Instruction>(Operand->getUser());
      // A phi's operand is used at the end of the block it comes from.
      Instruction &Before = isa<PHINode>(I) ? *cast<PHINode>(I).getIncomingBlock(*Operand)->getTerminator() : I;
      Operand->set(instructionFor(*cast<Constant>(Operand->get()), *G, *Address, Before));
    }
    G->removeDeadConstantUsers(); // The expressions over it that the kernel used.
    dropScratchStores(Kernel, *Local);
    Changed = true;
  }
  if (Changed)
    simplify(Kernel, Target);
  return true;
}

} // namespace ample
