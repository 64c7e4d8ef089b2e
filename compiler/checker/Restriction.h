// What a declaration's restriction is: restrict(cpu), restrict(amp) or both (C++ AMP §2.1).
#pragma once

namespace clang {
class Decl;
class FunctionDecl;
class QualType;
class VarDecl;
}  // namespace clang

namespace ample::checker {

/// A restriction is a set of the two contexts code may run in.
enum Restriction : unsigned { CpuContext = 1, AmpContext = 2, BothContexts = CpuContext | AmpContext };

/// restrictionOf(F) reads F's restriction: the marker restrict(...) leaves in its exception
/// specification (ample/restrict.hpp), its own AMPLE_* attribute, or the attribute of the
/// class it is declared in. A function without any takes the restriction of the function it
/// is declared in (a lambda in a kernel is amp code), and an implicit or defaulted special
/// member has the intersection of the restrictions of what it calls (both where it calls
/// nothing). Everything else is restrict(cpu), as in C++ AMP.
Restriction restrictionOf(const clang::FunctionDecl* function);

/// writtenRestriction(D) is what the one declaration D says: its restrict(...) or
/// AMPLE_* attribute, restrict(cpu) where it says nothing.
Restriction writtenRestriction(const clang::FunctionDecl* declaration);

/// isCheckedAsAmp(F) tells whether F's body follows the rules of amp code: F is declared
/// restrict(amp) or restrict(amp, cpu), or is a lambda defined in such a function. Implicit
/// and defaulted members are callable from amp code but have no body of their own to check.
bool isCheckedAsAmp(const clang::FunctionDecl* function);

/// isAmpCallable(F) tells whether amp-restricted code may call F.
bool isAmpCallable(const clang::FunctionDecl* function);

/// isLibraryDecl(D) tells whether D belongs to Ample itself (namespaces Concurrency and
/// ample): the checker trusts the bodies and the types of Ample's API and checks only that
/// user code calls what the API marks amp-callable.
bool isLibraryDecl(const clang::Decl* declaration);

/// isTileStatic(V) tells whether V was declared tile_static (ample/config.hpp's annotation).
bool isTileStatic(const clang::VarDecl* variable);

/// isLibraryClass(T, name) tells whether T, references and cv-qualifiers aside, is the class
/// (or a specialisation of the class template) `name` of Ample's API.
bool isLibraryClass(clang::QualType type, const char* name);

}  // namespace ample::checker
