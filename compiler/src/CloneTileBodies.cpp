#include "Contract.h"
#include "Passes.h"

#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace ample {

PreservedAnalyses CloneTileBodies::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (auto &[Body, Shape] : findTileBodies(M)) {
    // -O0 keeps kernels on fibers: nothing after this pass would optimise the loops.
    if (Body->isDeclaration() || Body->hasOptNone() || tileCloneOf(M, *Body))
      continue;
    ValueToValueMapTy Map;
    Function *Clone = CloneFunction(Body, Map);
    Clone->setName(Body->getName() + ".ample.tile");
    Clone->setLinkage(GlobalValue::InternalLinkage);
    Clone->setVisibility(GlobalValue::DefaultVisibility);
    Clone->setComdat(nullptr);
    // UBSan's function sanitizer puts the body's address in its prologue data; the clone
    // lives in another section, where that difference cannot be encoded. Without the
    // prologue the check of calls through pointers skips the clone.
    Clone->setPrologueData(nullptr);
    markTileClone(*Clone, *Body, Shape);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace ample
