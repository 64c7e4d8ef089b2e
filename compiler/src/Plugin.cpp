// The entry point Clang (-fpass-plugin=) and opt (-load-pass-plugin=) look for.
#include "Pipeline.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AmpleCompiledBarriers", "0.1", ample::registerPipeline};
}
