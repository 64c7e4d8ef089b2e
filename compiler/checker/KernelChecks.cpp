#include "KernelChecks.h"

#include "AmpTypes.h"
#include "Report.h"
#include "Restriction.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

namespace ample::checker {
namespace {

using namespace clang;

bool isTexture(QualType type) { return isLibraryClass(type, "texture"); }

void checkCaptures(const LambdaExpr* kernel, const FunctionDecl* callOperator, Report& report) {
  for (const LambdaCapture& capture : kernel->captures()) {
    SourceLocation where = capture.getLocation();
    if (capture.capturesThis()) {
      report.add(callOperator, where, Rule::CapturePointer, "this", "it is a pointer");
      continue;
    }
    if (!capture.capturesVariable()) continue;
    const auto* variable = capture.getCapturedVar();
    std::string name = variable->getNameAsString();
    QualType type = variable->getType().getNonReferenceType();
    bool array = isLibraryClass(type, "array");
    if (capture.getCaptureKind() == LCK_ByRef) {
      if (!array && !isTexture(type)) report.add(callOperator, where, Rule::CaptureByReference, name);
      continue;
    }
    if (array) {
      report.add(callOperator, where, Rule::CaptureArrayByValue, name);
    } else if (type->isPointerType() || type->isMemberFunctionPointerType()) {
      report.add(callOperator, where, Rule::CapturePointer, name, "it is a pointer");
    } else {
      std::string reason = unsupportedPart(type);
      if (!reason.empty()) report.add(callOperator, where, Rule::CaptureUnsupported, name, "its type " + reason + " is not allowed in amp-restricted code");
    }
  }
}

/// The call operators of a kernel's class: a generic lambda has one per instantiation.
std::vector<const FunctionDecl*> callOperatorsOf(const CXXRecordDecl* kernel) {
  std::vector<const FunctionDecl*> operators;
  for (const Decl* member : kernel->decls()) {
    if (const auto* method = dyn_cast<CXXMethodDecl>(member);
        method && method->getOverloadedOperator() == OO_Call)
      operators.push_back(method);
    if (const auto* generic = dyn_cast<FunctionTemplateDecl>(member);
        generic && generic->getTemplatedDecl()->getOverloadedOperator() == OO_Call)
      for (const FunctionDecl* instance : generic->specializations()) operators.push_back(instance);
  }
  return operators;
}

/// domainOf(F) is the compute domain (extent<N> or tiled_extent<...>) that F takes when F is one
/// of Ample's parallel_for_each overloads, `([accelerator_view,] domain, kernel)`, and null for
/// any other function of that name: programs written for Visual C++ bring a port of PPL's
/// <ppl.h>, whose parallel_for_each(first, last, f), also in namespace Concurrency, runs f on the
/// host.
QualType domainOf(const FunctionDecl* callee) {
  unsigned count = callee->getNumParams();
  if (count != 2 && count != 3) return {};
  if (count == 3 && !isLibraryClass(callee->getParamDecl(0)->getType(), "accelerator_view")) return {};
  QualType domain = callee->getParamDecl(count - 2)->getType().getNonReferenceType().getUnqualifiedType();
  if (!isLibraryClass(domain, "extent") && !isLibraryClass(domain, "tiled_extent")) return {};
  return domain;
}

/// A kernel takes exactly its domain's index type: index<N> for extent<N>, tiled_index<...> for
/// tiled_extent<...>, by value or const reference (a tiled_index would convert to an index).
void checkParameter(QualType domain, const FunctionDecl* callOperator, SourceLocation where, Report& report) {
  if (callOperator->getNumParams() != 1 || callOperator->isTemplateInstantiation()) return;
  bool tiled = isLibraryClass(domain, "tiled_extent");
  QualType parameter = callOperator->getParamDecl(0)->getType();
  QualType taken = parameter.getNonReferenceType().getUnqualifiedType();
  bool byValueOrConst = !parameter->isReferenceType() || parameter.getNonReferenceType().isConstQualified();
  if (isLibraryClass(taken, tiled ? "tiled_index" : "index") && byValueOrConst) return;
  report.add(callOperator, where, Rule::KernelParameter, "'" + typeName(domain) + "'",
             tiled ? "tiled_index" : "index", "'" + typeName(parameter) + "'");
}

}  // namespace

void checkKernelLaunch(const CallExpr* call, Report& report) {
  const FunctionDecl* callee = call->getDirectCallee();
  if (!callee || !callee->getIdentifier() || callee->getName() != "parallel_for_each" || !isLibraryDecl(callee))
    return;
  QualType domain = domainOf(callee);
  if (domain.isNull()) return;
  const Expr* argument = call->getArg(call->getNumArgs() - 1)->IgnoreImplicit();
  if (const auto* construction = dyn_cast<CXXConstructExpr>(argument); construction && construction->getNumArgs() == 1)
    argument = construction->getArg(0)->IgnoreImplicit();
  const auto* kernel = argument->getType().getNonReferenceType()->getAsCXXRecordDecl();
  if (!kernel) return;
  std::vector<const FunctionDecl*> operators = callOperatorsOf(kernel);
  if (operators.empty()) return;
  bool amp = false;
  for (const FunctionDecl* callOperator : operators) {
    report.kernel(callOperator);
    amp = amp || (restrictionOf(callOperator) & AmpContext);
  }
  if (!amp) report.add(operators.front(), argument->getBeginLoc(), Rule::KernelNotAmp);
  checkParameter(domain, operators.front(), argument->getBeginLoc(), report);
  if (const auto* lambda = dyn_cast<LambdaExpr>(argument)) checkCaptures(lambda, operators.front(), report);
}

}  // namespace ample::checker
