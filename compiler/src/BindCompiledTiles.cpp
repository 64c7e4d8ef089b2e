#include "Contract.h"
#include "Passes.h"

#include "llvm/IR/Constants.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ample {
namespace {

/// bodyAsked() is the work-item body whose compiled form `Call` asks for, if it is a direct one.
Function *bodyAsked(CallBase &Call) {
  if (Call.arg_size() != 1)
    return nullptr;
  return dyn_cast<Function>(Call.getArgOperand(0)->stripPointerCasts());
}

} // namespace

PreservedAnalyses BindCompiledTiles::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  if (Function *Query = M.getFunction(QueryFunction)) {
    SmallVector<CallBase *, 8> Calls;
    for (User *U : Query->users())
      if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledFunction() == Query)
        Calls.push_back(Call);
    for (CallBase *Call : Calls) {
      Function *Body = bodyAsked(*Call);
      Function *Clone = Body ? tileCloneOf(M, *Body) : nullptr;
      if (!Clone || !isActiveTileClone(*Clone))
        continue;
      Call->replaceAllUsesWith(ConstantExpr::getPointerCast(Clone, Call->getType()));
      Call->eraseFromParent();
      // The body is noinline so that the pass finds it whole; its compiled form is called
      // once per tile from the engine's tile loop (run_compiled_tiles), where inlining a
      // small one saves a call per tile and lets the core overlap neighbouring tiles.
      Clone->removeFnAttr(Attribute::NoInline);
      Changed = true;
    }
  }
  SmallVector<Function *, 4> Dead;
  for (Function &F : M) {
    if (!isTileClone(F))
      continue;
    if (std::optional<std::string> Reason = declineReason(F)) {
      // A remark, not a warning: fibers run the kernel correctly, and a user's -Werror build
      // must not fail over it. Shown with -Rpass-missed=ample-compiled-barriers.
      OptimizationRemarkEmitter Remarks(&F);
      Remarks.emit(OptimizationRemarkMissed(RemarkPass, "Declined", &F)
                   << "tiled kernel runs on fibers: " << *Reason);
      Dead.push_back(&F);
    } else if (F.use_empty()) {
      Dead.push_back(&F);
    }
  }
  for (Function *F : Dead) {
    F->dropAllReferences();
    F->eraseFromParent();
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ample
