// DeviceTarget: NVPTX code generation for device modules (DeviceTarget.h).
#include "DeviceTarget.h"

#include "DeviceMath.h"
#include "LLVMCompat.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/Analysis/TypeBasedAliasAnalysis.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace ample {
namespace {

/// The intrinsics NVPTX lowers that device code may keep after -O3: arithmetic, memory
/// intrinsics, hints. Those of the C library's other functions (llvm.sin, llvm.pow, ...) were
/// replaced by libclc's functions (linkMathLibrary()); any left have no GPU form.
bool lowersOnGPU(StringRef Intrinsic) {
  for (StringRef Prefix :
       {"llvm.nvvm.", "llvm.lifetime.", "llvm.memcpy.", "llvm.memset.", "llvm.memmove.", "llvm.assume",
        "llvm.experimental.noalias.scope.decl", "llvm.fabs.", "llvm.fma.", "llvm.fmuladd.", "llvm.sqrt.",
        "llvm.minnum.", "llvm.maxnum.", "llvm.floor.", "llvm.ceil.", "llvm.trunc.", "llvm.rint.", "llvm.nearbyint.",
        "llvm.round.", "llvm.copysign.", "llvm.smax.", "llvm.smin.", "llvm.umax.", "llvm.umin.", "llvm.abs.",
        "llvm.ctpop.", "llvm.ctlz.", "llvm.cttz.", "llvm.bswap.", "llvm.bitreverse.", "llvm.fshl.", "llvm.fshr.",
        "llvm.sadd.with.overflow.", "llvm.uadd.with.overflow.", "llvm.ssub.with.overflow.",
        "llvm.usub.with.overflow.", "llvm.smul.with.overflow.", "llvm.umul.with.overflow.", "llvm.uadd.sat.",
        "llvm.usub.sat.", "llvm.sadd.sat.", "llvm.ssub.sat.", "llvm.expect.", "llvm.is.fpclass.", "llvm.trap"})
    if (compat::startsWith(Intrinsic, Prefix))
      return true;
  return false;
}

/// hostOnlyUse() names the first thing in `D`'s code that has no GPU form, if any: a
/// thread_local or host variable, the host's inline assembly, an indirect call, or a call of a
/// function without a body (other than an intrinsic NVPTX lowers).
std::string hostOnlyUse(Module &D) {
  for (GlobalVariable &G : D.globals()) {
    if (G.use_empty() || compat::startsWith(G.getName(), "llvm.") || G.getAddressSpace() == SharedAddressSpace)
      continue;
    if (G.isThreadLocal())
      return "it uses the thread_local " + demangle(G.getName().str());
    // The device module has a copy of each variable it kept: right for constants, but a
    // variable the host may change would be read from a stale copy, or not found at all.
    if (G.isDeclaration() || !G.isConstant())
      return "it uses the host variable " + demangle(G.getName().str());
  }
  for (Function &F : D) {
    // Where the call is, unless it is the kernel itself (all the optimiser could inline).
    const std::string Where = F.hasExternalLinkage() ? "" : " (in " + demangle(F.getName().str()) + ")";
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallBase>(&I);
      if (!Call)
        continue;
      if (Call->isInlineAsm()) {
        if (Call->hasMetadata(LibraryAssembly))
          continue;
        return "it runs inline assembly of the host's" + Where;
      }
      Function *Callee = Call->getCalledFunction();
      if (!Callee)
        return "it makes an indirect call" + Where;
      if (Callee->isDeclaration() && !(Callee->isIntrinsic() && lowersOnGPU(Callee->getName())))
        return "it calls " + demangle(Callee->getName().str()) + ", which has no GPU form" + Where;
    }
  }
  return {};
}

} // namespace

std::unique_ptr<TargetMachine> makeDeviceTarget(std::string &Why) {
  std::string Error;
  const Target *NVPTX = TargetRegistry::lookupTarget(DeviceTriple, Error);
  if (!NVPTX) {
    Why = "this LLVM has no NVPTX target (" + Error + ")";
    return nullptr;
  }
  return std::unique_ptr<TargetMachine>(
      NVPTX->createTargetMachine(DeviceTriple, DeviceArchitecture, "", TargetOptions(), {}));
}

void retargetForDevice(Module &D, TargetMachine &Target) {
  D.setTargetTriple(DeviceTriple);
  D.setDataLayout(Target.createDataLayout());
}

DevicePasses::DevicePasses(TargetMachine &Target) : Builder(&Target) {
  Target.registerPassBuilderCallbacks(Builder);
  // The default alias analyses but GlobalsAA, registered before the builder's (which then
  // keeps these). GlobalsAA takes a call of an intrinsic for one that cannot write an internal
  // global whose address the module never takes: true of one thread, false of `bar.sync`, across
  // which the other threads of the block write the tile_static variables, each such a global.
  // With it, LLVM 14's GVN moved the load of `if (local == 1) bc = v; barrier; use(bc)` above
  // the barrier on the other threads' way (lit test device_code_barrier_memory.cpp).
  Functions.registerPass([&Target] {
    AAManager Analyses;
    Analyses.registerFunctionAnalysis<BasicAA>();
    Analyses.registerFunctionAnalysis<ScopedNoAliasAA>();
    Analyses.registerFunctionAnalysis<TypeBasedAA>();
    Target.registerDefaultAliasAnalyses(Analyses);
    return Analyses;
  });
  Builder.registerModuleAnalyses(Modules);
  Builder.registerCGSCCAnalyses(CGSCCs);
  Builder.registerFunctionAnalyses(Functions);
  Builder.registerLoopAnalyses(Loops);
  Builder.crossRegisterProxies(Loops, Functions, CGSCCs, Modules);
}

bool optimizeForDevice(Module &D, TargetMachine &Target, std::string &Why) {
  if (verifyModule(D, &errs())) {
    Why = "the device module is not valid IR (an Ample bug: please report it)";
    return false;
  }
  DevicePasses Passes(Target);
  Passes.Builder.buildPerModuleDefaultPipeline(OptimizationLevel::O3).run(D, Passes.Modules);
  return true;
}

bool checkDeviceCode(Module &D, std::string &Why) {
  if (std::string Use = hostOnlyUse(D); !Use.empty()) {
    Why = Use;
    return false;
  }
  // What is left of the host's variables is unused: none of it belongs in the PTX.
  for (GlobalVariable &G : make_early_inc_range(D.globals()))
    if (G.use_empty() && !compat::startsWith(G.getName(), "llvm."))
      G.eraseFromParent();
  // The tile_static variables the kernel uses, each at its alignment, as ptxas lays them out.
  const DataLayout &Layout = D.getDataLayout();
  uint64_t Shared = 0;
  for (const GlobalVariable &G : D.globals())
    if (G.getAddressSpace() == SharedAddressSpace)
      Shared = alignTo(Shared, G.getAlign().valueOrOne()) + Layout.getTypeAllocSize(G.getValueType()).getFixedValue();
  if (Shared > MaxStaticSharedBytes) {
    Why = "its tile_static variables take " + std::to_string(Shared) + " bytes, more than the " +
          std::to_string(MaxStaticSharedBytes) + " of a GPU block's static shared memory (C++ AMP allows 32 KiB)";
    return false;
  }
  return true;
}

bool emitPTX(Module &D, TargetMachine &Target, std::string &PTX, std::string &Why) {
  raw_string_ostream Out(PTX);
  buffer_ostream Buffered(Out);
  legacy::PassManager CodeGen;
  if (Target.addPassesToEmitFile(CodeGen, Buffered, nullptr, compat::assemblyFile())) {
    Why = "NVPTX cannot emit PTX here";
    return false;
  }
  CodeGen.run(D);
  return true;
}

} // namespace ample
