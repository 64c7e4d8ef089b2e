#include "Rules.h"

namespace ample::checker {

const char* messageOf(Rule rule) {
  switch (rule) {
    case Rule::HostCall:
      return "[C3930] '%0' cannot be called from amp-restricted code: it is not restrict(amp)";
    case Rule::UnrewrittenOverload:
      return "[C++ AMP] in %1 code this call of '%0' resolves to a %2 overload of other parameters, which "
             "Ample can call only with as many arguments and a result of the same kind: write the call with "
             "that overload's parameter types";
    case Rule::AmpOnlyCall:
      return "[C3930] '%0' cannot be called from cpu code: it is restrict(amp)";
    case Rule::UnsupportedType:
      return "[C3581] %0: unsupported type in amp-restricted code";
    case Rule::IndirectCall:
      return "[C3581] indirect calls (through function pointers or pointers to member functions) are not allowed in "
             "amp-restricted code";
    case Rule::VirtualCall:
      return "[C3581] virtual function '%0' cannot be called from amp-restricted code";
    case Rule::BadSignature:
      return "[C3581] an amp-restricted function cannot be %0";
    case Rule::IntegerLiteral:
      return "[C3595] integer literal %0 does not fit a 32-bit type in amp-restricted code";
    case Rule::FloatingLiteral:
      return "[C2177] floating-point constant too big for %0 in amp-restricted code";
    case Rule::StringLiteral:
      return "[C3589] string literals are not allowed in amp-restricted code";
    case Rule::PointerIntegerCast:
      return "[C3588] casts between pointers and integers are not allowed in amp-restricted code";
    case Rule::Goto:
      return "[C3593] %0 is not allowed in amp-restricted code";
    case Rule::ExceptionHandling:
      return "[C3594] exception handling ('%0') is not allowed in amp-restricted code";
    case Rule::DynamicCast:
      return "[C3587] dynamic_cast is not allowed in amp-restricted code";
    case Rule::Typeid:
      return "[C3591] typeid is not allowed in amp-restricted code";
    case Rule::InlineAssembly:
      return "[C++ AMP] inline assembly is not allowed in amp-restricted code";
    case Rule::GlobalVariable:
      return "[C3586] '%0': global, static and extern variables cannot be used in amp-restricted code "
             "(only tile_static variables are shared)";
    case Rule::TileStaticInitialised:
      return "[C3584] tile_static variable '%0' cannot have an initializer";
    case Rule::TileStaticType:
      return "[C3584] tile_static variable '%0' cannot have type %1";
    case Rule::TileStaticOutsideAmp:
      return "[C3584] tile_static variable '%0' can only be declared in amp-restricted code";
    case Rule::TileStaticTooLarge:
      return "[C++ AMP] the kernel's tile_static variables take %0 bytes, more than the %1 (32 KB) a tile "
             "may share";
    case Rule::DivergentBarrier:
      return "[C3561] tile barrier in control flow that depends on the work-item's index ('%0'): every "
             "work-item of a tile must reach it";
    case Rule::CaptureByReference:
      return "[C3590] '%0' is captured by reference: a parallel_for_each kernel captures by value (only "
             "concurrency::array and texture by reference)";
    case Rule::CaptureArrayByValue:
      return "[C3597] '%0' is a concurrency::array captured by value: capture it by reference";
    case Rule::CapturePointer:
    case Rule::CaptureUnsupported:
      return "[C3596] '%0' cannot be captured by a parallel_for_each kernel: %1";
    case Rule::KernelNotAmp:
      return "[C++ AMP] the kernel passed to parallel_for_each must be restrict(amp): its call operator is "
             "restrict(cpu)";
    case Rule::KernelParameter:
      return "[C++ AMP] a kernel over %0 takes one %1 (by value or const reference), not %2";
    case Rule::Recursion:
      return "[C++ AMP] '%0' is recursive: recursion is not allowed in amp-restricted code";
    case Rule::BoolPointerArithmetic:
      return "[C3599] arithmetic on a pointer to bool is not allowed in amp-restricted code";
    case Rule::AmpFunctionAddress:
      return "[C2440] '%0' is restrict(amp): there are no pointers or references to amp functions on the "
             "host, and amp code has none at all";
    case Rule::RedeclaredRestriction:
      return "[C3935] '%0' is declared %1 here but was declared %2 before";
    case Rule::DestructorRestriction:
      return "[C3933] the destructor of '%0' is %1, but a constructor is %2: a destructor must be callable "
             "wherever an object can be made";
    case Rule::ExternCOverload:
      return "[C2733] extern \"C\" function '%0' is overloaded on its restriction: a C name has one function";
    case Rule::ExternCRestrictions:
      return "[C3938] extern \"C\" function '%0' cannot have more than one restriction";
  }
  return "";
}

bool isHccHabit(Rule rule) {
  return rule == Rule::KernelNotAmp || rule == Rule::CapturePointer || rule == Rule::CaptureByReference;
}

const char* optOutNote() {
  return "code written for HCC or without C++ AMP's rules builds unchecked with "
         "'#define AMPLE_NO_RESTRICTION_CHECKS' in this translation unit, or with Ample configured "
         "-DAMPLE_CHECK_RESTRICTIONS=OFF";
}

}  // namespace ample::checker
