// ExtractDeviceCode: the kernels of a translation unit as PTX, made from the host compile's own
// IR (docs/design/cuda-backend.md, "Device code").
#include "Contract.h"
#include "DeviceTarget.h"
#include "LLVMCompat.h"
#include "Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <optional>
#include <string>

using namespace llvm;

namespace ample {
namespace {

/// The library's registration function (include/ample/detail/device_entry.hpp).
constexpr StringLiteral RegisterFunction = "ample_register_device_code";

/// DeviceEntry is one device_entry instantiation of the host module and what the pass made of it.
struct DeviceEntry {
  Function *Host;
  int Rank;              ///< N of device_entry<Kernel, N>
  uint64_t KernelBytes;  ///< the kernel object's size (the reference's dereferenceable bytes)
  Align KernelAlign;
  std::string KernelName;  ///< in the PTX
  std::string SourceName;  ///< for messages: the kernel's C++ type
};

/// sourceNameOf() is the kernel's type in the demangled name of device_entry<Kernel, N>:
/// what stands between "device_entry<" and ", N>(" ("scale(...)::$_0", "main::{lambda(...)#1}").
std::string sourceNameOf(StringRef Demangled, int Rank) {
  const StringRef Prefix = "device_entry<";
  const std::string Suffix = ", " + std::to_string(Rank) + ">(";
  const size_t Start = Demangled.find(Prefix);
  const size_t End = Start == StringRef::npos ? StringRef::npos : Demangled.find(Suffix, Start);
  if (End == StringRef::npos)
    return Demangled.str();
  return Demangled.slice(Start + Prefix.size(), End).str();
}

std::optional<DeviceEntry> describeEntry(Function &F, int Rank, unsigned Number, std::string &Why) {
  if (Rank < 1 || Rank > 3 || F.arg_size() != 4) {
    Why = "not a device_entry<Kernel, N> of rank 1 to 3";
    return std::nullopt;
  }
  // The parameter holds sizeof(Kernel) bytes, what the host copies: the front end's
  // dereferenceable size leaves out tail padding, sizeof rounds it up to the alignment.
  const Align Alignment = F.getParamAlign(0).valueOrOne();
  const uint64_t Bytes = alignTo(F.getParamDereferenceableBytes(0), Alignment);
  if (Bytes == 0) {
    Why = "the kernel object's size is unknown";
    return std::nullopt;
  }
  // The parameter space of a launch holds 4 KiB on every driver this code targets.
  if (Bytes > 4096 - 16) {
    Why = "the kernel object has " + std::to_string(Bytes) + " bytes, more than a launch's 4 KiB of parameters";
    return std::nullopt;
  }
  return DeviceEntry{&F,
               Rank,
               Bytes,
               Alignment,
               "ample_kernel_" + std::to_string(Number),
               sourceNameOf(demangle(F.getName().str()), Rank)};
}

/// removeHostOnlyGlobals() drops from the device module what only the host's linker and loader
/// read: annotations, constructors and destructors, and the used lists, which would keep host
/// code alive.
void removeHostOnlyGlobals(Module &D) {
  for (StringRef Name : {"llvm.global.annotations", "llvm.global_ctors", "llvm.global_dtors", "llvm.used",
                         "llvm.compiler.used"})
    if (GlobalVariable *G = D.getGlobalVariable(Name))
      G->eraseFromParent();
  D.setModuleInlineAsm("");
}

/// makeInKernelTrue() turns the library's in_kernel flag into a plain global that is true and
/// never written: every thread of a GPU kernel is inside a kernel, and the flag's branches for
/// the host (views' host paths, the capture recorder) then fold away. NVPTX has no
/// thread_locals at all.
void makeInKernelTrue(Module &D, GlobalVariable *InKernel) {
  if (!InKernel)
    return;
  for (Function &F : D)
    if (!F.isDeclaration())
      compat::useThreadLocalsDirectly(F);
  SmallVector<StoreInst *, 8> Stores;
  for (User *U : InKernel->users())
    if (auto *Store = dyn_cast<StoreInst>(U); Store && Store->getPointerOperand() == InKernel)
      Stores.push_back(Store);
  for (StoreInst *Store : Stores)
    Store->eraseFromParent();
  InKernel->setThreadLocal(false);
  InKernel->setLinkage(GlobalValue::InternalLinkage);
  InKernel->setComdat(nullptr);
  InKernel->setConstant(true);
  InKernel->setInitializer(ConstantInt::get(InKernel->getValueType(), 1));
}

/// dropSanitizerChecks() removes from `F` what UBSan put there for the host: the calls of its
/// runtime's handlers (a GPU has no such runtime; where a handler was the last thing on a path,
/// the path is left unreachable and folds away) and the function sanitizer's prologue data.
void dropSanitizerChecks(Function &F) {
  if (F.hasPrologueData())
    F.setPrologueData(nullptr);
  F.setMetadata("func_sanitize", nullptr);
  SmallVector<CallBase *, 8> Handlers;
  for (Instruction &I : instructions(F))
    if (auto *Call = dyn_cast<CallBase>(&I))
      if (Function *Callee = Call->getCalledFunction(); Callee && compat::startsWith(Callee->getName(), "__ubsan_handle_"))
        Handlers.push_back(Call);
  for (CallBase *Call : Handlers) {
    if (auto *Invoke = dyn_cast<InvokeInst>(Call))
      BranchInst::Create(Invoke->getNormalDest(), Invoke);
    Call->eraseFromParent();
  }
}

/// makeTargetNeutral() strips from `F` what describes the host: the x86 CPU and its features,
/// unwinding, stack protection and probing, sanitizer checks, and every exception path (a GPU
/// kernel cannot throw: an invoke becomes a call, and its handler is left unreachable).
void makeTargetNeutral(Function &F) {
  for (StringRef Name : {"target-cpu", "target-features", "tune-cpu", "frame-pointer", "min-legal-vector-width",
                         "stack-protector-buffer-size", "probe-stack", "stack-probe-size"})
    F.removeFnAttr(Name);
  for (Attribute::AttrKind Kind : {Attribute::UWTable, Attribute::StackProtect, Attribute::StackProtectStrong,
                                   Attribute::StackProtectReq, Attribute::NoInline, Attribute::OptimizeNone})
    F.removeFnAttr(Kind);
  if (F.isDeclaration())
    return;
  dropSanitizerChecks(F);
  SmallVector<InvokeInst *, 8> Invokes;
  for (Instruction &I : instructions(F))
    if (auto *Invoke = dyn_cast<InvokeInst>(&I))
      Invokes.push_back(Invoke);
  for (InvokeInst *Invoke : Invokes)
    changeToCall(Invoke);
  if (F.hasPersonalityFn())
    F.setPersonalityFn(nullptr);
  removeUnreachableBlocks(F);
}

/// addKernel() adds to `D` the GPU kernel of `E`, calling `Body` (the entry's device copy):
///   void ample_kernel_K([S x i8] byval kernel_object, i32 e0, i32 e1, i32 e2)
/// Each thread computes its index from the block and thread registers, x the last dimension,
/// and runs the work-item if the index is inside the extent (e0, e1, e2), padded with ones.
void addKernel(Module &D, const DeviceEntry &E, Function &Body) {
  LLVMContext &C = D.getContext();
  Type *I32 = Type::getInt32Ty(C);
  Type *Object = ArrayType::get(Type::getInt8Ty(C), E.KernelBytes);
  Type *ObjectPointer = PointerType::get(Object, 0);
  auto *KernelType = FunctionType::get(Type::getVoidTy(C), {ObjectPointer, I32, I32, I32}, false);
  Function *Kernel = Function::Create(KernelType, GlobalValue::ExternalLinkage, E.KernelName, D);
  Kernel->addParamAttr(0, Attribute::getWithByValType(C, Object));
  Kernel->addParamAttr(0, Attribute::getWithAlignment(C, E.KernelAlign));
  Kernel->addFnAttr(Attribute::NoUnwind);

  IRBuilder<> B(BasicBlock::Create(C, "entry", Kernel));
  const auto Read = [&](Intrinsic::ID Id) { return B.CreateIntrinsic(Id, {}, {}); };
  const auto Global = [&](Intrinsic::ID Block, Intrinsic::ID Size, Intrinsic::ID Thread) {
    return B.CreateAdd(B.CreateMul(Read(Block), Read(Size)), Read(Thread));
  };
  Value *X = Global(Intrinsic::nvvm_read_ptx_sreg_ctaid_x, Intrinsic::nvvm_read_ptx_sreg_ntid_x,
                    Intrinsic::nvvm_read_ptx_sreg_tid_x);
  Value *Y = Global(Intrinsic::nvvm_read_ptx_sreg_ctaid_y, Intrinsic::nvvm_read_ptx_sreg_ntid_y,
                    Intrinsic::nvvm_read_ptx_sreg_tid_y);
  Value *Z = Global(Intrinsic::nvvm_read_ptx_sreg_ctaid_z, Intrinsic::nvvm_read_ptx_sreg_ntid_z,
                    Intrinsic::nvvm_read_ptx_sreg_tid_z);
  Value *Zero = B.getInt32(0);
  Value *Index[3] = {X, Zero, Zero};
  if (E.Rank == 2)
    Index[0] = Y, Index[1] = X;
  if (E.Rank == 3)
    Index[0] = Z, Index[1] = Y, Index[2] = X;
  Value *Inside = B.getTrue();
  for (int Dim = 0; Dim < 3; ++Dim)
    Inside = B.CreateAnd(Inside, B.CreateICmpULT(Index[Dim], Kernel->getArg(1 + Dim)));
  BasicBlock *Run = BasicBlock::Create(C, "run", Kernel);
  BasicBlock *Done = BasicBlock::Create(C, "done", Kernel);
  B.CreateCondBr(Inside, Run, Done);
  B.SetInsertPoint(Run);
  Value *ObjectArgument = B.CreatePointerCast(Kernel->getArg(0), Body.getFunctionType()->getParamType(0));
  B.CreateCall(&Body, {ObjectArgument, Index[0], Index[1], Index[2]});
  B.CreateBr(Done);
  B.SetInsertPoint(Done);
  B.CreateRetVoid();

  // NVPTX's mark of a kernel (an entry point the driver can launch), in every major from 14.
  NamedMDNode *Annotations = D.getOrInsertNamedMetadata("nvvm.annotations");
  Annotations->addOperand(MDNode::get(C, {ValueAsMetadata::get(Kernel), MDString::get(C, "kernel"),
                                          ConstantAsMetadata::get(ConstantInt::get(I32, 1))}));
}

/// keepOnlyKernels() makes every function but the kernels internal, and every constant, so
/// that the optimiser drops all that the kernels do not reach. Variables keep their linkage:
/// the optimiser must not take an internal one that the device module never writes for a
/// constant, when the host may write it; compileToPTX() refuses a kernel that reads one.
void keepOnlyKernels(Module &D, const SmallPtrSetImpl<const Function *> &Kernels) {
  for (Function &F : D)
    if (!F.isDeclaration() && !Kernels.count(&F)) {
      F.setLinkage(GlobalValue::InternalLinkage);
      F.setComdat(nullptr);
    }
  for (GlobalVariable &G : D.globals())
    if (!G.isDeclaration() && G.isConstant()) {
      G.setLinkage(GlobalValue::InternalLinkage);
      G.setComdat(nullptr);
    }
}

/// embed() adds to the host module each kernel's PTX and a constructor that registers them.
void embed(Module &M, ArrayRef<std::pair<DeviceEntry, std::string>> Compiled) {
  LLVMContext &C = M.getContext();
  PointerType *Text = compat::bytePointerType(C);
  FunctionCallee Register = M.getOrInsertFunction(RegisterFunction, Type::getVoidTy(C), Text, Text, Text, Text);
  auto *Constructor = Function::Create(FunctionType::get(Type::getVoidTy(C), false), GlobalValue::InternalLinkage,
                                       "ample.register_device_code", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Constructor));
  for (const auto &[E, PTX] : Compiled)
    B.CreateCall(Register, {B.CreatePointerCast(E.Host, Text), B.CreateGlobalStringPtr(PTX, "ample.ptx"),
                            B.CreateGlobalStringPtr(E.KernelName), B.CreateGlobalStringPtr(E.SourceName)});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Constructor, 65535);
}

void remark(Function &F, const Twine &Text) {
  // A remark, not a warning (as the tile passes' declines): the kernel runs on the CPU engine.
  OptimizationRemarkEmitter Remarks(&F);
  Remarks.emit(OptimizationRemarkMissed(DeviceRemarkPass, "NoDeviceCode", &F) << Text.str());
}


/// compileEntry() is the PTX of `E`'s kernel, made from a copy of the host module `M` with
/// only what the kernel reaches; empty, with `Why` set, where the kernel cannot run on a GPU.
std::string compileEntry(Module &M, const DeviceEntry &E, TargetMachine &Target, std::string &Why) {
  ValueToValueMapTy Map;
  std::unique_ptr<Module> D = CloneModule(M, Map);
  GlobalVariable *InKernel = findInKernelFlag(M);
  removeHostOnlyGlobals(*D);
  makeInKernelTrue(*D, InKernel ? cast<GlobalVariable>(Map[InKernel]) : nullptr);
  for (Function &F : *D)
    makeTargetNeutral(F);
  StripDebugInfo(*D);
  addKernel(*D, E, *cast<Function>(Map[E.Host]));
  SmallPtrSet<const Function *, 1> Kernels;
  Kernels.insert(D->getFunction(E.KernelName));
  keepOnlyKernels(*D, Kernels);
  std::string PTX;
  if (!compileToPTX(*D, Target, PTX, Why))
    return {};
  return PTX;
}

} // namespace

PreservedAnalyses ExtractDeviceCode::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<std::pair<Function *, int>, 4> Found = findDeviceEntries(M);
  if (Found.empty())
    return PreservedAnalyses::all();
  std::string Why;
  std::unique_ptr<TargetMachine> Target = makeDeviceTarget(Why);
  if (!Target) {
    for (const auto &[F, Rank] : Found)
      remark(*F, "kernel runs on the CPU only: " + Why);
    return PreservedAnalyses::all();
  }
  SmallVector<std::pair<DeviceEntry, std::string>, 4> Compiled;
  for (const auto &[F, Rank] : Found) {
    std::optional<DeviceEntry> E = describeEntry(*F, Rank, Compiled.size(), Why);
    std::string PTX = E ? compileEntry(M, *E, *Target, Why) : std::string();
    if (PTX.empty())
      remark(*F, "kernel runs on the CPU only: " + Why);
    else
      Compiled.emplace_back(std::move(*E), std::move(PTX));
  }
  if (Compiled.empty())
    return PreservedAnalyses::all();
  embed(M, Compiled);
  return PreservedAnalyses::none();
}

} // namespace ample
