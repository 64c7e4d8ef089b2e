#include "AmpBodyChecker.h"

#include "AmpOverloads.h"
#include "AmpTypes.h"
#include "DivergentBarriers.h"
#include "Report.h"
#include "Restriction.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>
#include <llvm/ADT/StringExtras.h>

#include <set>

namespace ample::checker {
namespace {

using namespace clang;

/// checkTypeIn(F, type, where, report) reports `type`, used at `where` in the amp function F,
/// if amp code may not use it (C3581).
void checkTypeIn(const FunctionDecl* function, QualType type, SourceLocation where, Report& report) {
  std::string reason = unsupportedPart(type);
  if (!reason.empty()) report.add(function, where, Rule::UnsupportedType, reason);
}

/// Visits the body of one amp-restricted function and records in `report` what breaks a rule.
class BodyVisitor : public RecursiveASTVisitor<BodyVisitor> {
 public:
  BodyVisitor(const FunctionDecl* function, const CallsLeft& left, Report& report)
      : function_(function), left_(left), report_(report) {}

  // What is not evaluated is not run in amp code (sizeof, decltype, noexcept, static_assert,
  // the initializers of constants), and a nested lambda is a function checked on its own.
  bool TraverseLambdaExpr(LambdaExpr*) { return true; }
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr*) { return true; }
  bool TraverseCXXNoexceptExpr(CXXNoexceptExpr*) { return true; }
  bool TraverseDecltypeTypeLoc(DecltypeTypeLoc) { return true; }
  bool TraverseTypeOfExprTypeLoc(TypeOfExprTypeLoc) { return true; }
  bool TraverseStaticAssertDecl(StaticAssertDecl*) { return true; }
  // A call that chooses its overload by the running context is amp code on its amp side only.
  bool TraverseConditionalOperator(ConditionalOperator* choice) {
    if (const Expr* amp = ampSide(choice)) return TraverseStmt(const_cast<Expr*>(amp));
    return RecursiveASTVisitor::TraverseConditionalOperator(choice);
  }
  bool TraverseVarDecl(VarDecl* variable) {
    if (variable->isConstexpr() || isTileStatic(variable)) return WalkUpFromVarDecl(variable);
    return RecursiveASTVisitor::TraverseVarDecl(variable);
  }

  bool VisitCallExpr(CallExpr* call) {
    const FunctionDecl* callee = call->getDirectCallee();
    if (!callee) {
      if (!isa<CXXPseudoDestructorExpr>(call->getCallee()->IgnoreParenImpCasts()))
        report_.add(function_, call->getBeginLoc(), Rule::IndirectCall);
      return true;
    }
    if (const auto* member = dyn_cast<CXXMemberCallExpr>(call)) {
      const auto* method = member->getMethodDecl();
      const auto* access = dyn_cast<MemberExpr>(member->getCallee()->IgnoreParenImpCasts());
      if (method && method->isVirtual() && access && !access->hasQualifier() && !method->hasAttr<FinalAttr>()) {
        report_.add(function_, call->getExprLoc(), Rule::VirtualCall, method->getQualifiedNameAsString());
        return true;
      }
    }
    if (left_.unrewritten.count(call)) {
      report_.add(function_, call->getExprLoc(), Rule::UnrewrittenOverload, callee->getQualifiedNameAsString(),
                  "amp-restricted", "restrict(amp)");
      return true;
    }
    checkCallee(callee, call->getExprLoc(), call);
    // Ample's API takes string literals where Microsoft's does (direct3d_printf's format).
    if (isLibraryDecl(callee))
      for (const Expr* argument : call->arguments())
        if (const auto* literal = dyn_cast<StringLiteral>(argument->IgnoreParenImpCasts())) allowedLiterals_.insert(literal);
    return true;
  }

  // A default argument is evaluated by the caller, so it is checked in the caller's context;
  // not Ample's own (tile_barrier::wait's __builtin_FILE()).
  bool VisitCXXDefaultArgExpr(CXXDefaultArgExpr* argument) {
    const auto* owner = dyn_cast<FunctionDecl>(argument->getParam()->getDeclContext());
    if (owner && !isLibraryDecl(owner)) TraverseStmt(argument->getExpr());
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr* construction) {
    checkCallee(construction->getConstructor(), construction->getBeginLoc());
    return true;
  }

  bool VisitCXXNewExpr(CXXNewExpr* expression) {
    report_.add(function_, expression->getBeginLoc(), Rule::HostCall, "operator new");
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr* expression) {
    report_.add(function_, expression->getBeginLoc(), Rule::HostCall, "operator delete");
    return true;
  }

  bool VisitCXXThrowExpr(CXXThrowExpr* expression) {
    report_.add(function_, expression->getBeginLoc(), Rule::ExceptionHandling, "throw");
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt* statement) {
    report_.add(function_, statement->getBeginLoc(), Rule::ExceptionHandling, "try");
    return true;
  }
  bool VisitGotoStmt(GotoStmt* statement) {
    report_.add(function_, statement->getBeginLoc(), Rule::Goto, "goto");
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt* statement) {
    report_.add(function_, statement->getBeginLoc(), Rule::Goto, "goto");
    return true;
  }
  bool VisitLabelStmt(LabelStmt* statement) {
    report_.add(function_, statement->getBeginLoc(), Rule::Goto, "a label");
    return true;
  }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr* expression) {
    report_.add(function_, expression->getBeginLoc(), Rule::DynamicCast);
    return true;
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr* expression) {
    report_.add(function_, expression->getBeginLoc(), Rule::Typeid);
    return true;
  }
  bool VisitAsmStmt(AsmStmt* statement) {
    report_.add(function_, statement->getAsmLoc(), Rule::InlineAssembly);
    return true;
  }
  // The assembly text is no string literal of the program.
  bool TraverseGCCAsmStmt(GCCAsmStmt* statement) { return WalkUpFromGCCAsmStmt(statement); }

  bool VisitStringLiteral(StringLiteral* literal) {
    if (!allowedLiterals_.count(literal)) report_.add(function_, literal->getBeginLoc(), Rule::StringLiteral);
    return true;
  }
  bool VisitCharacterLiteral(CharacterLiteral* literal) {
    checkType(literal->getType(), literal->getBeginLoc());
    return true;
  }
  bool VisitIntegerLiteral(IntegerLiteral* literal) {
    if (literal->getValue().getActiveBits() > 32)
      report_.add(function_, literal->getBeginLoc(), Rule::IntegerLiteral, llvm::toString(literal->getValue(), 10, false));
    else
      checkType(literal->getType(), literal->getBeginLoc());
    return true;
  }
  bool VisitFloatingLiteral(FloatingLiteral* literal) {
    if (literal->getValue().isInfinity())  // too big: Clang only warns and takes infinity
      report_.add(function_, literal->getBeginLoc(), Rule::FloatingLiteral, "'" + typeName(literal->getType()) + "'");
    else
      checkType(literal->getType(), literal->getBeginLoc());
    return true;
  }

  bool VisitExplicitCastExpr(ExplicitCastExpr* cast) {
    if (cast->getCastKind() == CK_IntegralToPointer || cast->getCastKind() == CK_PointerToIntegral)
      report_.add(function_, cast->getBeginLoc(), Rule::PointerIntegerCast);
    else
      checkType(cast->getTypeAsWritten(), cast->getBeginLoc());
    return true;
  }

  // C3599: no arithmetic on bool* (indexing a local bool array, which decays to one, is fine).
  bool VisitBinaryOperator(BinaryOperator* operation) {
    BinaryOperatorKind kind = operation->getOpcode();
    if (kind == BO_Add || kind == BO_Sub || kind == BO_AddAssign || kind == BO_SubAssign)
      if (isBoolPointer(operation->getLHS()) || isBoolPointer(operation->getRHS()))
        report_.add(function_, operation->getOperatorLoc(), Rule::BoolPointerArithmetic);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator* operation) {
    if (operation->isIncrementDecrementOp() && isBoolPointer(operation->getSubExpr()))
      report_.add(function_, operation->getOperatorLoc(), Rule::BoolPointerArithmetic);
    return true;
  }

  // A floating-point constant read for its value (`const float softening = 1e-6f;` at namespace
  // scope, in `d + softening`) is no use of its storage either, though C++ calls only integral
  // ones constants: the value is known when the kernel is compiled, and Visual C++ folds it.
  bool VisitImplicitCastExpr(ImplicitCastExpr* cast) {
    if (cast->getCastKind() != CK_LValueToRValue) return true;
    const auto* reference = dyn_cast<DeclRefExpr>(cast->getSubExpr()->IgnoreParens());
    const auto* variable = reference ? dyn_cast<VarDecl>(reference->getDecl()) : nullptr;
    if (variable && isConstantValue(variable)) constantReads_.insert(reference);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr* reference) {
    const auto* variable = dyn_cast<VarDecl>(reference->getDecl());
    // A constant read for its value (`static const int TS = 16;` used as `i < TS`) is no use
    // of the variable's storage: Clang marks it a non-odr-use.
    if (variable && variable->hasGlobalStorage() && !isTileStatic(variable) &&
        reference->isNonOdrUse() == NOUR_None && !constantReads_.count(reference))
      report_.add(function_, reference->getLocation(), Rule::GlobalVariable, variable->getNameAsString());
    return true;
  }

  bool VisitVarDecl(VarDecl* variable) {
    if (isa<ParmVarDecl>(variable)) return true;  // checked with the signature
    if (isTileStatic(variable)) {
      checkTileStatic(variable);
      if (QualType type = variable->getType(); !type->isDependentType() && !type->isIncompleteType())
        report_.tileStatic(function_, variable,
                           variable->getASTContext().getTypeSizeInChars(type).getQuantity());
      return true;
    }
    if (variable->isStaticLocal() || variable->hasExternalStorage())
      report_.add(function_, variable->getLocation(), Rule::GlobalVariable, variable->getNameAsString());
    checkType(variable->getType(), variable->getLocation());
    return true;
  }

 private:
  static bool isBoolPointer(const Expr* operand) {
    const auto* decay = dyn_cast<ImplicitCastExpr>(operand);
    if (decay && decay->getCastKind() == CK_ArrayToPointerDecay) return false;
    const auto* pointer = operand->getType()->getAs<PointerType>();
    return pointer && pointer->getPointeeType()->isBooleanType();
  }

  /// isConstantValue(V) tells whether V is a const arithmetic or enum variable whose
  /// initializer is a constant.
  static bool isConstantValue(const VarDecl* variable) {
    QualType type = variable->getType();
    if (!type.isConstQualified() || type.isVolatileQualified() || !(type->isArithmeticType() || type->isEnumeralType()))
      return false;
    const VarDecl* definition = nullptr;
    return variable->getAnyInitializer(definition) && definition->evaluateValue();
  }

  /// checkCallee(F, where, call) checks a call of F (made by `call`, null for a construction).
  void checkCallee(const FunctionDecl* callee, SourceLocation where, const CallExpr* call = nullptr) {
    if (!callee) return;
    if (!isAmpCallable(callee) && !(call && hasVisibleAmpMath(call, function_))) {
      report_.add(function_, where, Rule::HostCall, callee->getQualifiedNameAsString());
      return;
    }
    if (!isLibraryDecl(callee)) report_.call(function_, callee, where);
  }

  void checkType(QualType type, SourceLocation where) { checkTypeIn(function_, type, where, report_); }

  // tile_static (C3584): no initializer and no constructor with arguments; no pointer,
  // reference or view inside.
  void checkTileStatic(const VarDecl* variable) {
    const Expr* init = variable->getInit();
    const auto* construction = init ? dyn_cast<CXXConstructExpr>(init->IgnoreImplicit()) : nullptr;
    bool defaultConstructed = construction && construction->getNumArgs() == 0;
    if (init && !defaultConstructed)
      report_.add(function_, variable->getLocation(), Rule::TileStaticInitialised, variable->getNameAsString());
    QualType type = variable->getType();
    QualType element = type;
    while (const auto* array = element->getAsArrayTypeUnsafe()) element = array->getElementType();
    bool view = isLibraryClass(element, "array_view") || isLibraryClass(element, "texture_view") ||
                isLibraryClass(element, "array") || isLibraryClass(element, "texture");
    std::string reason = unsupportedPart(type, TypePosition::Member);
    if (view || element->isPointerType() || element->isReferenceType() || element->isNullPtrType() || !reason.empty())
      report_.add(function_, variable->getLocation(), Rule::TileStaticType, variable->getNameAsString(),
                  "'" + typeName(type) + "'");
  }

  const FunctionDecl* function_;
  const CallsLeft& left_;
  Report& report_;
  std::set<const StringLiteral*> allowedLiterals_;
  std::set<const DeclRefExpr*> constantReads_;
};

/// The signature of a function declared amp-restricted: no ellipsis, not virtual, and types
/// amp code may use. A lambda's call operator inherits its restriction and has no signature to
/// check beyond its parameters.
void checkSignature(const FunctionDecl* function, Report& report) {
  SourceLocation where = function->getLocation();
  if (function->isVariadic()) report.add(function, where, Rule::BadSignature, "variadic ('...')");
  if (const auto* method = dyn_cast<CXXMethodDecl>(function); method && method->isVirtual())
    report.add(function, where, Rule::BadSignature, "virtual");
  if (const auto* method = dyn_cast<CXXMethodDecl>(function); method && method->getMethodQualifiers().hasVolatile())
    report.add(function, where, Rule::BadSignature, "volatile");
  checkTypeIn(function, function->getReturnType(), where, report);
  for (const ParmVarDecl* parameter : function->parameters())
    checkTypeIn(function, parameter->getType(), parameter->getLocation(), report);
}

}  // namespace

void checkAmpFunction(const FunctionDecl* function, const CallsLeft& left, Report& report) {
  checkSignature(function, report);
  BodyVisitor visitor(function, left, report);
  visitor.TraverseStmt(function->getBody());
  if (const auto* constructor = dyn_cast<CXXConstructorDecl>(function))
    for (const CXXCtorInitializer* initializer : constructor->inits())
      if (initializer->isWritten()) visitor.TraverseStmt(initializer->getInit());
  checkDivergentBarriers(function, report);
}

}  // namespace ample::checker
