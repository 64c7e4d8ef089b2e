// The rules of restrict(amp) the checker reports, each with its message (Visual C++'s error
// number first, so that a search for the message finds Microsoft's documentation of the rule).
#pragma once

namespace ample::checker {

/// One rule each; the message's %0, %1 and %2 are filled in by Report::add.
enum class Rule {
  HostCall,              ///< C3930: a call to a function that is not amp-restricted
  UnrewrittenOverload,   ///< a call whose overload of its context Ample cannot call in place (no number)
  AmpOnlyCall,           ///< C3930: cpu code calls a restrict(amp) function
  UnsupportedType,       ///< C3581: a type amp code may not use
  IndirectCall,          ///< C3581: a call through a function pointer or pointer to member function
  VirtualCall,           ///< C3581: a virtual call
  BadSignature,          ///< C3581: an amp function that is virtual or takes ellipsis
  IntegerLiteral,        ///< C3595: an integer literal wider than 32 bits
  FloatingLiteral,       ///< C2177: a floating literal its type cannot represent
  StringLiteral,         ///< C3589
  PointerIntegerCast,    ///< C3588
  Goto,                  ///< C3593: goto or a label
  ExceptionHandling,     ///< C3594: try, catch, throw
  DynamicCast,           ///< C3587
  Typeid,                ///< C3591
  InlineAssembly,        ///< asm (no number of its own)
  GlobalVariable,        ///< C3586: global, namespace-scope, static or extern variables
  TileStaticInitialised, ///< C3584: tile_static with an initializer
  TileStaticType,        ///< C3584: tile_static of a pointer, reference or view type
  TileStaticOutsideAmp,  ///< C3584: tile_static in cpu code
  TileStaticTooLarge,    ///< a kernel's tile_static variables beyond 32 KB (Direct3D's limit; no number)
  DivergentBarrier,      ///< C3561: a barrier under a condition on the work-item's index
  CaptureByReference,    ///< C3590
  CaptureArrayByValue,   ///< C3597
  CapturePointer,        ///< C3596: pointers, `this`
  CaptureUnsupported,    ///< C3596: values of types amp code may not use
  KernelNotAmp,          ///< a parallel_for_each kernel whose call operator is not restrict(amp)
  KernelParameter,       ///< a kernel that does not take its compute domain's index type
  Recursion,             ///< recursion among amp functions (no number of its own)
  BoolPointerArithmetic, ///< C3599: arithmetic on a bool*
  AmpFunctionAddress,    ///< C2440: the address of an amp-only function taken
  RedeclaredRestriction, ///< C3935: a declaration and its definition differ in restriction
  DestructorRestriction, ///< C3933: a destructor that does not cover its constructors' restrictions
  ExternCRestrictions,   ///< C3938: an extern "C" function with more than one restriction
  ExternCOverload,       ///< C2733: two extern "C" functions that differ only in restriction
};

/// messageOf(rule) is the format string of the rule's error.
const char* messageOf(Rule rule);

/// isHccHabit(rule) tells whether `rule` refuses what programs written for HCC relied on, where
/// restrict(amp) was optional and kernels shared the host's memory: a kernel that is not
/// restrict(amp), a captured pointer, a capture by reference. The first such error of a
/// translation unit is followed by optOutNote().
bool isHccHabit(Rule rule);

/// optOutNote() is the text of the note that names the ways to build without the checks.
const char* optOutNote();

}  // namespace ample::checker
