#include "Restriction.h"

#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Type.h>

#include <llvm/ADT/DenseMap.h>

#include <optional>

namespace ample::checker {
namespace {

using namespace clang;

/// restrictionNamed(text) maps the text of a marker to a restriction.
std::optional<Restriction> restrictionNamed(llvm::StringRef text) {
  if (text == "ample.restrict(amp,cpu)") return BothContexts;
  if (text == "ample.restrict(amp)") return AmpContext;
  if (text == "ample.restrict(cpu)") return CpuContext;
  return std::nullopt;
}

/// attributeRestriction(D) reads an AMPLE_AMP_CPU, AMPLE_AMP_ONLY or AMPLE_CPU_ONLY attribute.
std::optional<Restriction> attributeRestriction(const Decl* declaration) {
  for (const auto* annotation : declaration->specific_attrs<AnnotateAttr>())
    if (auto restriction = restrictionNamed(annotation->getAnnotation())) return restriction;
  return std::nullopt;
}

/// markerRestriction(type) reads the noexcept(marker) that restrict(amp) and restrict(amp, cpu)
/// expand to under Clang. A function template's specialisation keeps its exception
/// specification uninstantiated until something needs it; its template's type has the marker.
std::optional<Restriction> markerRestriction(const FunctionDecl* function) {
  const auto* prototype = function->getType()->getAs<FunctionProtoType>();
  for (int hops = 0; prototype && hops < 4; ++hops) {
    switch (prototype->getExceptionSpecType()) {
      case EST_Uninstantiated:
        prototype = prototype->getExceptionSpecTemplate()->getType()->getAs<FunctionProtoType>();
        continue;
      case EST_DependentNoexcept:
      case EST_NoexceptFalse:
      case EST_NoexceptTrue: {
        const Expr* condition = prototype->getNoexceptExpr();
        const auto* reference = condition ? dyn_cast<DeclRefExpr>(condition->IgnoreParenImpCasts()) : nullptr;
        if (!reference) return std::nullopt;
        const auto* marker = reference->getDecl();
        const auto* space = dyn_cast<NamespaceDecl>(marker->getDeclContext());
        if (!space || space->getName() != "restriction") return std::nullopt;
        if (marker->getName() == "amp") return AmpContext;
        if (marker->getName() == "amp_cpu") return BothContexts;
        return std::nullopt;
      }
      default:
        return std::nullopt;
    }
  }
  return std::nullopt;
}

/// saysRestrictCpu(F) recognises restrict(cpu)'s enable_if attribute.
bool saysRestrictCpu(const FunctionDecl* function) {
  // Not one a redeclaration inherits: restrict(cpu) is what a declaration writes itself.
  for (const auto* condition : function->specific_attrs<EnableIfAttr>())
    if (condition->getMessage() == "restrict(cpu)" && !condition->isInherited()) return true;
  return false;
}

/// statedBy(D) is the restriction the one declaration D states, if it states one.
std::optional<Restriction> statedBy(const FunctionDecl* declaration) {
  // `restrict(amp) restrict(cpu)` leaves both the marker and the enable_if attribute.
  unsigned stated = saysRestrictCpu(declaration) ? unsigned{CpuContext} : 0u;
  if (auto restriction = markerRestriction(declaration)) stated |= *restriction;
  if (auto restriction = attributeRestriction(declaration)) stated |= *restriction;
  if (!stated) return std::nullopt;
  return static_cast<Restriction>(stated);
}

/// ownRestriction(F) is the restriction F's declarations state themselves, if any.
std::optional<Restriction> ownRestriction(const FunctionDecl* function) {
  const FunctionDecl* pattern = function->getTemplateInstantiationPattern();
  for (const FunctionDecl* candidate : {function, pattern}) {
    if (!candidate) continue;
    for (const FunctionDecl* redeclaration : candidate->redecls())
      if (auto restriction = statedBy(redeclaration)) return restriction;
    if (const auto* primary = candidate->getPrimaryTemplate())
      if (auto restriction = attributeRestriction(primary)) return restriction;
  }
  return std::nullopt;
}

/// classRestriction(C) is the restriction an Ample class gives its members by default.
std::optional<Restriction> classRestriction(const CXXRecordDecl* record) {
  for (; record; record = dyn_cast<CXXRecordDecl>(record->getDeclContext())) {
    if (auto restriction = attributeRestriction(record)) return restriction;
    if (const auto* specialization = dyn_cast<ClassTemplateSpecializationDecl>(record)) {
      auto pattern = specialization->getSpecializedTemplateOrPartial();
      if (const auto* primary = pattern.dyn_cast<ClassTemplateDecl*>()) {
        if (auto restriction = attributeRestriction(primary->getTemplatedDecl())) return restriction;
      } else if (const auto* partial = pattern.dyn_cast<ClassTemplatePartialSpecializationDecl*>()) {
        if (auto restriction = attributeRestriction(partial)) return restriction;
      }
    }
    if (const auto* pattern = record->getTemplateInstantiationPattern())
      if (auto restriction = attributeRestriction(pattern)) return restriction;
  }
  return std::nullopt;
}

/// enclosingFunction(D) is the function whose body D is declared in, if any.
const FunctionDecl* enclosingFunction(const Decl* declaration) {
  for (const DeclContext* context = declaration->getDeclContext(); context; context = context->getParent())
    if (const auto* function = dyn_cast<FunctionDecl>(context)) return function;
  return nullptr;
}

/// statedRestriction(F) is the restriction F's source gives it: its own, its class's, or for
/// a function declared inside another (a lambda, a local class) the enclosing function's.
std::optional<Restriction> statedRestriction(const FunctionDecl* function) {
  if (auto restriction = ownRestriction(function)) return restriction;
  // A friend defined in a class takes the class's default like a member.
  const auto* record = dyn_cast<CXXRecordDecl>(function->getLexicalDeclContext());
  if (auto restriction = classRestriction(record)) return restriction;
  if (function->isImplicit() || function->isDefaulted()) return std::nullopt;
  if (const auto* outer = enclosingFunction(record ? static_cast<const Decl*>(record) : function))
    return statedRestriction(outer);
  return std::nullopt;
}

/// calledRestriction(S) is the intersection of the restrictions of the functions and
/// constructors that S calls (both contexts where it calls none).
Restriction calledRestriction(const Stmt* statement) {
  if (!statement) return BothContexts;
  unsigned common = BothContexts;
  if (const auto* construction = dyn_cast<CXXConstructExpr>(statement))
    common &= restrictionOf(construction->getConstructor());
  else if (const auto* call = dyn_cast<CallExpr>(statement); call && call->getDirectCallee())
    common &= restrictionOf(call->getDirectCallee());
  else if (const auto* initializer = dyn_cast<CXXDefaultInitExpr>(statement))
    common &= calledRestriction(initializer->getExpr());
  else if (const auto* argument = dyn_cast<CXXDefaultArgExpr>(statement))
    common &= calledRestriction(argument->getExpr());
  for (const Stmt* child : statement->children()) common &= calledRestriction(child);
  return static_cast<Restriction>(common);
}

/// destroyedRestriction(C) is the intersection of the restrictions of the destructors of C's
/// bases and members.
Restriction destroyedRestriction(const CXXRecordDecl* record) {
  unsigned common = BothContexts;
  auto destroy = [&](QualType type) {
    const CXXRecordDecl* part = type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (part && part->hasDefinition() && !part->hasTrivialDestructor())
      if (const CXXDestructorDecl* destructor = part->getDestructor()) common &= restrictionOf(destructor);
  };
  for (const CXXBaseSpecifier& base : record->bases()) destroy(base.getType());
  for (const FieldDecl* field : record->fields()) destroy(field->getType());
  return static_cast<Restriction>(common);
}

/// implicitRestriction(F) is the restriction of the implicit or defaulted special member F:
/// the intersection of the restrictions of what it calls, as in C++ AMP, so that a class of
/// amp-compatible members is amp,cpu, and one with a cpu-only member constructor cannot be
/// constructed in amp code. A member that Clang has not defined (nothing used it) calls
/// nothing yet, and is callable from both.
Restriction implicitRestriction(const FunctionDecl* function) {
  unsigned common = BothContexts;
  if (const auto* constructor = dyn_cast<CXXConstructorDecl>(function)) {
    for (const CXXCtorInitializer* initializer : constructor->inits())
      common &= calledRestriction(initializer->getInit());
  } else if (const auto* destructor = dyn_cast<CXXDestructorDecl>(function)) {
    common &= destroyedRestriction(destructor->getParent());
  }
  common &= calledRestriction(function->getBody());
  // A member that calls an amp-only and a cpu-only function is callable nowhere; it is left
  // restrict(cpu), and amp code that calls it is reported.
  return common ? static_cast<Restriction>(common) : CpuContext;
}

/// computedRestriction(F) is restrictionOf(F) worked out from F's declarations.
Restriction computedRestriction(const FunctionDecl* function) {
  if (auto restriction = statedRestriction(function)) return *restriction;
  // Ample's own classes are trusted like its bodies: their internals say no restriction.
  if (function->isImplicit() || function->isDefaulted())
    return isLibraryDecl(function) ? BothContexts : implicitRestriction(function);
  return CpuContext;
}

}  // namespace

Restriction restrictionOf(const FunctionDecl* function) {
  // Asked for every call of the translation unit, often of the same functions. An implicit
  // member that Clang has not defined yet calls nothing so far: it is not remembered.
  static llvm::DenseMap<const FunctionDecl*, Restriction> known;
  if (auto found = known.find(function); found != known.end()) return found->second;
  bool undefined = (function->isImplicit() || function->isDefaulted()) && !function->isDefined();
  if (!undefined) known[function] = BothContexts;  // a class cannot contain itself: this ends a cycle
  Restriction restriction = computedRestriction(function);
  if (!undefined) known[function] = restriction;
  return restriction;
}

Restriction writtenRestriction(const FunctionDecl* declaration) {
  return statedBy(declaration).value_or(CpuContext);
}

bool isCheckedAsAmp(const FunctionDecl* function) {
  auto restriction = statedRestriction(function);
  return restriction && (*restriction & AmpContext);
}

bool isAmpCallable(const FunctionDecl* function) {
  return (restrictionOf(function) & AmpContext) != 0 || function->getBuiltinID() != 0;
}

bool isLibraryDecl(const Decl* declaration) {
  const DeclContext* context = declaration->getDeclContext();
  const NamespaceDecl* outermost = nullptr;
  for (; context; context = context->getParent())
    if (const auto* space = dyn_cast<NamespaceDecl>(context)) outermost = space;
  if (const auto* space = dyn_cast<NamespaceDecl>(declaration); space && !outermost) outermost = space;
  return outermost && (outermost->getName() == "Concurrency" || outermost->getName() == "ample");
}

bool isTileStatic(const VarDecl* variable) {
  for (const auto* annotation : variable->specific_attrs<AnnotateAttr>())
    if (annotation->getAnnotation() == "ample.tile_static") return true;
  return false;
}

bool isLibraryClass(QualType type, const char* name) {
  const auto* record = type.getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->getName() == name && isLibraryDecl(record);
}

}  // namespace ample::checker
