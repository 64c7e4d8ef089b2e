#include "AmpOverloads.h"

#include "Restriction.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Sema/Sema.h>

#include <functional>
#include <vector>

namespace ample::checker {
namespace {

using namespace clang;

bool sameSignature(const FunctionDecl* a, const FunctionDecl* b) {
  if (a->getNumParams() != b->getNumParams()) return false;
  for (unsigned i = 0; i < a->getNumParams(); ++i)
    if (a->getParamDecl(i)->getType().getCanonicalType() != b->getParamDecl(i)->getType().getCanonicalType())
      return false;
  const auto* methodA = dyn_cast<CXXMethodDecl>(a);
  const auto* methodB = dyn_cast<CXXMethodDecl>(b);
  if (!methodA || !methodB) return !methodA && !methodB;
  return methodA->isStatic() == methodB->isStatic() &&
         methodA->getMethodQualifiers() == methodB->getMethodQualifiers() &&
         methodA->getRefQualifier() == methodB->getRefQualifier();
}

/// defined(F, sema, where) makes sure F has a body code generation can emit, instantiating
/// it (and what it needs) where F is a member of a class template or a template's
/// specialisation that nothing else used. It returns F, or null where F cannot be defined.
FunctionDecl* defined(FunctionDecl* function, Sema* sema, SourceLocation where) {
  if (function->isDefined() || !function->isTemplateInstantiation()) return function;
  if (!sema) return nullptr;
  sema->InstantiateFunctionDefinition(where, function, /*Recursive=*/true, /*DefinitionRequired=*/false);
  return function->isDefined() ? function : nullptr;
}

/// twinSpecialization(F, generic) is the specialisation of the function template `generic`
/// for F's template arguments, declared (by `sema`) if need be.
FunctionDecl* twinSpecialization(const FunctionDecl* function, FunctionTemplateDecl* generic, Sema* sema,
                                 SourceLocation where) {
  const TemplateArgumentList* arguments = function->getTemplateSpecializationArgs();
  if (!arguments || generic->getTemplateParameters()->size() != arguments->size()) return nullptr;
  void* position = nullptr;
  if (FunctionDecl* existing = generic->findSpecialization(arguments->asArray(), position)) return existing;
  return sema ? sema->InstantiateFunctionDeclaration(generic, arguments, where) : nullptr;
}

/// ampTwin(F) is the amp-callable function F is overloaded with on restriction, if any: a
/// function, or for a specialisation of a function template the same specialisation of the
/// amp template.
FunctionDecl* ampTwin(const FunctionDecl* function, Sema* sema, SourceLocation where) {
  if (!function->getDeclName().isIdentifier() && !function->isOverloadedOperator()) return nullptr;
  const FunctionTemplateDecl* pattern = function->getPrimaryTemplate();
  for (NamedDecl* candidate : function->getDeclContext()->getRedeclContext()->lookup(function->getDeclName())) {
    FunctionDecl* twin = nullptr;
    if (auto* generic = dyn_cast<FunctionTemplateDecl>(candidate)) {
      if (!pattern || generic->getCanonicalDecl() == pattern->getCanonicalDecl() ||
          !(restrictionOf(generic->getTemplatedDecl()) & AmpContext))
        continue;
      twin = twinSpecialization(function, generic, sema, where);
    } else if (!pattern) {
      twin = dyn_cast<FunctionDecl>(candidate);
    }
    if (!twin || twin->getCanonicalDecl() == function->getCanonicalDecl()) continue;
    if (!(restrictionOf(twin) & AmpContext) || !sameSignature(function, twin)) continue;
    return defined(twin, sema, where);
  }
  return nullptr;
}

/// redirect(S, sema) rewrites the calls in S and below, except in lambdas (functions of their
/// own). A plain walk over the children: calls are all it looks at.
void redirect(Stmt* statement, Sema* sema) {
  if (!statement || isa<LambdaExpr>(statement)) return;
  if (auto* call = dyn_cast<CallExpr>(statement)) {
    const FunctionDecl* callee = call->getDirectCallee();
    if (FunctionDecl* twin =
            callee && restrictionOf(callee) == CpuContext ? ampTwin(callee, sema, call->getExprLoc()) : nullptr) {
      Expr* target = call->getCallee()->IgnoreParenImpCasts();
      if (auto* reference = dyn_cast<DeclRefExpr>(target))
        reference->setDecl(twin);
      else if (auto* member = dyn_cast<MemberExpr>(target))
        member->setMemberDecl(twin);
    }
  }
  for (Stmt* child : statement->children()) redirect(child, sema);
}

/// The namespaces a using-directive nominates in `caller`'s body, the bodies it is nested in,
/// and the scopes around them.
std::vector<const NamespaceDecl*> nominatedNamespaces(const FunctionDecl* caller) {
  std::vector<const NamespaceDecl*> nominated;
  std::function<void(const Stmt*)> scan = [&](const Stmt* statement) {
    if (!statement) return;
    if (const auto* declarations = dyn_cast<DeclStmt>(statement))
      for (const Decl* declaration : declarations->decls())
        if (const auto* directive = dyn_cast<UsingDirectiveDecl>(declaration))
          nominated.push_back(directive->getNominatedNamespace());
    for (const Stmt* child : statement->children()) scan(child);
  };
  for (const DeclContext* context = caller; context; context = context->getLexicalParent()) {
    if (const auto* function = dyn_cast<FunctionDecl>(context)) scan(function->getBody());
    for (const UsingDirectiveDecl* directive : context->using_directives())
      nominated.push_back(directive->getNominatedNamespace());
  }
  return nominated;
}

}  // namespace

bool hasAmpTwin(const FunctionDecl* function) {
  if (ampTwin(function, nullptr, SourceLocation())) return true;
  // Looser than ampTwin: Visual C++ resolved overloads among the amp-callable ones only, so an
  // amp overload of another parameter type (f(double) restrict(amp) beside f(int)) may be the
  // one a kernel's call meant. Ample leaves such a call to the cpu function, and accepts it.
  const FunctionTemplateDecl* pattern = function->getPrimaryTemplate();
  if (!function->getDeclName().isIdentifier() && !function->isOverloadedOperator()) return false;
  for (NamedDecl* candidate : function->getDeclContext()->getRedeclContext()->lookup(function->getDeclName())) {
    const FunctionDecl* twin = nullptr;
    if (const auto* generic = dyn_cast<FunctionTemplateDecl>(candidate))
      twin = generic->getTemplatedDecl();
    else
      twin = dyn_cast<FunctionDecl>(candidate);
    if (!twin || twin->getCanonicalDecl() == function->getCanonicalDecl() ||
        (pattern && twin == pattern->getTemplatedDecl()))
      continue;
    if ((restrictionOf(twin) & AmpContext) && twin->getNumParams() == function->getNumParams()) return true;
  }
  return false;
}

bool hasVisibleAmpMath(const FunctionDecl* function, const FunctionDecl* caller) {
  const DeclContext* home = function->getDeclContext()->getRedeclContext();
  if (!function->getIdentifier() || !(home->isTranslationUnit() || home->isStdNamespace())) return false;
  for (const NamespaceDecl* space : nominatedNamespaces(caller)) {
    if (!isLibraryDecl(space) || (space->getName() != "fast_math" && space->getName() != "precise_math")) continue;
    if (!space->lookup(function->getDeclName()).empty()) return true;
  }
  return false;
}

void callAmpTwins(const FunctionDecl* function, Sema* sema) {
  redirect(function->getBody(), sema);
}

}  // namespace ample::checker
