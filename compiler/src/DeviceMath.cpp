// DeviceMath: the C library's math functions in device code (DeviceMath.h).
#include "DeviceMath.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

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

} // namespace ample
