#include "DivergentBarriers.h"

#include "Report.h"
#include "Restriction.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>

#include <set>
#include <string>

namespace ample::checker {
namespace {

using namespace clang;

/// isIndexArithmetic(F) tells whether F is an operation of Ample's index types (index,
/// extent, tiled_index and their common base), whose result depends on its operands only.
bool isIndexArithmetic(const FunctionDecl* function) {
  if (!function || !isLibraryDecl(function)) return false;
  const auto* record = dyn_cast<CXXRecordDecl>(function->getLexicalDeclContext());
  if (!record || !record->getIdentifier()) return false;
  llvm::StringRef name = record->getName();
  return name == "coordinate" || name == "index" || name == "extent" || name == "tiled_index";
}

/// The variables of one function whose values depend on the work-item's index.
class Divergence {
 public:
  /// whyDivergent(E) names the first part of E that depends on the work-item's index
  /// ("t.local", or a variable computed from it), or returns an empty string.
  std::string whyDivergent(const Stmt* expression) const {
    if (!expression || isa<LambdaExpr>(expression) || isa<UnaryExprOrTypeTraitExpr>(expression)) return "";
    // What is read from memory or returned by a call is data, whatever index chose it: a
    // condition on data is left to the run-time check (the data may be uniform over a tile).
    // Index arithmetic (`t.local[0]`, `t.global + 1`) is no call in that sense.
    if (isa<ArraySubscriptExpr>(expression)) return "";
    if (const auto* call = dyn_cast<CallExpr>(expression); call && !isIndexArithmetic(call->getDirectCallee()))
      return "";
    if (const auto* dereference = dyn_cast<UnaryOperator>(expression); dereference && dereference->getOpcode() == UO_Deref)
      return "";
    if (const auto* member = dyn_cast<MemberExpr>(expression)) {
      const Expr* base = member->getBase()->IgnoreParenImpCasts();
      if (isLibraryClass(base->getType(), "tiled_index")) {
        std::string name = member->getMemberDecl()->getNameAsString();
        if (name != "global" && name != "local") return "";
        const auto* variable = dyn_cast<DeclRefExpr>(base);
        return (variable ? variable->getDecl()->getNameAsString() + "." : std::string()) + name;
      }
    }
    if (const auto* reference = dyn_cast<DeclRefExpr>(expression)) {
      const auto* variable = dyn_cast<VarDecl>(reference->getDecl());
      if (variable && divergent_.count(variable)) return variable->getNameAsString();
      // A tiled_index used whole converts to its global index.
      if (variable && isLibraryClass(variable->getType(), "tiled_index")) return variable->getNameAsString();
      return "";
    }
    for (const Stmt* child : expression->children()) {
      std::string why = whyDivergent(child);
      if (!why.empty()) return why;
    }
    return "";
  }

  /// learn(body) finds the local variables that take a divergent value, by initialisation or
  /// assignment, repeating until no new one appears (a value may flow through several).
  void learn(const Stmt* body) {
    for (std::size_t before = ~std::size_t{0}; before != divergent_.size();) {
      before = divergent_.size();
      scan(body);
    }
  }

 private:
  void scan(const Stmt* statement) {
    if (!statement || isa<LambdaExpr>(statement)) return;
    if (const auto* declarations = dyn_cast<DeclStmt>(statement)) {
      for (const Decl* declaration : declarations->decls())
        if (const auto* variable = dyn_cast<VarDecl>(declaration))
          if (variable->getInit() && !whyDivergent(variable->getInit()).empty()) divergent_.insert(variable);
    } else if (const auto* assignment = dyn_cast<BinaryOperator>(statement); assignment && assignment->isAssignmentOp()) {
      mark(assignment->getLHS(), assignment->getRHS());
    } else if (const auto* call = dyn_cast<CXXOperatorCallExpr>(statement); call && call->isAssignmentOp()) {
      mark(call->getArg(0), call->getArg(1));
    }
    for (const Stmt* child : statement->children()) scan(child);
  }

  void mark(const Expr* target, const Expr* value) {
    const auto* reference = dyn_cast<DeclRefExpr>(target->IgnoreParenImpCasts());
    const auto* variable = reference ? dyn_cast<VarDecl>(reference->getDecl()) : nullptr;
    // A tile_static variable is memory shared by the tile: reading it is reading data.
    if (variable && variable->isLocalVarDeclOrParm() && !variable->isStaticLocal() && !whyDivergent(value).empty())
      divergent_.insert(variable);
  }

  std::set<const VarDecl*> divergent_;
};

/// Walks the statements in order, knowing under which divergent condition each one runs.
class BarrierWalk {
 public:
  BarrierWalk(const FunctionDecl* function, const Divergence& divergence, Report& report)
      : function_(function), divergence_(divergence), report_(report) {}

  void walk(const Stmt* statement, const std::string& under) {
    if (!statement || isa<LambdaExpr>(statement)) return;
    if (const auto* branch = dyn_cast<IfStmt>(statement)) {
      walk(branch->getInit(), under);
      walk(branch->getCond(), under);
      std::string inner = branch->isConstexpr() ? under : pick(under, branch->getCond());
      walk(branch->getThen(), inner);
      walk(branch->getElse(), inner);
      return;
    }
    if (const auto* loop = dyn_cast<ForStmt>(statement)) {
      walk(loop->getInit(), under);
      std::string inner = pick(under, loop->getCond());
      walk(loop->getCond(), inner);
      walk(loop->getInc(), inner);
      walk(loop->getBody(), inner);
      return;
    }
    if (const auto* loop = dyn_cast<WhileStmt>(statement)) return walkLoop(loop->getCond(), loop->getBody(), under);
    if (const auto* loop = dyn_cast<DoStmt>(statement)) return walkLoop(loop->getCond(), loop->getBody(), under);
    if (const auto* choice = dyn_cast<SwitchStmt>(statement)) {
      walk(choice->getCond(), under);
      walk(choice->getBody(), pick(under, choice->getCond()));
      return;
    }
    if (const auto* choice = dyn_cast<AbstractConditionalOperator>(statement)) {
      walk(choice->getCond(), under);
      std::string inner = pick(under, choice->getCond());
      walk(choice->getTrueExpr(), inner);
      walk(choice->getFalseExpr(), inner);
      return;
    }
    if (const auto* logical = dyn_cast<BinaryOperator>(statement); logical && logical->isLogicalOp()) {
      walk(logical->getLHS(), under);
      walk(logical->getRHS(), pick(under, logical->getLHS()));
      return;
    }
    if (isa<ReturnStmt>(statement) && !under.empty() && returnedUnder_.empty()) returnedUnder_ = under;
    if (const auto* call = dyn_cast<CXXMemberCallExpr>(statement); call && isBarrier(call)) {
      const std::string& why = !under.empty() ? under : returnedUnder_;
      if (!why.empty()) report_.add(function_, call->getExprLoc(), Rule::DivergentBarrier, why);
    }
    for (const Stmt* child : statement->children()) walk(child, under);
  }

 private:
  void walkLoop(const Expr* condition, const Stmt* body, const std::string& under) {
    std::string inner = pick(under, condition);
    walk(condition, inner);
    walk(body, inner);
  }

  std::string pick(const std::string& under, const Stmt* condition) const {
    return !under.empty() ? under : divergence_.whyDivergent(condition);
  }

  static bool isBarrier(const CXXMemberCallExpr* call) {
    const auto* method = call->getMethodDecl();
    return method && method->getIdentifier() && method->getName().find("wait") == 0 &&
           method->getParent()->getName() == "tile_barrier" && isLibraryDecl(method->getParent());
  }

  const FunctionDecl* function_;
  const Divergence& divergence_;
  Report& report_;
  std::string returnedUnder_;
};

}  // namespace

void checkDivergentBarriers(const FunctionDecl* function, Report& report) {
  Divergence divergence;
  divergence.learn(function->getBody());
  BarrierWalk(function, divergence, report).walk(function->getBody(), "");
}

}  // namespace ample::checker
