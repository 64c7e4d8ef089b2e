#include "AmpOverloads.h"

#include "Restriction.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Sema/Initialization.h>
#include <clang/Sema/Overload.h>
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

/// callableIn(ambient, F) tells whether code of the `ambient` restriction may call F: F's
/// restriction covers it (an amp,cpu function calls only amp,cpu functions).
bool callableIn(Restriction ambient, const FunctionDecl* function) {
  return (restrictionOf(function) & ambient) == ambient;
}

/// lookupScope(callee) is the scope whose overloads the call named by `callee` (a reference
/// or a member access) chooses among: where a using-declaration brought the function in
/// (fast_math's `using std::sqrt;`), the scope of the using-declaration, as in Visual C++,
/// which resolves among what the name's lookup found; otherwise the function's own scope.
const DeclContext* lookupScope(const Expr* callee, const FunctionDecl* function) {
  const NamedDecl* found = nullptr;
  if (const auto* reference = dyn_cast<DeclRefExpr>(callee))
    found = reference->getFoundDecl();
  else if (const auto* member = dyn_cast<MemberExpr>(callee))
    found = member->getFoundDecl().getDecl();
  const auto* shadow = dyn_cast_or_null<UsingShadowDecl>(found);
  return (shadow ? shadow->getDeclContext() : function->getDeclContext())->getRedeclContext();
}

/// twinIn(ambient, F, scope) is the function callable in the `ambient` context that F is
/// overloaded with on restriction in `scope`, if any: a function, or for a specialisation of
/// a function template the same specialisation of the other template.
FunctionDecl* twinIn(Restriction ambient, const FunctionDecl* function, const DeclContext* scope, Sema* sema,
                     SourceLocation where) {
  if (!function->getDeclName().isIdentifier() && !function->isOverloadedOperator() &&
      !isa<CXXConstructorDecl>(function))
    return nullptr;
  const FunctionTemplateDecl* pattern = function->getPrimaryTemplate();
  for (NamedDecl* candidate : scope->lookup(function->getDeclName())) {
    candidate = candidate->getUnderlyingDecl();
    FunctionDecl* twin = nullptr;
    if (auto* generic = dyn_cast<FunctionTemplateDecl>(candidate)) {
      if (!pattern || generic->getCanonicalDecl() == pattern->getCanonicalDecl() ||
          !callableIn(ambient, generic->getTemplatedDecl()))
        continue;
      twin = twinSpecialization(function, generic, sema, where);
    } else if (!pattern) {
      twin = dyn_cast<FunctionDecl>(candidate);
    }
    if (!twin || twin->getCanonicalDecl() == function->getCanonicalDecl()) continue;
    if (!callableIn(ambient, twin) || !sameSignature(function, twin)) continue;
    return defined(twin, sema, where);
  }
  return nullptr;
}

/// writtenArgument(A) is the argument A as the call wrote it, before the conversions to the
/// parameter of the overload Clang chose (copies, temporaries, converting constructors and
/// conversion functions included).
Expr* writtenArgument(Expr* argument) {
  for (;;) {
    argument = argument->IgnoreImplicit();
    if (auto* construction = dyn_cast<CXXConstructExpr>(argument);
        construction && !isa<CXXTemporaryObjectExpr>(construction) && !construction->isListInitialization() &&
        construction->getNumArgs() == 1) {
      argument = construction->getArg(0);
    } else if (auto* conversion = dyn_cast<CXXMemberCallExpr>(argument);
               conversion && isa_and_nonnull<CXXConversionDecl>(conversion->getMethodDecl()) &&
               conversion->getImplicitObjectArgument()) {
      argument = conversion->getImplicitObjectArgument();
    } else {
      return argument;
    }
  }
}

/// writtenArguments(call) are the call's arguments as written, default arguments left out.
std::vector<Expr*> writtenArguments(const CallExpr* call) {
  std::vector<Expr*> arguments;
  for (const Expr* argument : call->arguments()) {
    if (isa<CXXDefaultArgExpr>(argument)) break;
    arguments.push_back(writtenArgument(const_cast<Expr*>(argument)));
  }
  return arguments;
}

/// bestOverload(ambient, call, callee, arguments, sema, scope) resolves the call anew among the
/// overloads in `scope` (by default the scope its name was looked up in) that the `ambient`
/// context may call, as Visual C++ does; null where none is the best.
FunctionDecl* bestOverload(Restriction ambient, const CallExpr* call, const FunctionDecl* callee,
                           ArrayRef<Expr*> arguments, Sema& sema, const DeclContext* scope = nullptr) {
  if (!callee->getDeclName().isIdentifier()) return nullptr;
  const auto* access = dyn_cast<MemberExpr>(call->getCallee()->IgnoreParens());
  if (isa<CXXMethodDecl>(callee) && !access) return nullptr;  // a static member named by its class
  OverloadCandidateSet candidates(call->getExprLoc(), OverloadCandidateSet::CSK_Normal);
  if (!scope) scope = lookupScope(call->getCallee()->IgnoreParenImpCasts(), callee);
  for (NamedDecl* candidate : scope->lookup(callee->getDeclName())) {
    auto* generic = dyn_cast<FunctionTemplateDecl>(candidate->getUnderlyingDecl());
    FunctionDecl* function = generic ? generic->getTemplatedDecl() : dyn_cast<FunctionDecl>(candidate->getUnderlyingDecl());
    if (!function || !callableIn(ambient, function)) continue;
    DeclAccessPair found = DeclAccessPair::make(candidate, candidate->getAccess());
    if (access) {
      QualType object = access->getBase()->getType();
      if (access->isArrow()) object = object->getPointeeType();
      Expr::Classification kind = access->isArrow() ? Expr::Classification::makeSimpleLValue()
                                                    : access->getBase()->Classify(sema.getASTContext());
      sema.AddMethodCandidate(found, object, kind, arguments, candidates);
    } else if (generic) {
      sema.AddTemplateOverloadCandidate(generic, found, nullptr, arguments, candidates);
    } else {
      sema.AddOverloadCandidate(function, found, arguments, candidates);
    }
  }
  OverloadCandidateSet::iterator best;
  if (candidates.BestViableFunction(sema, call->getExprLoc(), best) != OR_Success) return nullptr;
  return best->Function;
}

/// callBestOverload(ambient, call, slot, sema, scope) makes `call`, held in `slot`, call the
/// overload that Visual C++ would have chosen in the `ambient` context where it differs from
/// Clang's choice by more than restriction (in amp code, f(double) restrict(amp) beside
/// f(int) restrict(cpu), for f(1)), among those of `scope` as bestOverload() takes it: the
/// arguments as written are converted to its parameters, and its result back to the type the
/// call had. A call it cannot rewrite in place (other argument counts, references or classes
/// returned where the two differ, temporaries to destroy) is left as it is, and
/// callBestOverload returns false: another overload was meant. Otherwise it returns true.
bool callBestOverload(Restriction ambient, CallExpr* call, Stmt*& slot, Sema& sema,
                      const DeclContext* scope = nullptr) {
  const FunctionDecl* callee = call->getDirectCallee();
  std::vector<Expr*> arguments = writtenArguments(call);
  FunctionDecl* target = bestOverload(ambient, call, callee, arguments, sema, scope);
  if (!target) return true;  // none is viable: the call stays an error
  if (target->getNumParams() != call->getNumArgs()) return false;
  ASTContext& context = sema.getASTContext();
  QualType was = call->getType(), returns = target->getCallResultType();
  bool sameResult = context.hasSameType(was, returns) &&
                    call->getValueKind() == Expr::getValueKindForType(target->getReturnType());
  bool convertible = was->isScalarType() && returns->isScalarType() && !target->getReturnType()->isReferenceType();
  if (!sameResult && !convertible) return false;
  std::vector<Expr*> converted;
  for (unsigned i = 0; i < target->getNumParams(); ++i) {
    ParmVarDecl* parameter = target->getParamDecl(i);
    ExprResult argument = i < arguments.size() ? sema.PerformCopyInitialization(
                                                     InitializedEntity::InitializeParameter(context, parameter),
                                                     SourceLocation(), arguments[i])
                                               : sema.BuildCXXDefaultArgExpr(call->getExprLoc(), target, parameter);
    if (argument.isInvalid() || isa<ExprWithCleanups>(argument.get()) || isa<CXXBindTemporaryExpr>(argument.get()))
      return false;
    converted.push_back(argument.get());
  }
  if (!(target = defined(target, &sema, call->getExprLoc()))) return false;
  Expr* calleeExpression = call->getCallee()->IgnoreParens();
  if (auto* member = dyn_cast<MemberExpr>(calleeExpression)) {
    member->setMemberDecl(target);
  } else {
    auto* decay = dyn_cast<ImplicitCastExpr>(calleeExpression);
    auto* reference = decay ? dyn_cast<DeclRefExpr>(decay->getSubExpr()->IgnoreParens()) : nullptr;
    if (!reference) return false;
    reference->setDecl(target);
    reference->setType(target->getType());
    decay->setType(context.getPointerType(target->getType()));
  }
  for (unsigned i = 0; i < converted.size(); ++i) call->setArg(i, converted[i]);
  if (sameResult) return true;
  call->setType(returns);
  call->setValueKind(VK_PRValue);
  ExprResult result = sema.PerformImplicitConversion(call, was, Sema::AA_Converting);
  if (!result.isUsable()) return false;
  slot = result.get();
  return true;
}

/// inKernelFlag(context) is Ample's thread_local `ample::detail::in_kernel`
/// (detail/in_kernel.hpp): true exactly while a thread runs work-items.
VarDecl* inKernelFlag(ASTContext& context) {
  const DeclContext* scope = context.getTranslationUnitDecl();
  for (const char* name : {"ample", "detail"}) {
    auto found = scope->lookup(&context.Idents.get(name));
    scope = found.empty() ? nullptr : dyn_cast<NamespaceDecl>(found.front());
    if (!scope) return nullptr;
  }
  auto found = scope->lookup(&context.Idents.get("in_kernel"));
  return found.empty() ? nullptr : dyn_cast<VarDecl>(found.front());
}

/// byContext(amp, cpu, context) is `in_kernel ? amp : cpu`, two calls of one type and value
/// kind that share their arguments (one of the two is evaluated); null without the flag.
Expr* byContext(Expr* amp, Expr* cpu, ASTContext& context) {
  VarDecl* flag = inKernelFlag(context);
  if (!flag) return nullptr;
  flag->markUsed(context);
  SourceLocation where = cpu->getExprLoc();
  auto* reference = DeclRefExpr::Create(context, NestedNameSpecifierLoc(), SourceLocation(), flag, false, where,
                                        flag->getType(), VK_LValue);
  auto* condition = ImplicitCastExpr::Create(context, context.BoolTy, CK_LValueToRValue, reference, nullptr,
                                             VK_PRValue, FPOptionsOverride());
  return new (context) ConditionalOperator(condition, where, amp, where, cpu, cpu->getType(), cpu->getValueKind(),
                                           cpu->getObjectKind());
}

/// callOf(call, target, context) is a copy of `call` (of a function or a member function)
/// that calls `target`, a function of the same parameters and result, with the same arguments.
/// A copy that calls the same function names it as the call did (through the same
/// using-declaration, if any).
Expr* callOf(CallExpr* call, FunctionDecl* target, ASTContext& context) {
  Expr* callee = call->getCallee()->IgnoreParenImpCasts();
  std::vector<Expr*> arguments(call->arg_begin(), call->arg_end());
  bool same = target == call->getDirectCallee();
  if (auto* member = dyn_cast<MemberExpr>(callee)) {
    if (!isa<CXXMemberCallExpr>(call)) return nullptr;
    DeclAccessPair found = same ? member->getFoundDecl() : DeclAccessPair::make(target, target->getAccess());
    auto* access = MemberExpr::Create(context, member->getBase(), member->isArrow(), member->getOperatorLoc(),
                                      member->getQualifierLoc(), SourceLocation(), target, found,
                                      member->getMemberNameInfo(), nullptr, member->getType(),
                                      member->getValueKind(), member->getObjectKind(), NOUR_None);
    return CXXMemberCallExpr::Create(context, access, arguments, call->getType(), call->getValueKind(),
                                     call->getRParenLoc(), FPOptionsOverride());
  }
  auto* reference = dyn_cast<DeclRefExpr>(callee);
  if (!reference || isa<CXXOperatorCallExpr>(call)) return nullptr;
  auto* named = DeclRefExpr::Create(context, reference->getQualifierLoc(), SourceLocation(), target, false,
                                    reference->getLocation(), target->getType(), VK_LValue,
                                    same ? reference->getFoundDecl() : nullptr);
  auto* decay = ImplicitCastExpr::Create(context, context.getPointerType(target->getType()),
                                         CK_FunctionToPointerDecay, named, nullptr, VK_PRValue, FPOptionsOverride());
  return CallExpr::Create(context, decay, arguments, call->getType(), call->getValueKind(), call->getRParenLoc(),
                          FPOptionsOverride());
}

/// constructionBy(construction, target, context) is a copy of `construction` by the
/// constructor `target`, of the same parameters, with the same arguments.
Expr* constructionBy(CXXConstructExpr* construction, CXXConstructorDecl* target, ASTContext& context) {
  std::vector<Expr*> arguments(construction->arg_begin(), construction->arg_end());
  return CXXConstructExpr::Create(context, construction->getType(), construction->getLocation(), target,
                                  construction->isElidable(), arguments, construction->hadMultipleCandidates(),
                                  construction->isListInitialization(),
                                  construction->isStdInitListInitialization(),
                                  construction->requiresZeroInitialization(), construction->getConstructionKind(),
                                  construction->getParenOrBraceRange());
}

/// otherTwin(F, scope) is, for amp,cpu code that Clang made call F, callable in one context
/// only, the twin of F callable in the other, if any.
FunctionDecl* otherTwin(const FunctionDecl* function, const DeclContext* scope, Sema* sema, SourceLocation where) {
  auto missing = static_cast<Restriction>(BothContexts & ~restrictionOf(function));
  if (missing == BothContexts || !sema) return nullptr;
  FunctionDecl* twin = twinIn(missing, function, scope, sema, where);
  bool sameResult = twin && sema->getASTContext().hasSameType(twin->getReturnType(), function->getReturnType());
  return sameResult ? twin : nullptr;
}

/// chooseByContext(F, slot, original, copy, context) puts into `slot` the choice between
/// `original`, which calls F, and `copy`, which calls its twin, by the running context: an
/// amp,cpu function is compiled once in Ample, where Visual C++ compiles it once per context,
/// each calling its own of a pair of twins. in_kernel is a thread_local load and a branch; the
/// compiled-barrier pass folds it to true in a compiled tile the function is inlined into.
bool chooseByContext(const FunctionDecl* function, Stmt*& slot, Expr* original, Expr* copy, ASTContext& context) {
  if (!copy) return false;
  bool originalIsAmp = restrictionOf(function) & AmpContext;
  Expr* choice = originalIsAmp ? byContext(original, copy, context) : byContext(copy, original, context);
  if (!choice) return false;
  slot = choice;
  return true;
}

/// isAmpMath(scope) tells whether `scope` is concurrency::fast_math or precise_math.
bool isAmpMath(const DeclContext* scope) {
  const auto* space = dyn_cast<NamespaceDecl>(scope);
  return space && isLibraryDecl(space) && (space->getName() == "fast_math" || space->getName() == "precise_math");
}

/// isCMath(F) tells whether F is a function of the C library (in std or the global namespace).
bool isCMath(const FunctionDecl* function) {
  const DeclContext* home = function->getDeclContext()->getRedeclContext();
  return function->getIdentifier() && (home->isTranslationUnit() || home->isStdNamespace());
}

/// namesAmpMath(call) tells whether `call` calls a function of the C library through the
/// using-declarations of fast_math or precise_math (cmath_imports.hpp).
bool namesAmpMath(const CallExpr* call) {
  const FunctionDecl* callee = call->getDirectCallee();
  return callee && isCMath(callee) && isAmpMath(lookupScope(call->getCallee()->IgnoreParenImpCasts(), callee));
}

/// resolveByContext(call, slot, sema) makes a call of amp,cpu code that no overload callable
/// from both matches, and whose callee Clang chose among those one context may call, choose by
/// the running context between Clang's choice and the other context's best overload, as
/// Visual C++'s two compilations resolve it (`f(1)`, with `int f(int) restrict(cpu)` and
/// `double f(double) restrict(amp)`, calls f(int) on the host and f(double) in kernels).
/// It returns false where it leaves the call as it was.
/// The C library's math named through fast_math or precise_math (`fast_math::sqrt(x)`) is
/// left to the C library in both contexts (hasVisibleAmpMath()): the same value, without a
/// choice to make on every call.
bool resolveByContext(CallExpr* call, Stmt*& slot, Sema& sema) {
  FunctionDecl* callee = call->getDirectCallee();
  auto missing = static_cast<Restriction>(BothContexts & ~restrictionOf(callee));
  if (missing == BothContexts || isa<CXXOperatorCallExpr>(call) || namesAmpMath(call)) return false;
  if (bestOverload(BothContexts, call, callee, writtenArguments(call), sema)) return false;
  auto* copy = dyn_cast_or_null<CallExpr>(callOf(call, callee, sema.getASTContext()));
  Stmt* resolved = copy;
  if (!copy || !callBestOverload(missing, copy, resolved, sema) || !callableIn(missing, copy->getDirectCallee()))
    return false;
  auto* other = cast<Expr>(resolved);
  if (other->getValueKind() != call->getValueKind()) return false;
  return chooseByContext(callee, slot, call, other, sema.getASTContext());
}

/// redirectConstruction(ambient, construction, slot, sema, left) makes a construction call
/// the constructor of its context, as redirect() does for calls, where the class has a twin
/// of the constructor Clang chose (`B(A) restrict(cpu)` beside `B(A) restrict(amp)`).
void redirectConstruction(Restriction ambient, CXXConstructExpr* construction, Stmt*& slot, Sema* sema,
                          CallsLeft& left) {
  CXXConstructorDecl* constructor = construction->getConstructor();
  if (callableIn(ambient, constructor)) return;
  SourceLocation where = construction->getLocation();
  const DeclContext* record = constructor->getParent();
  ASTContext& context = constructor->getASTContext();
  if (auto* twin = dyn_cast_or_null<CXXConstructorDecl>(twinIn(ambient, constructor, record, sema, where))) {
    slot = constructionBy(construction, twin, context);
    return;
  }
  if (ambient == BothContexts) {
    auto* twin = dyn_cast_or_null<CXXConstructorDecl>(otherTwin(constructor, record, sema, where));
    if (twin && chooseByContext(constructor, slot, construction, constructionBy(construction, twin, context), context))
      return;
  }
  // Otherwise not rewritten; in amp code the body's check reports it.
  if ((ambient & CpuContext) && !(restrictionOf(constructor) & CpuContext))
    left.ampOnlyInCpu.push_back({construction, constructor});
}

/// directedMathTwin(ambient, call, callee, math, sema) is, for a call in amp code of the C
/// library's math (`sin(x)`, x a float) where a using-directive nominates `math`, one of
/// fast_math and precise_math, the function of `math` with the same parameters that the call
/// resolves to among `math`'s amp functions: Visual C++'s choice there, since the C library's
/// function is cpu code. (Ample's own are templates, which the C library's function beats in
/// Clang's resolution.) Null where there is none, and where Visual C++ would have converted
/// the arguments to another overload's (`sin(x)`, x a double, in fast_math): such a call keeps
/// the C library's function, which computes the same as the twin on the CPU.
FunctionDecl* directedMathTwin(Restriction ambient, const CallExpr* call, const FunctionDecl* callee,
                               const DeclContext* math, Sema* sema) {
  if (!math || !sema || ambient != AmpContext || !isCMath(callee)) return nullptr;
  FunctionDecl* twin = bestOverload(ambient, call, callee, writtenArguments(call), *sema, math);
  return twin && sameSignature(twin, callee) ? twin : nullptr;
}

/// redirect(ambient, slot, sema, math, left) rewrites the calls in the statement held in
/// `slot` and below, except in lambdas (functions of their own); `math` is the one of
/// fast_math and precise_math that a using-directive nominates there, if any. A plain walk over
/// the children: calls are all it looks at.
void redirect(Restriction ambient, Stmt*& slot, Sema* sema, const DeclContext* math, CallsLeft& left) {
  Stmt* statement = slot;
  if (!statement || isa<LambdaExpr>(statement)) return;
  for (Stmt*& child : statement->children()) redirect(ambient, child, sema, math, left);
  if (auto* construction = dyn_cast<CXXConstructExpr>(statement)) {
    redirectConstruction(ambient, construction, slot, sema, left);
    return;
  }
  auto* call = dyn_cast<CallExpr>(statement);
  const FunctionDecl* callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || callableIn(ambient, callee)) return;
  Expr* target = call->getCallee()->IgnoreParenImpCasts();
  const DeclContext* scope = lookupScope(target, callee);
  if (FunctionDecl* twin = twinIn(ambient, callee, scope, sema, call->getExprLoc())) {
    if (auto* reference = dyn_cast<DeclRefExpr>(target))
      reference->setDecl(twin);
    else if (auto* member = dyn_cast<MemberExpr>(target))
      member->setMemberDecl(twin);
    return;
  }
  if (ambient == BothContexts)
    if (FunctionDecl* twin = otherTwin(callee, scope, sema, call->getExprLoc()))
      if (chooseByContext(callee, slot, call, callOf(call, twin, twin->getASTContext()), twin->getASTContext())) return;
  if (ambient == BothContexts && sema && resolveByContext(call, slot, *sema)) return;
  if (directedMathTwin(ambient, call, callee, math, sema) && callBestOverload(ambient, call, slot, *sema, math)) return;
  if (sema && !isa<CXXOperatorCallExpr>(call) && !callBestOverload(ambient, call, slot, *sema))
    left.unrewritten.insert(call);
  if ((ambient & CpuContext) && !(restrictionOf(call->getDirectCallee()) & CpuContext))
    left.ampOnlyInCpu.push_back({call, call->getDirectCallee()});
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

bool hasVisibleAmpMath(const CallExpr* call, const FunctionDecl* caller) {
  const FunctionDecl* function = call->getDirectCallee();
  if (!isCMath(function)) return false;
  if (namesAmpMath(call)) return true;
  for (const NamespaceDecl* space : nominatedNamespaces(caller))
    if (isAmpMath(space) && !space->lookup(function->getDeclName()).empty()) return true;
  return false;
}

const Expr* ampSide(const Stmt* statement) {
  const auto* choice = dyn_cast<ConditionalOperator>(statement);
  const auto* condition = choice ? dyn_cast<ImplicitCastExpr>(choice->getCond()) : nullptr;
  const auto* reference = condition ? dyn_cast<DeclRefExpr>(condition->getSubExpr()) : nullptr;
  const auto* flag = reference ? dyn_cast<VarDecl>(reference->getDecl()) : nullptr;
  bool chosen = flag && flag->getName() == "in_kernel" && isLibraryDecl(flag);
  return chosen ? choice->getTrueExpr() : nullptr;
}

void callOverloadsOfContext(const FunctionDecl* function, Sema* sema, CallsLeft& left) {
  // Both nominated, a float call is ambiguous in Visual C++: none is taken.
  const DeclContext* math = nullptr;
  for (const NamespaceDecl* space : nominatedNamespaces(function)) {
    if (!isAmpMath(space)) continue;
    const DeclContext* found = space->getPrimaryContext();
    if (math && math != found) {
      math = nullptr;
      break;
    }
    math = found;
  }
  Stmt* body = function->getBody();
  redirect(restrictionOf(function), body, sema, math, left);
}

}  // namespace ample::checker
