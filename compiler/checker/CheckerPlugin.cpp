// The restriction checker as a Clang front-end plugin (docs/design/restrict-checker.md).
// Loaded with -fplugin=ample_restrict.so, it runs before code generation: it walks the
// translation unit once, template instantiations included, makes every function that is not
// Ample's own call the overloads its context calls in C++ AMP (the amp twins of restrict(cpu)
// overloads in amp code), checks the amp-restricted ones and the calls of cpu code, and
// reports what breaks C++ AMP's rules as errors.

#include "AmpBodyChecker.h"
#include "AmpOverloads.h"
#include "KernelChecks.h"
#include "Report.h"
#include "Restriction.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendPluginRegistry.h>
#include <clang/Lex/Preprocessor.h>

#include <set>
#include <vector>

namespace ample::checker {
namespace {

using namespace clang;

/// Finds the amp-restricted functions, the tile_static variables of cpu code and the kernel
/// launches of a translation unit.
class TranslationUnitWalk : public RecursiveASTVisitor<TranslationUnitWalk> {
 public:
  TranslationUnitWalk(ASTContext& context, Report& report) : context_(context), report_(report) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  // The system's headers and Ample's own hold no code to check: skipping them is most of what
  // keeps the walk cheap (the standard library's instantiations are the bulk of a translation
  // unit).
  bool TraverseDecl(Decl* declaration) {
    if (declaration && !isa<TranslationUnitDecl>(declaration)) {
      SourceLocation where = declaration->getLocation();
      if (where.isValid() && context_.getSourceManager().isInSystemHeader(where)) return true;
      if (isa<NamespaceDecl>(declaration) && isLibraryDecl(declaration)) return true;
    }
    return RecursiveASTVisitor::TraverseDecl(declaration);
  }

  bool VisitFunctionDecl(FunctionDecl* function) {
    collect(function);
    checkDeclaration(function);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr* lambda) {
    if (const FunctionTemplateDecl* generic = lambda->getDependentCallOperator()) {
      for (const FunctionDecl* instance : generic->specializations()) collect(instance);
    } else {
      collect(lambda->getCallOperator());
    }
    return true;
  }

  // C3933: a user-written destructor covers the restrictions of the class's constructors.
  bool VisitCXXRecordDecl(CXXRecordDecl* record) {
    if (!record->isThisDeclarationADefinition() || record->isDependentContext() || isLibraryDecl(record)) return true;
    const CXXDestructorDecl* destructor = record->getDestructor();
    if (!destructor || !destructor->isUserProvided()) return true;
    Restriction destroys = restrictionOf(destructor);
    for (const CXXConstructorDecl* constructor : record->ctors()) {
      Restriction makes = restrictionOf(constructor);
      if (constructor->isUserProvided() && (makes & ~destroys)) {
        report_.add(nullptr, destructor->getLocation(), Rule::DestructorRestriction, record->getNameAsString(),
                    spelled(destroys), spelled(makes));
        break;
      }
    }
    return true;
  }

  bool VisitVarDecl(VarDecl* variable) {
    if (!isTileStatic(variable) || variable->isTemplated()) return true;
    const auto* function = dyn_cast_or_null<FunctionDecl>(variable->getParentFunctionOrMethod());
    if (function && !isLibraryDecl(function) && !(restrictionOf(function) & AmpContext))
      report_.add(function, variable->getLocation(), Rule::TileStaticOutsideAmp, variable->getNameAsString());
    return true;
  }

  bool VisitCallExpr(CallExpr* call) {
    checkKernelLaunch(call, report_);
    // Visited before its children: the callee's reference is known a call when it is visited.
    callees_.insert(call->getCallee()->IgnoreParenImpCasts());
    return true;
  }

  // C2440: an amp-only function is called, never pointed to (restriction is part of its type in
  // Visual C++, and no pointer type carries restrict(amp)).
  bool VisitDeclRefExpr(DeclRefExpr* reference) {
    const auto* function = dyn_cast<FunctionDecl>(reference->getDecl());
    if (!function || callees_.count(reference) || isLibraryDecl(function) || (restrictionOf(function) & CpuContext))
      return true;
    report_.add(nullptr, reference->getLocation(), Rule::AmpFunctionAddress, function->getQualifiedNameAsString());
    return true;
  }

  /// The amp-restricted functions of the program (not Ample's), each once.
  const std::vector<const FunctionDecl*>& ampFunctions() const { return ampFunctions_; }
  /// The program's other functions (restrict(cpu)), each once.
  const std::vector<const FunctionDecl*>& cpuFunctions() const { return cpuFunctions_; }

 private:
  // A declaration says the same restriction as the ones before it (C3935), and an extern "C"
  // function has one restriction only (C3938) and one declaration of its name (C2733).
  void checkDeclaration(const FunctionDecl* function) {
    if (function->isImplicit() || isLibraryDecl(function) || function->isTemplateInstantiation()) return;
    Restriction written = writtenRestriction(function);
    if (function->isExternC() && written == BothContexts)
      report_.add(function, function->getLocation(), Rule::ExternCRestrictions, function->getNameAsString());
    const FunctionDecl* previous = function->getPreviousDecl();
    // Two extern "C" functions of one name are one function to Clang, whatever they say.
    if (previous && writtenRestriction(previous) != written && function->isExternC())
      report_.add(function, function->getLocation(), Rule::ExternCOverload, function->getNameAsString());
    else if (previous && writtenRestriction(previous) != written)
      report_.add(function, function->getLocation(), Rule::RedeclaredRestriction, function->getNameAsString(),
                  spelled(written), spelled(writtenRestriction(previous)));
  }

  static std::string spelled(Restriction restriction) {
    return restriction == BothContexts ? "restrict(amp, cpu)" : restriction == AmpContext ? "restrict(amp)" : "restrict(cpu)";
  }

  void collect(const FunctionDecl* function) {
    const FunctionDecl* definition = nullptr;
    if (!function->hasBody(definition) || definition != function) return;
    if (function->isTemplated() || isLibraryDecl(function) || !seen_.insert(function).second) return;
    (isCheckedAsAmp(function) ? ampFunctions_ : cpuFunctions_).push_back(function);
  }

  ASTContext& context_;
  Report& report_;
  std::set<const Expr*> callees_;
  std::set<const FunctionDecl*> seen_;
  std::vector<const FunctionDecl*> ampFunctions_;
  std::vector<const FunctionDecl*> cpuFunctions_;
};

/// The checker's consumer runs before code generation's in each step: a function that Clang
/// generates as soon as it is parsed (not inline, not a template) calls its context's
/// overloads by then, and the rest by the end of the translation unit, when the checks run.
class Consumer : public ASTConsumer {
 public:
  explicit Consumer(CompilerInstance& compiler) : compiler_(compiler) {}

  bool HandleTopLevelDecl(DeclGroupRef declarations) override {
    for (Decl* declaration : declarations) redirectIn(declaration);
    return true;
  }

  void HandleTranslationUnit(ASTContext& context) override {
    // An ill-formed translation unit has been reported already, and its AST may be partial.
    if (context.getDiagnostics().hasErrorOccurred()) return;
    Report report;
    TranslationUnitWalk walk(context, report);
    walk.TraverseDecl(context.getTranslationUnitDecl());
    // Overloads are instantiated here, after the walk: instantiation adds to the lists it
    // visits. A function corrected in HandleTopLevelDecl is left as it was then.
    for (const auto* functions : {&walk.ampFunctions(), &walk.cpuFunctions()})
      for (const FunctionDecl* function : *functions)
        if (!corrected_.count(function)) callOverloadsOfContext(function, sema(), left_);
    // A translation unit that tests what Ample does at run time with code C++ AMP forbids
    // (exceptions thrown in kernels, divergent barriers) opts out of the checks.
    if (compiler_.getPreprocessor().isMacroDefined("AMPLE_NO_RESTRICTION_CHECKS")) return;
    for (const FunctionDecl* function : walk.ampFunctions()) checkAmpFunction(function, left_, report);
    // Ample's tests of its own amp-only functions (math, atomics, direct3d) also call them on
    // the host, which C++ AMP does not allow; such a translation unit says so.
    if (compiler_.getPreprocessor().isMacroDefined("AMPLE_HOST_CALLS_AMP_FUNCTIONS")) left_.ampOnlyInCpu.clear();
    for (auto [call, callee] : left_.ampOnlyInCpu) {
      if (left_.unrewritten.count(call))
        report.add(nullptr, call->getExprLoc(), Rule::UnrewrittenOverload, callee->getQualifiedNameAsString(), "cpu",
                   "restrict(cpu)");
      else
        report.add(nullptr, call->getExprLoc(), Rule::AmpOnlyCall, callee->getQualifiedNameAsString());
    }
    report.emit(context.getDiagnostics());
  }

 private:
  Sema* sema() const { return compiler_.hasSema() ? &compiler_.getSema() : nullptr; }

  void redirectIn(const Decl* declaration) {
    if (const auto* function = dyn_cast<FunctionDecl>(declaration)) {
      bool checked = function->doesThisDeclarationHaveABody() && !function->isTemplated() &&
                     !isLibraryDecl(function) && !compiler_.getSourceManager().isInSystemHeader(function->getLocation());
      if (checked && corrected_.insert(function).second) callOverloadsOfContext(function, sema(), left_);
    } else if (const auto* context = dyn_cast<DeclContext>(declaration);
               context && (isa<NamespaceDecl>(context) || isa<LinkageSpecDecl>(context))) {
      for (const Decl* inner : context->decls()) redirectIn(inner);
    }
  }

  CompilerInstance& compiler_;
  std::set<const FunctionDecl*> corrected_;
  CallsLeft left_;
};

class CheckRestrictions : public PluginASTAction {
 protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& compiler, llvm::StringRef) override {
    return std::make_unique<Consumer>(compiler);
  }
  bool ParseArgs(const CompilerInstance&, const std::vector<std::string>&) override { return true; }
  // Before code generation, so that a program with errors is not compiled first.
  ActionType getActionType() override { return AddBeforeMainAction; }
};

}  // namespace
}  // namespace ample::checker

static clang::FrontendPluginRegistry::Add<ample::checker::CheckRestrictions> registration(
    "ample-restrict", "check C++ AMP's restrict(amp) rules");
