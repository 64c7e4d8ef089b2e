// ExtractDeviceCode: the kernels of a translation unit as PTX, made from the host compile's own
// IR (docs/design/cuda-backend.md, "Device code").
#include "Contract.h"
#include "DeviceMath.h"
#include "DeviceTarget.h"
#include "KernelObjectPointers.h"
#include "LLVMCompat.h"
#include "Passes.h"
#include "Uniformity.h"
#include "WorkItemScratch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
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

/// DeviceEntry is one device entry of the host module and what the pass made of it.
struct DeviceEntry {
  KernelEntry Found;
  uint64_t KernelBytes;  ///< sizeof(Kernel)
  Align KernelAlign;
  /// InGlobalMemory: the object is larger than parameter space holds, and the kernel takes its
  /// address in global memory instead of its bytes.
  bool InGlobalMemory;
  std::string KernelName;  ///< in the PTX
  std::string SourceName;  ///< for messages: the kernel's C++ type
};

/// sourceNameOf() is the kernel's type in the demangled name of a device entry: its first
/// template argument, up to the ", N>(" or ", D0, D1, D2>(" that ends the list
/// ("scale(...)::$_0", "main::{lambda(...)#1}").
std::string sourceNameOf(StringRef Demangled, const KernelEntry &E) {
  const StringRef Prefix = E.Tiled ? "device_tile_entry<" : "device_entry<";
  std::string Suffix;
  for (int D = 0; D < (E.Tiled ? 3 : 1); ++D)
    Suffix += ", " + std::to_string(E.Tiled ? (D < E.Shape.Rank ? E.Shape.Dims[D] : 0) : E.Shape.Rank);
  Suffix += ">(";
  const size_t Start = Demangled.find(Prefix);
  const size_t End = Start == StringRef::npos ? StringRef::npos : Demangled.find(Suffix, Start);
  if (End == StringRef::npos)
    return Demangled.str();
  return Demangled.slice(Start + Prefix.size(), End).str();
}

/// typeIn() is the kernel's type in kernel_type_name()'s text, "... [Kernel = T]".
StringRef typeIn(StringRef TypeText) {
  const StringRef Key = "Kernel = ";
  const size_t Start = TypeText.find(Key);
  if (Start == StringRef::npos)
    return {};
  return TypeText.slice(Start + Key.size(), TypeText.rfind(']'));
}

/// lambdaLocation() is a lambda's source location in kernel_type_name()'s text, where Clang
/// writes its type as "(lambda at f.cpp:12:30)"; empty for other types.
StringRef lambdaLocation(StringRef TypeText) {
  StringRef Type = typeIn(TypeText);
  if (!Type.consume_front("(lambda at "))
    return {};
  return Type.take_front(Type.rfind(')'));
}

/// sourceNameFor() names the kernel in messages: its type, with a lambda's source location
/// ("scale(...)::$_0 at f.cpp:12:30"), so that an error says which lambda ran. Where the
/// demangler gives up (a lambda in a generic lambda), Clang's own "(lambda at f.cpp:12:30)".
std::string sourceNameFor(const KernelEntry &E) {
  const std::string Demangled = demangle(E.Entry->getName().str());
  if (compat::startsWith(Demangled, "_Z") && !typeIn(E.TypeText).empty())
    return typeIn(E.TypeText).str();
  std::string Name = sourceNameOf(Demangled, E);
  if (const StringRef Location = lambdaLocation(E.TypeText); !Location.empty())
    Name += " at " + Location.str();
  return Name;
}

/// kernelNameFor() is the GPU kernel's name in the PTX, the one Nsight's tools and the
/// driver's messages show: a lambda's file, line and column ("ample_f_cpp_12_30"), or the
/// kernel's type ("ample_transpose_kernel"), as a PTX identifier, unique in the module.
std::string kernelNameFor(const KernelEntry &E, StringSet<> &Taken) {
  const StringRef Location = lambdaLocation(E.TypeText);
  const std::string Words = Location.empty() ? sourceNameOf(demangle(E.Entry->getName().str()), E)
                                             : Location.drop_front(Location.find_last_of('/') + 1).str();
  std::string Name = "ample_";
  for (char C : StringRef(Words).take_front(96)) {
    if (isAlnum(C))
      Name += C;
    else if (Name.back() != '_')
      Name += '_';
  }
  while (Name.back() == '_')
    Name.pop_back();
  std::string Unique = Name;
  for (unsigned N = 2; !Taken.insert(Unique).second; ++N)
    Unique = Name + "_" + std::to_string(N);
  return Unique;
}

std::optional<DeviceEntry> describeEntry(const KernelEntry &Found, StringSet<> &TakenNames, std::string &Why) {
  Function &F = *Found.Entry;
  if (Found.Shape.Rank > 3 || F.arg_size() != (Found.Tiled ? 7u : 4u)) {
    Why = "not a device entry of rank 1 to 3";
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
  const bool InGlobalMemory = Bytes > MaxParameterObjectBytes;
  return DeviceEntry{Found, Bytes, Alignment, InGlobalMemory, kernelNameFor(Found, TakenNames), sourceNameFor(Found)};
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
    if (auto *Call = dyn_cast<CallBase>(&I)) {
      Function *Callee = Call->getCalledFunction();
      if (Callee && compat::startsWith(Callee->getName(), "__ubsan_handle_"))
        Handlers.push_back(Call);
    }
  for (CallBase *Call : Handlers) {
    if (auto *Invoke = dyn_cast<InvokeInst>(Call))
      BranchInst::Create(Invoke->getNormalDest(), Invoke);
    Call->eraseFromParent();
  }
}

/// makeTargetNeutral() strips from `F` what describes the host: the x86 CPU and its features,
/// unwinding, stack protection and probing, sanitizers, and every exception path (a GPU
/// kernel cannot throw: an invoke becomes a call, and its handler is left unreachable); and
/// marks it convergent.
void makeTargetNeutral(Function &F) {
  for (StringRef Name : {"target-cpu", "target-features", "tune-cpu", "frame-pointer", "min-legal-vector-width",
                         "stack-protector-buffer-size", "probe-stack", "stack-probe-size"})
    F.removeFnAttr(Name);
  // The sanitizers' attributes too: their instrumentation is the host's, and the inliner keeps
  // a function apart from a caller whose sanitizer attributes differ (the kernel has none).
  for (Attribute::AttrKind Kind :
       {Attribute::UWTable, Attribute::StackProtect, Attribute::StackProtectStrong, Attribute::StackProtectReq,
        Attribute::NoInline, Attribute::OptimizeNone, Attribute::SanitizeAddress, Attribute::SanitizeThread,
        Attribute::SanitizeMemory, Attribute::SanitizeHWAddress, Attribute::SanitizeMemTag})
    F.removeFnAttr(Kind);
  if (F.isDeclaration())
    return;
  // Every function may wait at a barrier, as Clang assumes of CUDA device code: the optimiser
  // must not make a call of one depend on more than it did (jump threading would copy a call
  // into both ways of a branch that only some threads take, and so the barrier inlined later).
  F.addFnAttr(Attribute::Convergent);
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

/// addKernel() adds to `D` the GPU kernel of `E`, calling `Body` (the entry's device copy). The
/// kernel object comes by value, or by its address in global memory where parameter space
/// cannot hold it (`E.InGlobalMemory`: a copy of the launch's own, which nothing else
/// reaches); x is the last dimension of every index (C++ AMP's innermost, so that neighbouring
/// threads touch neighbouring elements).
///   - flat: `ample_kernel_K(object, i32 e0, i32 e1, i32 e2)`: each thread's index is its
///     global grid position, run if inside the extent (e0, e1, e2), padded with ones (rank 2:
///     z continues y);
///   - tiled: `ample_kernel_K(object)`: a block is a tile (its position the tile index), a
///     thread a work-item (its position in the block the local index); a tiled extent is
///     whole tiles, so every thread runs.
void addKernel(Module &D, const DeviceEntry &E, Function &Body) {
  LLVMContext &C = D.getContext();
  Type *I32 = Type::getInt32Ty(C);
  Type *Object = ArrayType::get(Type::getInt8Ty(C), E.KernelBytes);
  SmallVector<Type *, 4> Parameters{PointerType::get(Object, 0)};
  if (!E.Found.Tiled)
    Parameters.append(3, I32);
  auto *KernelType = FunctionType::get(Type::getVoidTy(C), Parameters, false);
  Function *Kernel = Function::Create(KernelType, GlobalValue::ExternalLinkage, E.KernelName, D);
  if (E.InGlobalMemory) {
    Kernel->addParamAttr(0, Attribute::NoAlias);
    Kernel->addParamAttr(0, Attribute::NonNull);
    Kernel->addDereferenceableParamAttr(0, E.KernelBytes);
  } else {
    Kernel->addParamAttr(0, Attribute::getWithByValType(C, Object));
  }
  Kernel->addParamAttr(0, Attribute::getWithAlignment(C, E.KernelAlign));
  Kernel->addFnAttr(Attribute::NoUnwind);

  IRBuilder<> B(BasicBlock::Create(C, "entry", Kernel));
  const auto Read = [&](Intrinsic::ID Id) { return B.CreateIntrinsic(Id, {}, {}); };
  const int Rank = E.Found.Shape.Rank;
  /// InIndexOrder() puts the x, y and z registers' values in index order: x the last dimension.
  const auto InIndexOrder = [&](Value *X, Value *Y, Value *Z) {
    SmallVector<Value *, 3> Index{X, B.getInt32(0), B.getInt32(0)};
    if (Rank == 2)
      Index[0] = Y, Index[1] = X;
    if (Rank == 3)
      Index[0] = Z, Index[1] = Y, Index[2] = X;
    return Index;
  };
  SmallVector<Value *, 3> Block = InIndexOrder(Read(Intrinsic::nvvm_read_ptx_sreg_ctaid_x),
                                               Read(Intrinsic::nvvm_read_ptx_sreg_ctaid_y),
                                               Read(Intrinsic::nvvm_read_ptx_sreg_ctaid_z));
  SmallVector<Value *, 3> Thread = InIndexOrder(Read(Intrinsic::nvvm_read_ptx_sreg_tid_x),
                                                Read(Intrinsic::nvvm_read_ptx_sreg_tid_y),
                                                Read(Intrinsic::nvvm_read_ptx_sreg_tid_z));
  Value *ObjectArgument = B.CreatePointerCast(Kernel->getArg(0), Body.getFunctionType()->getParamType(0));
  if (E.Found.Tiled) {
    B.CreateCall(&Body, {ObjectArgument, Block[0], Block[1], Block[2], Thread[0], Thread[1], Thread[2]});
    B.CreateRetVoid();
  } else {
    SmallVector<Value *, 3> BlockSize = InIndexOrder(Read(Intrinsic::nvvm_read_ptx_sreg_ntid_x),
                                                     Read(Intrinsic::nvvm_read_ptx_sreg_ntid_y),
                                                     Read(Intrinsic::nvvm_read_ptx_sreg_ntid_z));
    // A grid has at most 65535 blocks along y: a rank-2 extent's rows go on in z beyond them
    // (gpu_grid_of(), include/ample/detail/gpu_launch.hpp), the high part of the block's row.
    if (Rank == 2)
      Block[0] = B.CreateAdd(Block[0], B.CreateMul(Read(Intrinsic::nvvm_read_ptx_sreg_ctaid_z),
                                                   Read(Intrinsic::nvvm_read_ptx_sreg_nctaid_y)));
    Value *Index[3];
    Value *Inside = B.getTrue();
    for (int Dim = 0; Dim < 3; ++Dim) {
      Index[Dim] = B.CreateAdd(B.CreateMul(Block[Dim], BlockSize[Dim]), Thread[Dim]);
      Inside = B.CreateAnd(Inside, B.CreateICmpULT(Index[Dim], Kernel->getArg(1 + Dim)));
    }
    BasicBlock *Run = BasicBlock::Create(C, "run", Kernel);
    BasicBlock *Done = BasicBlock::Create(C, "done", Kernel);
    B.CreateCondBr(Inside, Run, Done);
    B.SetInsertPoint(Run);
    B.CreateCall(&Body, {ObjectArgument, Index[0], Index[1], Index[2]});
    B.CreateBr(Done);
    B.SetInsertPoint(Done);
    B.CreateRetVoid();
  }

  // NVPTX's mark of a kernel (an entry point the driver can launch), in every major from 14.
  NamedMDNode *Annotations = D.getOrInsertNamedMetadata("nvvm.annotations");
  const auto Annotate = [&](StringRef Key, int Value) {
    Annotations->addOperand(MDNode::get(C, {ValueAsMetadata::get(Kernel), MDString::get(C, Key),
                                            ConstantAsMetadata::get(ConstantInt::get(I32, Value))}));
  };
  Annotate("kernel", 1);
  if (E.Found.Tiled) {
    // The block is the tile: its exact size lets ptxas plan registers for it.
    const int *Dims = E.Found.Shape.Dims;
    Annotate("reqntidx", Rank == 1 ? Dims[0] : Rank == 2 ? Dims[1] : Dims[2]);
    Annotate("reqntidy", Rank == 1 ? 1 : Rank == 2 ? Dims[0] : Dims[1]);
    Annotate("reqntidz", Rank == 3 ? Dims[0] : 1);
  }
}

/// makeTileStaticShared() moves each tile_static variable (a thread_local on the host, where a
/// tile's work-items run on one thread) to shared memory, one per block: a tile. Uninitialised,
/// as C++ AMP's tile_static is.
void makeTileStaticShared(Module &D, ArrayRef<GlobalVariable *> TileStatics) {
  for (GlobalVariable *G : TileStatics) {
    auto *Shared = new GlobalVariable(D, G->getValueType(), false, GlobalValue::InternalLinkage,
                                      UndefValue::get(G->getValueType()), G->getName() + ".shared", nullptr,
                                      GlobalValue::NotThreadLocal, SharedAddressSpace);
    Shared->setAlignment(G->getAlign());
    G->replaceAllUsesWith(ConstantExpr::getAddrSpaceCast(Shared, G->getType()));
    G->eraseFromParent();
  }
}

/// trapFailedChecks() ends device code where a check of the library failed, at each call of
/// ample_kernel_check_failed(): a GPU thread cannot throw the exception that follows on the
/// CPU, so it traps, which the driver reports as the kernel's fault (accelerator_view_removed
/// at the next synchronisation), and what would have built and thrown the exception goes.
/// After makeTargetNeutral(): the throw is a call by then, not an invoke.
void trapFailedChecks(Module &D) {
  Function *Failed = D.getFunction(KernelCheckFailedFunction);
  if (!Failed)
    return;
  Function *Trap = Intrinsic::getDeclaration(&D, Intrinsic::trap);
  SmallPtrSet<Function *, 4> Changed;
  for (User *U : make_early_inc_range(Failed->users()))
    if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledFunction() == Failed) {
      CallInst::Create(Trap, {}, "", Call);
      Changed.insert(Call->getFunction());
      changeToUnreachable(Call);
    }
  for (Function *F : Changed)
    removeUnreachableBlocks(*F);
}

/// makeBarriersBlockWide() turns each tile_barrier wait into the block's barrier (`bar.sync 0`,
/// which also orders the block's shared and global memory, as a wait with all memory fences
/// must) and drops the CPU engine's barrier checks; the library's record of the running tile
/// becomes constant (no tile_sync: a GPU block needs none).
void makeBarriersBlockWide(Module &D, GlobalVariable *CurrentTile) {
  Function *Barrier = Intrinsic::getDeclaration(&D, Intrinsic::nvvm_barrier0);
  for (StringRef Name : {BarrierFunction, BarrierCheckFunction}) {
    Function *F = D.getFunction(Name);
    if (!F)
      continue;
    const bool Waits = Name == BarrierFunction;
    for (User *U : make_early_inc_range(F->users()))
      if (auto *Call = dyn_cast<CallInst>(U); Call && Call->getCalledFunction() == F) {
        if (Waits)
          CallInst::Create(Barrier, {}, "", Call);
        Call->eraseFromParent();
      }
  }
  if (CurrentTile) {
    CurrentTile->setThreadLocal(false);
    CurrentTile->setLinkage(GlobalValue::InternalLinkage);
    CurrentTile->setComdat(nullptr);
    CurrentTile->setConstant(true);
    CurrentTile->setInitializer(Constant::getNullValue(CurrentTile->getValueType()));
  }
}

/// makeMemoryOrderPtx() gives memory ordering the PTX forms that NVPTX cannot select for
/// sm_75 from LLVM's (LLVM 19 stops the compile: "Cannot select: AtomicFence", "AtomicStore
/// seq_cst"). Each fence becomes a `membar`: a signal fence, which the library makes of
/// tile_static_memory_fence (a tile is one thread on the host), orders the block's memory
/// (`membar.cta`); any other, all_memory_fence's and global_memory_fence's, global memory for
/// the whole GPU (`membar.gl`). An atomic load or store stronger than monotonic (a
/// std::atomic's, in code a kernel reaches) becomes a monotonic one with `membar.gl` where
/// the fence-based mapping of C++'s orders puts it: before a releasing store, after an
/// acquiring load, and before a sequentially consistent load as well.
void makeMemoryOrderPtx(Module &D) {
  SmallVector<Instruction *, 4> Ordered;
  for (Function &F : D)
    for (Instruction &I : instructions(F))
      if (isa<FenceInst>(I) || (I.isAtomic() && (isa<LoadInst>(I) || isa<StoreInst>(I))))
        Ordered.push_back(&I);
  Function *BlockFence = Intrinsic::getDeclaration(&D, Intrinsic::nvvm_membar_cta);
  Function *GpuFence = Intrinsic::getDeclaration(&D, Intrinsic::nvvm_membar_gl);
  for (Instruction *I : Ordered) {
    if (auto *Fence = dyn_cast<FenceInst>(I)) {
      CallInst::Create(Fence->getSyncScopeID() == SyncScope::SingleThread ? BlockFence : GpuFence, {}, "", Fence);
      Fence->eraseFromParent();
    } else if (auto *Store = dyn_cast<StoreInst>(I)) {
      if (isReleaseOrStronger(Store->getOrdering()))
        CallInst::Create(GpuFence, {}, "", Store);
      if (isStrongerThanMonotonic(Store->getOrdering()))
        Store->setOrdering(AtomicOrdering::Monotonic);
    } else if (auto *Load = cast<LoadInst>(I); isStrongerThanMonotonic(Load->getOrdering())) {
      if (Load->getOrdering() == AtomicOrdering::SequentiallyConsistent)
        CallInst::Create(GpuFence, {}, "", Load);
      CallInst::Create(GpuFence, {}, "")->insertAfter(Load);
      Load->setOrdering(AtomicOrdering::Monotonic);
    }
  }
}

/// keepOnlyKernels() makes every function but the kernels internal, and every constant, so
/// that the optimiser drops all that the kernels do not reach. Variables keep their linkage:
/// the optimiser must not take an internal one that the device module never writes for a
/// constant, when the host may write it; optimizeForDevice() refuses a kernel that reads one.
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

/// CompiledKernel is a device entry's GPU kernel: its PTX, and the offsets in the kernel object
/// of the pointers it reads (KernelObjectPointers.h).
struct CompiledKernel {
  DeviceEntry Entry;
  std::string PTX;
  SmallVector<uint32_t, 4> PointerOffsets;
};

/// embed() adds to the host module each kernel's PTX and pointer offsets, and a constructor
/// that registers them.
void embed(Module &M, ArrayRef<CompiledKernel> Compiled) {
  LLVMContext &C = M.getContext();
  PointerType *Text = compat::bytePointerType(C);
  Type *I32 = Type::getInt32Ty(C);
  FunctionCallee Register =
      M.getOrInsertFunction(RegisterFunction, Type::getVoidTy(C), Text, Text, Text, Text, Text, I32);
  auto *Constructor = Function::Create(FunctionType::get(Type::getVoidTy(C), false), GlobalValue::InternalLinkage,
                                       "ample.register_device_code", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Constructor));
  for (const CompiledKernel &K : Compiled) {
    Constant *Offsets = Constant::getNullValue(Text);
    if (!K.PointerOffsets.empty()) {
      Constant *Values = ConstantDataArray::get(C, ArrayRef<uint32_t>(K.PointerOffsets));
      Offsets = new GlobalVariable(M, Values->getType(), true, GlobalValue::PrivateLinkage, Values,
                                   "ample.pointer_offsets");
    }
    const DeviceEntry &E = K.Entry;
    B.CreateCall(Register, {B.CreatePointerCast(E.Found.Entry, Text), B.CreateGlobalStringPtr(K.PTX, "ample.ptx"),
                            B.CreateGlobalStringPtr(E.KernelName), B.CreateGlobalStringPtr(E.SourceName),
                            B.CreatePointerCast(Offsets, Text),
                            B.getInt32(static_cast<uint32_t>(K.PointerOffsets.size()))});
  }
  B.CreateRetVoid();
  appendToGlobalCtors(M, Constructor, 65535);
}

/// cpuOnly() reports that the kernel of `E` keeps only its CPU form, and why: a remark, not a
/// warning (as the tile passes' declines), since the CPU engine runs it correctly. It names the
/// kernel, and a lambda's location: a build without debug information has no other.
void cpuOnly(const KernelEntry &E, const std::string &Why) {
  Function &F = *E.Entry;
  OptimizationRemarkEmitter Remarks(&F);
  Remarks.emit(OptimizationRemarkMissed(DeviceRemarkPass, "NoDeviceCode", &F)
               << "kernel " << sourceNameFor(E) << " runs on the CPU only: " << Why);
}

/// LibraryGlobals are the library's variables that device code treats apart, found once per
/// module: the in_kernel flag, the running tile, the tile_static variables, the work-item
/// scratch variables.
struct LibraryGlobals {
  GlobalVariable *InKernel;
  GlobalVariable *CurrentTile;
  SmallPtrSet<GlobalVariable *, 8> TileStatics;
  SmallVector<GlobalVariable *, 4> Scratch;
};

/// reachableFrom() is every global value `Root`'s code can reach: the functions it calls or
/// takes the address of, the variables it uses and what their initializers name, transitively.
SmallPtrSet<const GlobalValue *, 32> reachableFrom(const Function &Root) {
  SmallPtrSet<const GlobalValue *, 32> Reached;
  Reached.insert(&Root);
  SmallPtrSet<const Constant *, 32> SeenConstants;
  SmallVector<const GlobalValue *, 64> Work{&Root};
  auto Visit = [&](const Value *V, auto &Self) -> void {
    if (const auto *G = dyn_cast<GlobalValue>(V)) {
      if (Reached.insert(G).second)
        Work.push_back(G);
    } else if (const auto *C = dyn_cast<Constant>(V); C && SeenConstants.insert(C).second) {
      for (const Value *Operand : C->operands())
        Self(Operand, Self);
    }
  };
  while (!Work.empty()) {
    const GlobalValue *G = Work.pop_back_val();
    if (const auto *F = dyn_cast<Function>(G)) {
      for (const Instruction &I : instructions(*F))
        for (const Value *Operand : I.operands())
          Visit(Operand, Visit);
    } else if (const auto *V = dyn_cast<GlobalVariable>(G); V && V->hasInitializer()) {
      Visit(V->getInitializer(), Visit);
    } else if (const auto *A = dyn_cast<GlobalAlias>(G)) {
      Visit(A->getAliasee(), Visit);
    }
  }
  return Reached;
}

/// copyWhatKernelsReach() is a module of what the kernels `Found` and the device code's
/// library variables reach, copied from `M` (its copies in `Map`), without debug information
/// and without anything else: each kernel's own module is copied from it. Copied from `M`,
/// each would declare again every function and variable of the translation unit (a test
/// file's thousands, and under UBSan tens of thousands of check sites' constants), and every
/// pass over it would walk them: the pass took three to four times as long
/// (docs/design/cuda-backend.md, "Compile time").
std::unique_ptr<Module> copyWhatKernelsReach(Module &M, ArrayRef<KernelEntry> Found, const LibraryGlobals &Library,
                                             ValueToValueMapTy &Map) {
  SmallPtrSet<const GlobalValue *, 32> Wanted;
  for (const KernelEntry &E : Found) {
    const SmallPtrSet<const GlobalValue *, 32> Reached = reachableFrom(*E.Entry);
    Wanted.insert(Reached.begin(), Reached.end());
  }
  for (GlobalVariable *G : {Library.InKernel, Library.CurrentTile})
    if (G)
      Wanted.insert(G);
  Wanted.insert(Library.TileStatics.begin(), Library.TileStatics.end());
  Wanted.insert(Library.Scratch.begin(), Library.Scratch.end());
  // The llvm.* lists come along (their appending linkage needs an initializer) for
  // removeHostOnlyGlobals() to drop, with the host code they name.
  std::unique_ptr<Module> Source = CloneModule(M, Map, [&](const GlobalValue *G) {
    return Wanted.count(G) != 0 || compat::startsWith(G->getName(), "llvm.");
  });
  removeHostOnlyGlobals(*Source);
  SmallPtrSet<const GlobalValue *, 32> Kept;
  for (const GlobalValue *G : Wanted)
    Kept.insert(cast<GlobalValue>(Map[G]));
  SmallVector<GlobalValue *, 256> Unwanted;
  for (GlobalValue &G : Source->global_values())
    if (!Kept.count(&G))
      Unwanted.push_back(&G);
  // What no kernel reaches is a declaration that only dead constants may still use.
  for (GlobalValue *G : Unwanted) {
    G->removeDeadConstantUsers();
    if (G->use_empty())
      G->eraseFromParent();
  }
  StripDebugInfo(*Source);
  return Source;
}

/// misusedBarrier() says why `Kernel`, optimised, must not run on a GPU where it waits at a
/// barrier that not every thread of its block reaches, or at all in a non-tiled kernel (empty
/// if neither). C++ AMP leaves both undefined; a GPU would hang, or let threads pass different
/// barriers, while the CPU engine reports them. The compiled tiles' analysis decides, with the
/// thread's position in its block as what differs between threads: a kernel it cannot prove
/// safe stays on the CPU. A call of a function that waits, which the optimiser did not
/// inline, counts as a wait.
std::string misusedBarrier(Function &Kernel, bool Tiled) {
  Module &D = *Kernel.getParent();
  SmallPtrSet<const Function *, 4> Waits;
  const auto IsWait = [&](const Instruction &I) {
    const auto *Call = dyn_cast<CallInst>(&I);
    return Call && (Call->getIntrinsicID() == Intrinsic::nvvm_barrier0 || Waits.contains(Call->getCalledFunction()));
  };
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (Function &F : D)
      if (any_of(instructions(F), IsWait))
        Grew |= Waits.insert(&F).second;
  }
  if (!Waits.contains(&Kernel))
    return {};
  if (!Tiled)
    return "it waits at a tile_barrier outside a tiled kernel (C++ AMP leaves that undefined; the CPU engine "
           "reports it)";
  SmallPtrSet<Function *, 4> ThreadPosition;
  for (Intrinsic::ID Id : {Intrinsic::nvvm_read_ptx_sreg_tid_x, Intrinsic::nvvm_read_ptx_sreg_tid_y,
                           Intrinsic::nvvm_read_ptx_sreg_tid_z})
    ThreadPosition.insert(Intrinsic::getDeclaration(&D, Id));
  const TileUniformity Uniformity(Kernel, ThreadPosition, nullptr);
  for (const Instruction &I : instructions(Kernel))
    if (IsWait(I) && !Uniformity.isUniformBlock(*I.getParent()))
      return "it waits at a tile_barrier that some work-items of a tile may not reach (C++ AMP leaves that "
             "undefined; the CPU engine reports it, a GPU would hang or run on)";
  return {};
}

/// DeviceModules keeps every kernel's module alive until the pass ends. NVPTX in LLVM 14-19
/// caches what nvvm.annotations says (a kernel, its block size) by module and function address,
/// and forgets a module only when it prints its PTX. A declined kernel's module was optimised,
/// so asked about, but never printed: had it been freed, the next kernel's module could take
/// its address, its kernel a function's, and inherit that function's "not a kernel": a
/// `.func` the driver cannot launch, without `.reqntid` (in 1 run in 8 of the lit test
/// device_code_reproducible.cpp's input on LLVM 19).
using DeviceModules = SmallVector<std::unique_ptr<Module>, 4>;

/// compileEntry() is `E`'s GPU kernel, made from a copy of `Source` (copyWhatKernelsReach(),
/// where `Entry` is the entry's copy) with only what the kernel reaches, in a module it adds to
/// `Modules`; none, with `Why` set, where the kernel cannot run on a GPU.
std::optional<CompiledKernel> compileEntry(Module &Source, const LibraryGlobals &Library, const DeviceEntry &E,
                                           Function &Entry, TargetMachine &Target, DeviceModules &Modules,
                                           std::string &Why) {
  // Only what this kernel reaches is copied with its body; the rest of what other kernels
  // reach becomes declarations, which nothing in the copy calls.
  const SmallPtrSet<const GlobalValue *, 32> Reached = reachableFrom(Entry);
  ValueToValueMapTy Map;
  Module *D =
      Modules.emplace_back(CloneModule(Source, Map, [&](const GlobalValue *G) { return Reached.count(G) != 0; }))
          .get();
  // In the module's order, not the set's (its pointers'): the PTX is the same in every compile.
  SmallVector<GlobalVariable *, 4> TileStatics;
  for (GlobalVariable &G : Source.globals())
    if (Library.TileStatics.count(&G))
      TileStatics.push_back(cast<GlobalVariable>(Map[&G]));
  // Those the kernel reaches; the others are declarations in its module, soon gone.
  SmallVector<GlobalVariable *, 4> Scratch;
  for (GlobalVariable *G : Library.Scratch)
    if (auto *Copy = cast<GlobalVariable>(Map[G]); !Copy->isDeclaration())
      Scratch.push_back(Copy);
  makeInKernelTrue(*D, Library.InKernel ? cast<GlobalVariable>(Map[Library.InKernel]) : nullptr);
  makeTileStaticShared(*D, TileStatics);
  for (Function &F : *D)
    makeTargetNeutral(F);
  trapFailedChecks(*D);
  // After makeTargetNeutral() dropped noinline, which always-inline contradicts.
  prepareWorkItemScratch(Scratch);
  lowerExactMathCalls(*D);
  // After the invokes became calls: a barrier reached through one is a call now.
  makeBarriersBlockWide(*D, Library.CurrentTile ? cast<GlobalVariable>(Map[Library.CurrentTile]) : nullptr);
  makeMemoryOrderPtx(*D);
  addKernel(*D, E, *cast<Function>(Map[&Entry]));
  Function *Kernel = D->getFunction(E.KernelName);
  SmallPtrSet<const Function *, 1> Kernels;
  Kernels.insert(Kernel);
  keepOnlyKernels(*D, Kernels);
  retargetForDevice(*D, Target);
  if (!linkMathLibrary(*D, *Kernel, Why) || !optimizeForDevice(*D, Target, Why) ||
      !localizeWorkItemScratch(*Kernel, Scratch, Target, Why) || !checkDeviceCode(*D, Why))
    return std::nullopt;
  Why = misusedBarrier(*Kernel, E.Found.Tiled);
  if (!Why.empty())
    return std::nullopt;
  std::optional<SmallVector<uint32_t, 4>> Offsets = pointerOffsets(*Kernel->getArg(0), Why);
  if (!Offsets)
    return std::nullopt;
  CompiledKernel Compiled{E, {}, std::move(*Offsets)};
  if (!emitPTX(*D, Target, Compiled.PTX, Why))
    return std::nullopt;
  return Compiled;
}

} // namespace

PreservedAnalyses ExtractDeviceCode::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<KernelEntry, 4> Found = findDeviceEntries(M);
  if (Found.empty())
    return PreservedAnalyses::all();
  std::string Why;
  std::unique_ptr<TargetMachine> Target = makeDeviceTarget(Why);
  if (!Target) {
    for (const KernelEntry &E : Found)
      cpuOnly(E, Why);
    return PreservedAnalyses::all();
  }
  const SmallVector<GlobalVariable *, 8> TileStatics = findTileStaticVariables(M);
  const LibraryGlobals Library{findInKernelFlag(M), findCurrentTile(M), {TileStatics.begin(), TileStatics.end()},
                               findWorkItemScratch(M)};
  ValueToValueMapTy SourceMap;
  std::unique_ptr<Module> Source = copyWhatKernelsReach(M, Found, Library, SourceMap);
  const auto InSource = [&](GlobalVariable *G) { return G ? cast<GlobalVariable>(SourceMap[G]) : nullptr; };
  LibraryGlobals SourceLibrary{InSource(Library.InKernel), InSource(Library.CurrentTile), {}, {}};
  for (GlobalVariable *G : Library.TileStatics)
    SourceLibrary.TileStatics.insert(InSource(G));
  for (GlobalVariable *G : Library.Scratch)
    SourceLibrary.Scratch.push_back(InSource(G));
  SmallVector<CompiledKernel, 4> Compiled;
  DeviceModules Modules;
  StringSet<> KernelNames;
  for (const KernelEntry &Entry : Found) {
    std::optional<DeviceEntry> E = describeEntry(Entry, KernelNames, Why);
    std::optional<CompiledKernel> Kernel =
        E ? compileEntry(*Source, SourceLibrary, *E, *cast<Function>(SourceMap[Entry.Entry]), *Target, Modules, Why)
          : std::nullopt;
    if (!Kernel)
      cpuOnly(Entry, Why);
    else
      Compiled.push_back(std::move(*Kernel));
  }
  if (Compiled.empty())
    return PreservedAnalyses::all();
  embed(M, Compiled);
  return PreservedAnalyses::none();
}

} // namespace ample
