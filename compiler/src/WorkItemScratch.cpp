// WorkItemScratch: per-work-item scratch variables as variables of the kernel's frame
// (WorkItemScratch.h).
#include "WorkItemScratch.h"

#include "LLVMCompat.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

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

/// simplify() cleans `Kernel` up after its scratch variables became stack variables: each
/// access reset its scratch to zero before reading it, so what was a load of a variable in
/// memory becomes a zero.
void simplify(Function &Kernel) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  FunctionPassManager Simplify;
  Simplify.addPass(compat::makeSROA());
  Simplify.addPass(EarlyCSEPass());
  Simplify.addPass(InstCombinePass());
  Simplify.addPass(SimplifyCFGPass());
  Simplify.run(Kernel, FAM);
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

bool localizeWorkItemScratch(Function &Kernel, ArrayRef<GlobalVariable *> Scratch, std::string &Why) {
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
    Changed = true;
  }
  if (Changed)
    simplify(Kernel);
  return true;
}

} // namespace ample
