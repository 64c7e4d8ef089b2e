// Overload choice by context (C++ AMP §2.3.2): in amp-restricted code, a call that Clang
// resolved to a restrict(cpu) function whose restrict(amp) twin exists calls the twin.
#pragma once

namespace clang {
class FunctionDecl;
class Sema;
}  // namespace clang

namespace ample::checker {

/// callAmpTwins(F, sema) rewrites the calls in the body of the amp-restricted function F:
/// where the callee is restrict(cpu) and a function of the same name, scope, parameter types
/// and qualifiers is amp-callable, the call names that one instead, before code is generated
/// (a function template's specialisation calls the amp template's same specialisation). Clang
/// itself prefers the cpu overload everywhere (restrict(cpu)'s enable_if attribute makes it
/// the better match), as it knows nothing of contexts. `sema` instantiates a twin that only
/// this call uses; without it such a call is left alone.
void callAmpTwins(const clang::FunctionDecl* function, clang::Sema* sema);

/// hasAmpTwin(F) tells whether the restrict(cpu) function F has an amp-callable overload of as
/// many parameters in its scope, defined or not, a template included: in Visual C++ a call
/// from amp code would have chosen among those, so it is valid C++ AMP even where
/// callAmpTwins cannot name the one meant.
bool hasAmpTwin(const clang::FunctionDecl* function);

/// hasVisibleAmpMath(F, caller) tells whether F is a function of the C library's math (in
/// std or the global namespace) that amp code calls through a using-directive for
/// concurrency::fast_math or precise_math in `caller` or around it: Visual C++ chose the amp
/// function there by restriction; Ample's are templates that leave the call to the C
/// library's function, which computes the same value on the CPU.
bool hasVisibleAmpMath(const clang::FunctionDecl* function, const clang::FunctionDecl* caller);

}  // namespace ample::checker
