// DeviceMath: the C library's math functions in device code (DeviceMath.h).
#include "DeviceMath.h"

#include "LLVMCompat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"

#include <dlfcn.h>

#include <cstdlib>
#include <optional>

using namespace llvm;

namespace ample {
namespace {

/// ExactMathFunction is a C library function (its double name; the float one adds `f`) and the
/// intrinsic that computes the same result.
struct ExactMathFunction {
  StringLiteral Name;
  Intrinsic::ID Id;
  unsigned Arguments;
};

constexpr ExactMathFunction ExactMathFunctions[] = {
    {"sqrt", Intrinsic::sqrt, 1},       {"fabs", Intrinsic::fabs, 1},           {"floor", Intrinsic::floor, 1},
    {"ceil", Intrinsic::ceil, 1},       {"trunc", Intrinsic::trunc, 1},         {"round", Intrinsic::round, 1},
    {"rint", Intrinsic::rint, 1},       {"nearbyint", Intrinsic::nearbyint, 1}, {"fmin", Intrinsic::minnum, 2},
    {"fmax", Intrinsic::maxnum, 2},     {"fma", Intrinsic::fma, 3},             {"copysign", Intrinsic::copysign, 2},
};

/// exactIntrinsicOf() is the intrinsic that declaration `F` of the C library computes exactly,
/// or not_intrinsic: the name must be one above (with `f` for float) and the type
/// T(T, ...) with as many arguments, T float or double.
Intrinsic::ID exactIntrinsicOf(const Function &F) {
  Type *T = F.getReturnType();
  if (!T->isFloatTy() && !T->isDoubleTy())
    return Intrinsic::not_intrinsic;
  for (const ExactMathFunction &M : ExactMathFunctions) {
    const std::string Name = T->isFloatTy() ? M.Name.str() + "f" : M.Name.str();
    if (F.getName() != Name || F.arg_size() != M.Arguments)
      continue;
    for (const Argument &A : F.args())
      if (A.getType() != T)
        return Intrinsic::not_intrinsic;
    return M.Id;
  }
  return Intrinsic::not_intrinsic;
}

/// LibraryFunction is a C library math function (its double name; the float one adds `f`) and
/// its libclc counterpart: the OpenCL C function of the same meaning and its parameters as
/// mangled (Itanium, as libclc's bitcode names its overloads), T standing for float (f) or
/// double (d). libdevice names its functions after the C library's, `__nv_` first. The C
/// declaration's type must equal the library function's, which linkMathLibrary() checks, so a
/// C function with another signature is never matched.
struct LibraryFunction {
  StringLiteral Name;
  StringLiteral OpenCLName;
  StringLiteral Parameters;
};

constexpr LibraryFunction LibraryFunctions[] = {
    {"acos", "acos", "T"},   {"acosh", "acosh", "T"},   {"asin", "asin", "T"},     {"asinh", "asinh", "T"},
    {"atan", "atan", "T"},   {"atanh", "atanh", "T"},   {"cbrt", "cbrt", "T"},     {"cos", "cos", "T"},
    {"cosh", "cosh", "T"},   {"erf", "erf", "T"},       {"erfc", "erfc", "T"},     {"exp", "exp", "T"},
    {"exp2", "exp2", "T"},   {"exp10", "exp10", "T"},   {"expm1", "expm1", "T"},   {"lgamma", "lgamma", "T"},
    {"log", "log", "T"},     {"log10", "log10", "T"},   {"log1p", "log1p", "T"},   {"log2", "log2", "T"},
    {"logb", "logb", "T"},   {"sin", "sin", "T"},       {"sinh", "sinh", "T"},     {"tan", "tan", "T"},
    {"tanh", "tanh", "T"},   {"tgamma", "tgamma", "T"}, {"ilogb", "ilogb", "T"},   {"atan2", "atan2", "TT"},
    {"fdim", "fdim", "TT"},  {"fmod", "fmod", "TT"},    {"hypot", "hypot", "TT"},  {"nextafter", "nextafter", "TT"},
    {"pow", "pow", "TT"},    {"remainder", "remainder", "TT"}, {"ldexp", "ldexp", "Ti"},
    {"scalbn", "ldexp", "Ti"}, {"powi", "pown", "Ti"},   {"frexp", "frexp", "TPi"}, {"lgamma_r", "lgamma_r", "TPi"},
    {"modf", "modf", "TPT"}, {"remquo", "remquo", "TTPi"},
};

/// cNameOf() is the C library's name of `M` for float (`sinf`, `lgammaf_r`) or double.
std::string cNameOf(const LibraryFunction &M, bool Float) {
  if (!Float)
    return M.Name.str();
  StringRef Name = M.Name;
  return Name.consume_back("_r") ? Name.str() + "f_r" : Name.str() + "f";
}

/// MathCall is a declaration of device code that a math library defines: a C library
/// function (`sinf`) or an intrinsic (`llvm.sin.f32`, `llvm.powi.f32.i32`).
struct MathCall {
  Function *Declaration;
  const LibraryFunction *Meaning;
  bool Float;
};

/// mathCallOf() is what `F` means among LibraryFunctions, if anything.
std::optional<MathCall> mathCallOf(Function &F) {
  if (F.arg_size() == 0)
    return std::nullopt;
  Type *T = F.getArg(0)->getType();
  if (!T->isFloatTy() && !T->isDoubleTy())
    return std::nullopt;
  const bool Float = T->isFloatTy();
  for (const LibraryFunction &M : LibraryFunctions) {
    // powi has no C function: an external `powi` is the program's own.
    const bool Matches = F.isIntrinsic() ? compat::startsWith(F.getName(), ("llvm." + M.Name + ".").str())
                                         : M.Name != "powi" && F.getName() == cNameOf(M, Float);
    if (Matches)
      return MathCall{&F, &M, Float};
  }
  return std::nullopt;
}

/// FastMathPrefix begins the names of fast_math's functions that GPUs approximate in hardware
/// (ample/math/fast_approximations.hpp: `ample_fast_sinf`); libdevice's approximation of each
/// is `__nv_fast_` and the rest of its name, or, where libdevice has no such function because
/// its own is the approximation (`__nv_rsqrtf`), `__nv_` and the rest.
constexpr StringLiteral FastMathPrefix = "ample_fast_";

/// MathLibrary is a bitcode library of math functions for NVPTX: where it is, how it names the
/// function of a meaning, and the prefix its definitions take in device code. With a dot, no
/// program's symbol (a C or C++ name) can have one.
struct MathLibrary {
  StringLiteral Title;
  std::string Path;
  StringLiteral Prefix;
  std::string (*NameOf)(const LibraryFunction &, bool Float);
};

std::string libdeviceNameOf(const LibraryFunction &M, bool Float) { return "__nv_" + cNameOf(M, Float); }

std::string libclcNameOf(const LibraryFunction &M, bool Float) {
  std::string Parameters;
  for (const char C : M.Parameters)
    Parameters += C == 'T' ? (Float ? 'f' : 'd') : C;
  return ("_Z" + Twine(M.OpenCLName.size()) + M.OpenCLName + Parameters).str();
}

/// pathBesidePlugin() is file `Name` in the plugin's own directory: Clang and opt load the
/// plugin by path, which dladdr() gives back.
std::string pathBesidePlugin(StringRef Name) {
  Dl_info Plugin;
  SmallString<256> Path;
  if (dladdr(reinterpret_cast<void *>(&linkMathLibrary), &Plugin) != 0 && Plugin.dli_fname != nullptr)
    Path = sys::path::parent_path(Plugin.dli_fname);
  sys::path::append(Path, Name);
  return Path.str().str();
}

std::string pathFromEnvironmentOr(const char *Variable, StringRef BesidePlugin) {
  if (const char *Set = std::getenv(Variable))
    return Set;
  return pathBesidePlugin(BesidePlugin);
}

/// LoadedLibrary is a math library read for one kernel: lazily, so that only the functions
/// linked are read, its definitions renamed with its prefix.
struct LoadedLibrary {
  const MathLibrary *Library;
  std::unique_ptr<Module> Bitcode;
};

/// functionsReachedFrom() are `Kernel` and the functions it calls or refers to, directly or
/// through the functions and constants it reaches. (The device module is a copy of the host's:
/// most of what it declares belongs to host code the optimiser drops.)
SmallVector<Function *, 16> functionsReachedFrom(Function &Kernel) {
  SmallVector<Function *, 16> Functions;
  SmallPtrSet<const Value *, 32> Seen;
  SmallVector<const Value *, 64> Work{&Kernel};
  Seen.insert(&Kernel);
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    const auto Visit = [&](const Value *Operand) {
      if ((isa<Constant>(Operand) || isa<Function>(Operand)) && Seen.insert(Operand).second)
        Work.push_back(Operand);
    };
    if (const auto *F = dyn_cast<Function>(V)) {
      Functions.push_back(const_cast<Function *>(F));
      for (const Instruction &I : instructions(*F))
        for (const Value *Operand : I.operands())
          Visit(Operand);
    } else if (const auto *G = dyn_cast<GlobalVariable>(V)) {
      if (G->hasInitializer())
        Visit(G->getInitializer());
    } else if (const auto *C = dyn_cast<Constant>(V)) {
      for (const Value *Operand : C->operands())
        Visit(Operand);
    }
  }
  return Functions;
}

/// replaceCalls() makes each call of `F` one of `Definition`, a math library's function of the
/// same meaning, declared in `F`'s module; false where their types differ in a way it does not
/// bridge. The one it bridges: llvm.frexp returns {T, i32}, the libraries' frexp(T, int*)
/// store the exponent.
bool replaceCalls(Function &F, Function &Definition) {
  // (By name: LLVM 17 added the intrinsic.)
  const bool FrexpIntrinsic = F.isIntrinsic() && compat::startsWith(F.getName(), "llvm.frexp.");
  if (!FrexpIntrinsic && F.getFunctionType() != Definition.getFunctionType())
    return false;
  FunctionCallee Replacement =
      F.getParent()->getOrInsertFunction(Definition.getName(), Definition.getFunctionType());
  if (!F.isIntrinsic()) {
    F.replaceAllUsesWith(Replacement.getCallee());
    return true;
  }
  // An intrinsic's calls are replaced one by one: its declaration cannot stand for a function.
  for (User *U : make_early_inc_range(F.users())) {
    auto *Call = cast<CallInst>(U);
    IRBuilder<> B(Call);
    SmallVector<Value *, 3> Arguments(Call->args());
    Value *Result;
    if (FrexpIntrinsic) {
      IRBuilder<> Entry(&*Call->getFunction()->getEntryBlock().getFirstInsertionPt());
      AllocaInst *Exponent = Entry.CreateAlloca(B.getInt32Ty());
      Arguments.push_back(Exponent);
      Value *Mantissa = B.CreateCall(Replacement, Arguments);
      Result = B.CreateInsertValue(PoisonValue::get(Call->getType()), Mantissa, 0);
      Result = B.CreateInsertValue(Result, B.CreateLoad(B.getInt32Ty(), Exponent), 1);
    } else {
      Result = B.CreateCall(Replacement, Arguments);
    }
    Call->replaceAllUsesWith(Result);
    Call->eraseFromParent();
  }
  return true;
}

} // namespace

void lowerExactMathCalls(Module &D) {
  for (Function &F : D) {
    if (!F.isDeclaration() || F.isIntrinsic())
      continue;
    const Intrinsic::ID Id = exactIntrinsicOf(F);
    if (Id == Intrinsic::not_intrinsic)
      continue;
    for (User *U : make_early_inc_range(F.users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != &F)
        continue;
      IRBuilder<> B(Call);
      SmallVector<Value *, 3> Arguments(Call->args());
      Value *Exact = B.CreateIntrinsic(Id, {F.getReturnType()}, Arguments);
      Call->replaceAllUsesWith(Exact);
      Call->eraseFromParent();
    }
  }
}

std::string libdevicePath() { return pathFromEnvironmentOr("AMPLE_LIBDEVICE", "libdevice.10.bc"); }

std::string libclcPath() { return pathFromEnvironmentOr("AMPLE_LIBCLC_NVPTX", "nvptx64--nvidiacl.bc"); }

bool linkMathLibrary(Module &D, Function &Kernel, std::string &Why) {
  // In order of preference: NVIDIA's own library is the more accurate and made for the
  // hardware; libclc has every function (libdevice lacks lgamma_r) and needs no CUDA toolkit.
  const MathLibrary Libraries[] = {{"libdevice", libdevicePath(), "ample.libdevice.", libdeviceNameOf},
                                   {"libclc", libclcPath(), "ample.libclc.", libclcNameOf}};
  const MathLibrary &Libdevice = Libraries[0];
  // Each read when a call first needs it, lazily: only the functions linked are read from
  // libclc's 8 MB of bitcode.
  SmallVector<LoadedLibrary, 2> Loaded;
  std::string Unreadable, Called;
  const auto load = [&](const MathLibrary &L) -> LoadedLibrary * {
    for (LoadedLibrary &Found : Loaded)
      if (Found.Library == &L)
        return &Found;
    if (!sys::fs::exists(L.Path))
      return nullptr;
    SMDiagnostic Error;
    std::unique_ptr<Module> Bitcode = getLazyIRFileModule(L.Path, Error, D.getContext());
    if (!Bitcode) {
      Unreadable = "it calls " + Called + ", and " + L.Title.str() + "'s bitcode at " + L.Path +
                   " cannot be read: " + Error.getMessage().str();
      return nullptr;
    }
    // The library's definitions take names no C++ program has, so that linking binds nothing
    // of the program's to them: a function of the program's named like one of libclc's (a
    // global `float pown(float, int)`), defined elsewhere, stays undefined, and the kernel
    // reaching it stays on the CPU, as it would without the library.
    for (GlobalValue &G : Bitcode->global_values())
      if (!G.isDeclaration())
        G.setName(L.Prefix + G.getName());
    return &Loaded.emplace_back(LoadedLibrary{&L, std::move(Bitcode)});
  };
  // fast_math's approximations first (ample/math/fast_approximations.hpp): `ample_fast_<name>`
  // becomes libdevice's `__nv_fast_<name>` (or `__nv_<name>`, FastMathPrefix), so that the
  // precise functions of its body are no longer reached. Without libdevice the body stays, and
  // they are linked below.
  for (Function *F : functionsReachedFrom(Kernel)) {
    StringRef Name = F->getName();
    if (F->isDeclaration() || !Name.consume_front(FastMathPrefix))
      continue;
    if (Called.empty())
      Called = "fast_math's " + Name.str();
    LoadedLibrary *Library = load(Libdevice);
    if (!Unreadable.empty()) {
      Why = Unreadable;
      return false;
    }
    if (!Library)
      break;
    Function *Approximation = Library->Bitcode->getFunction((Libdevice.Prefix + "__nv_fast_" + Name).str());
    if (!Approximation)
      Approximation = Library->Bitcode->getFunction((Libdevice.Prefix + "__nv_" + Name).str());
    if (Approximation)
      replaceCalls(*F, *Approximation);
  }
  SmallVector<MathCall, 4> Calls;
  for (Function *F : functionsReachedFrom(Kernel))
    if (F->isDeclaration())
      if (std::optional<MathCall> Call = mathCallOf(*F))
        Calls.push_back(*Call);
  if (Calls.empty() && Loaded.empty())
    return true;
  if (Called.empty())
    Called = demangle(Calls.front().Declaration->getName().str());
  for (const MathCall &Call : Calls) {
    bool Replaced = false;
    std::string Tried;
    for (const MathLibrary &L : Libraries) {
      LoadedLibrary *Library = load(L);
      if (!Unreadable.empty()) {
        Why = Unreadable;
        return false;
      }
      const std::string Name = L.NameOf(*Call.Meaning, Call.Float);
      Tried += (Tried.empty() ? "" : ", ") + L.Title.str() + " (" + Name + ") at " + L.Path +
               (Library ? "" : ", not found");
      Function *Definition = Library ? Library->Bitcode->getFunction((L.Prefix + Name).str()) : nullptr;
      if (Definition && replaceCalls(*Call.Declaration, *Definition)) {
        Replaced = true;
        break;
      }
    }
    if (!Replaced) {
      const std::string Function = demangle(Call.Declaration->getName().str());
      Why = Loaded.empty() ? "it calls " + Function + ", whose GPU form comes from a math library, and none was found: " +
                                 Tried + " (./ample setup fetches them)"
                           : "it calls " + Function + ", which no math library found defines with its type: " + Tried;
      return false;
    }
  }
  for (LoadedLibrary &L : Loaded) {
    L.Bitcode->setTargetTriple(D.getTargetTriple());
    L.Bitcode->setDataLayout(D.getDataLayout());
    if (Linker::linkModules(D, std::move(L.Bitcode), Linker::Flags::LinkOnlyNeeded)) {
      Why = "it calls " + Called + ", and linking " + L.Library->Title.str() + "'s bitcode from " +
            L.Library->Path + " failed";
      return false;
    }
  }
  // Internal, as the rest of the kernel's code is: only then does NVPTX make their names, whose
  // prefix has dots, valid PTX identifiers (libclc's lookup tables are weak variables).
  // libdevice's inline assembly is PTX, and marked so (LibraryAssembly).
  MDNode *PTXAssembly = MDNode::get(D.getContext(), {});
  for (GlobalValue &G : D.global_values()) {
    if (G.isDeclaration() ||
        none_of(Libraries, [&](const MathLibrary &L) { return compat::startsWith(G.getName(), L.Prefix); }))
      continue;
    G.setLinkage(GlobalValue::InternalLinkage);
    if (auto *F = dyn_cast<Function>(&G))
      for (Instruction &I : instructions(*F))
        if (auto *Call = dyn_cast<CallBase>(&I); Call && Call->isInlineAsm())
          Call->setMetadata(LibraryAssembly, PTXAssembly);
  }
  // The libraries were compiled for PTX versions of their own; the kernel's target decides (as
  // makeTargetNeutral() does for the kernel's functions), so that they inline into each other.
  for (Function &F : D) {
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
  }
  return true;
}

} // namespace ample
