#include "Contract.h"
#include "Passes.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace ample {
namespace {

/// A kernel whose inlining goes on this long is too big to compile as loops.
constexpr unsigned MaxInlinedCalls = 5000;

/// reachingBarrier() is every function of `M` that calls the barrier, directly or through
/// direct calls. Calls through pointers are not followed: such a barrier fails at run time.
/// In the order found, so that recursiveBarrierPath() names the same function in every compile.
SmallSetVector<Function *, 16> reachingBarrier(Module &M) {
  SmallSetVector<Function *, 16> Reaching;
  Function *Barrier = M.getFunction(BarrierFunction);
  if (!Barrier)
    return Reaching;
  SmallVector<Function *, 16> Work{Barrier};
  while (!Work.empty()) {
    Function *Callee = Work.pop_back_val();
    for (User *U : Callee->users()) {
      auto *Call = dyn_cast<CallBase>(U);
      if (!Call || Call->getCalledFunction() != Callee)
        continue;
      Function *Caller = Call->getFunction();
      if (Reaching.insert(Caller))
        Work.push_back(Caller);
    }
  }
  return Reaching;
}

/// recursiveBarrierPath() names a function on the way to a barrier that can call itself, or
/// is empty. Checked before inlining, which would otherwise unroll the recursion to the cap.
std::string recursiveBarrierPath(const SmallSetVector<Function *, 16> &Reaching) {
  for (Function *Start : Reaching) {
    SmallPtrSet<Function *, 16> Seen;
    SmallVector<Function *, 16> Work{Start};
    while (!Work.empty()) {
      Function *F = Work.pop_back_val();
      for (Instruction &I : instructions(*F))
        if (auto *Call = dyn_cast<CallBase>(&I))
          if (Function *Callee = Call->getCalledFunction(); Callee && Reaching.contains(Callee)) {
            if (Callee == Start)
              return Start->getName().str();
            if (Seen.insert(Callee).second)
              Work.push_back(Callee);
          }
    }
  }
  return {};
}

/// directCallee() is the function `Call` calls. A call through a cast of a function (Clang
/// calls a base class's destructor through a cast to the derived type) becomes a direct call
/// with cast arguments first, so that the inliner sees its callee; only pointer arguments and
/// an unchanged return type are cast, anything else stays an indirect call (null).
Function *directCallee(CallBase &Call) {
  if (Function *Callee = Call.getCalledFunction())
    return Callee;
  auto *Callee = dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts());
  if (!Callee || Callee->isVarArg() || Callee->arg_size() != Call.arg_size() ||
      Callee->getReturnType() != Call.getType())
    return nullptr;
  FunctionType *Type = Callee->getFunctionType();
  for (unsigned Arg = 0; Arg < Call.arg_size(); ++Arg) {
    Value *Given = Call.getArgOperand(Arg);
    if (Given->getType() != Type->getParamType(Arg) &&
        !(Given->getType()->isPointerTy() && Type->getParamType(Arg)->isPointerTy()))
      return nullptr;
  }
  for (unsigned Arg = 0; Arg < Call.arg_size(); ++Arg)
    if (Value *Given = Call.getArgOperand(Arg); Given->getType() != Type->getParamType(Arg))
      Call.setArgOperand(Arg, CastInst::CreatePointerCast(Given, Type->getParamType(Arg), "", &Call));
  Call.setCalledFunction(Callee);
  return Callee;
}

/// nextCallToInline() is a call in `F` to inline: every call to a defined function that
/// reaches a barrier, and every other one the kernel's author left inlinable, so that the
/// work-item's values are registers when the loops are formed, not objects in memory
/// behind calls. Local-coordinate markers stay calls: FormWorkItemLoops replaces them.
CallBase *nextCallToInline(Function &F, const SmallSetVector<Function *, 16> &Reaching,
                           const SmallPtrSetImpl<Function *> &Markers) {
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = directCallee(*Call))
        if (!Callee->isDeclaration() && !Markers.contains(Callee) &&
            (Reaching.contains(Callee) || !Callee->hasFnAttribute(Attribute::NoInline)))
          return Call;
  return nullptr;
}

} // namespace

PreservedAnalyses InlineBarrierPaths::run(Module &M, ModuleAnalysisManager &) {
  const SmallSetVector<Function *, 16> Reaching = reachingBarrier(M);
  const SmallPtrSet<Function *, 4> Markers = findLocalCoordinateFunctions(M);
  const std::string Recursive = recursiveBarrierPath(Reaching);
  bool Changed = false;
  for (Function &F : M) {
    if (!isActiveTileClone(F))
      continue;
    if (!Recursive.empty()) {
      decline(F, "the kernel recurses through " + Recursive);
      continue;
    }
    unsigned Inlined = 0;
    while (CallBase *Call = nextCallToInline(F, Reaching, Markers)) {
      const std::string Callee = Call->getCalledFunction()->getName().str();
      InlineFunctionInfo Info;
      if (++Inlined > MaxInlinedCalls) {
        decline(F, "the kernel needs more than " + std::to_string(MaxInlinedCalls) + " calls inlined");
        break;
      }
      if (!InlineFunction(*Call, Info).isSuccess()) {
        decline(F, "a call on the way to a barrier cannot be inlined (" + Callee + ")");
        break;
      }
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ample
