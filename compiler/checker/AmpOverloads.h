// Overload choice by context (C++ AMP §2.3.2): a call that Clang resolved to a function its
// context may not call (a restrict(cpu) one in amp code, a restrict(amp) one in cpu code) calls
// the overload Visual C++ would.
#pragma once

#include <set>
#include <utility>
#include <vector>

namespace clang {
class CallExpr;
class Expr;
class FunctionDecl;
class Sema;
class Stmt;
}  // namespace clang

namespace ample::checker {

/// What callOverloadsOfContext leaves calling a function of the wrong context.
struct CallsLeft {
  /// Calls that C++ AMP resolves, in their context, to an overload of other parameters that
  /// could not be rewritten in place: Clang's choice remains their callee.
  std::set<const clang::Expr*> unrewritten;
  /// Calls and constructions in cpu code (restrict(cpu) or restrict(amp, cpu)) of functions
  /// that are restrict(amp) only.
  std::vector<std::pair<const clang::Expr*, const clang::FunctionDecl*>> ampOnlyInCpu;
};

/// callOverloadsOfContext(F, sema, left) makes the calls in the body of F call what Visual C++
/// calls in F's context (its restriction: amp, cpu, or both, where a callee must be callable
/// from both), before code is generated. Clang knows nothing of contexts: restrict(cpu)'s
/// enable_if attribute makes a cpu overload the better match everywhere, and elsewhere it
/// picks by parameters alone. Where Clang chose a function F the context may not call:
///   - if a function of the same name, scope, parameter types and qualifiers is callable
///     there (its twin), the call names the twin (a function template's specialisation calls
///     the other template's same specialisation);
///   - otherwise the call is resolved anew among the overloads of its scope that the context
///     may call, and rewritten to call the best one with the arguments as written;
///   - in amp,cpu code, where F's twin is callable in the context F is not, or else no
///     overload callable from both matches, the call chooses by the context it runs in
///     (ampSide()) between F and the twin, or the other context's best overload.
/// Constructions are corrected likewise, by twins only. The overloads are those of the scope
/// the name was looked up in, which for a function brought in by a using-declaration is the
/// using-declaration's (fast_math's sqrt(float) beside its `using std::sqrt;`).
/// What remains is recorded in `left`. `sema` instantiates an overload that only this call
/// uses; without it such a call is left alone.
void callOverloadsOfContext(const clang::FunctionDecl* function, clang::Sema* sema, CallsLeft& left);

/// hasVisibleAmpMath(call, caller) tells whether `call` calls a function of the C library's
/// math (in std or the global namespace) that amp code names through concurrency::fast_math or
/// precise_math: through their using-declarations of the C library's functions
/// (`fast_math::sqrt(x)` where x is a float, in amp,cpu code), or through a using-directive
/// for either in `caller` or around it. Visual C++ chose the amp function there by
/// restriction; Ample's are templates that leave the call to the C library's function, which
/// computes the same value on the CPU.
bool hasVisibleAmpMath(const clang::CallExpr* call, const clang::FunctionDecl* caller);

/// ampSide(S) is, where S is a call that callOverloadsOfContext made choose its overload by
/// the running context (in amp,cpu code, `in_kernel ? amp twin : cpu twin`), the call made in
/// amp code; null for any other statement. The other is cpu code, and not checked as amp code.
const clang::Expr* ampSide(const clang::Stmt* statement);

}  // namespace ample::checker
