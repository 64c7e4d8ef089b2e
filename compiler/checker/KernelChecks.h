// The rules for what a parallel_for_each kernel is and captures (C++ AMP §3.2.1).
#pragma once

namespace clang {
class CallExpr;
}

namespace ample::checker {

class Report;

/// checkKernelLaunch(call, report) checks a call of Ample's Concurrency::parallel_for_each: its
/// kernel's call operator must be restrict(amp), and a kernel lambda captures by value only
/// (concurrency::array and textures by reference only), no pointers and no `this`, and only
/// types amp code may use. It records the kernel's call operator for the call-chain notes.
/// Calls of other functions are ignored, PPL's parallel_for_each(first, last, f) included.
void checkKernelLaunch(const clang::CallExpr* call, Report& report);

}  // namespace ample::checker
