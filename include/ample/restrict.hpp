// restrict(...): C++ AMP's restriction specifier, as a function-like macro.
//
// This header includes nothing and is all a header needs that says `restrict(amp)` before
// including anything else (Visual C++ has `restrict` as a keyword). The ample::ample CMake
// target force-includes it into every C++ file (AMPLE_FORCE_INCLUDE_RESTRICT, on by default).
#pragma once

/// restrict(amp), restrict(cpu), restrict(amp, cpu) and restrict(direct3d) mark where a
/// function may run. Ample compiles every function for the CPU; the specifier lets a function
/// be overloaded on its restriction, as Visual C++ allows, and under Clang it tells the
/// restriction checker (compiler/checker, docs/design/restrict-checker.md) which bodies follow
/// the rules of restrict(amp):
///
///     float twice(float x) restrict(cpu) { return 2 * x; }
///     float twice(float x) restrict(amp) { return x + x; }
///
/// Under Clang:
///   - restrict(cpu) alone marks its function with an always-true enable_if attribute, which
///     makes the two above a valid pair of overloads (the cpu one is the better match; the
///     restriction checker makes amp code call the amp twin);
///   - restrict(amp), restrict(direct3d) and restrict(amp, cpu) become `noexcept(marker)`, a
///     marker being one of the `false` constants below. noexcept(false) is what a function
///     without an exception specification has already, so nothing changes but what the
///     checker reads; unlike an attribute, an exception specification is allowed in every
///     place C++ AMP puts restrict(...) (after `mutable`, after cv- and ref-qualifiers, before
///     a trailing return type). Two consequences: such a function cannot also say noexcept
///     (C++ AMP forbids exception specifications on amp functions anyway), and a destructor
///     declared restrict(amp) may throw, as any noexcept(false) destructor.
/// GCC has no enable_if: there a restrict(cpu)/restrict(amp) pair collides, and the amp twin
/// must be left out (docs/porting.md; AMPLE_RESTRICT_OVERLOADING tells which compilers allow
/// it); every valid restrict(...) expands to nothing and nothing is checked. One consequence under
/// Clang: a function declared `restrict(cpu)` must say so in its definition too (Visual C++
/// let one of the two omit it, cpu being the default).
///
/// Being function-like, the macro touches only `restrict(`; code that needs the identifier
/// for itself defines AMPLE_NO_RESTRICT_MACRO first (and, when the header is force-included,
/// writes #undef restrict).
#if !defined(AMPLE_NO_RESTRICT_MACRO) && !defined(restrict)
#define restrict(...) AMPLE_IMPL_RESTRICT_PICK(__VA_ARGS__, AMPLE_IMPL_RESTRICT_BOTH, AMPLE_IMPL_RESTRICT_ONE, )(__VA_ARGS__)
#endif

#define AMPLE_IMPL_RESTRICT_PICK(first, second, chosen, ...) chosen
// One specifier, or a pair in either order. What is no specifier (restrict(foo), restrict(),
// restrict(amp, amp)) becomes noexcept(<an undeclared name that says so>), so that the
// compiler's error names Visual C++'s number: "use of undeclared identifier
// 'C3936_unknown_restrict_specifier_foo'".
#define AMPLE_IMPL_RESTRICT_ONE(what) \
  AMPLE_IMPL_RESTRICT_KNOWN_OR(AMPLE_IMPL_RESTRICT_ONLY_##what, noexcept(C3936_unknown_restrict_specifier_##what))
#define AMPLE_IMPL_RESTRICT_BOTH(first, second)                            \
  AMPLE_IMPL_RESTRICT_KNOWN_OR(AMPLE_IMPL_RESTRICT_PAIR_##first##_##second, \
                               noexcept(C3936_restrict_specifiers_are_not_amp_and_cpu_##first##_##second))
// AMPLE_IMPL_RESTRICT_KNOWN_OR(probe, fallback): the macro of a known specifier expands to
// `~, expansion`, which moves its expansion into the place the fallback would take; an unknown
// one is a single name, and the fallback stays.
#define AMPLE_IMPL_RESTRICT_KNOWN_OR(...) AMPLE_IMPL_RESTRICT_SECOND(__VA_ARGS__, )
#define AMPLE_IMPL_RESTRICT_SECOND(first, second, ...) second
#define AMPLE_IMPL_RESTRICT_PAIR_amp_cpu ~, AMPLE_IMPL_RESTRICT_AMP_CPU
#define AMPLE_IMPL_RESTRICT_PAIR_cpu_amp ~, AMPLE_IMPL_RESTRICT_AMP_CPU
#if defined(__clang__) && defined(__cplusplus)
#define AMPLE_RESTRICT_OVERLOADING 1
#define AMPLE_IMPL_RESTRICT_ONLY_cpu ~, __attribute__((enable_if(true, "restrict(cpu)")))
#define AMPLE_IMPL_RESTRICT_ONLY_amp ~, noexcept(::ample::restriction::amp)
#define AMPLE_IMPL_RESTRICT_ONLY_direct3d ~, noexcept(::ample::restriction::amp)
#define AMPLE_IMPL_RESTRICT_AMP_CPU noexcept(::ample::restriction::amp_cpu)

/// The markers the restriction checker reads in a function's exception specification.
namespace ample::restriction {
inline constexpr bool amp = false;
inline constexpr bool amp_cpu = false;
}  // namespace ample::restriction

/// Ample's own declarations say their restriction with these attributes instead, which also
/// sit beside noexcept: AMPLE_AMP_CPU or AMPLE_AMP_ONLY leads a function declaration (after
/// its template header), or follows class/struct to give every member function declared in
/// the class, friends defined there included, that restriction unless the member says its own
/// (AMPLE_CPU_ONLY for a host-only member, as Microsoft's headers mark them).
#define AMPLE_AMP_CPU [[clang::annotate("ample.restrict(amp,cpu)")]]
#define AMPLE_AMP_ONLY [[clang::annotate("ample.restrict(amp)")]]
#define AMPLE_CPU_ONLY [[clang::annotate("ample.restrict(cpu)")]]
#else
#define AMPLE_RESTRICT_OVERLOADING 0
#define AMPLE_IMPL_RESTRICT_ONLY_cpu ~,
#define AMPLE_IMPL_RESTRICT_ONLY_amp ~,
#define AMPLE_IMPL_RESTRICT_ONLY_direct3d ~,
#define AMPLE_IMPL_RESTRICT_AMP_CPU
#define AMPLE_AMP_CPU
#define AMPLE_AMP_ONLY
#define AMPLE_CPU_ONLY
#endif
