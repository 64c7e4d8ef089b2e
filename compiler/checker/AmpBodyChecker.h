// AmpBodyChecker: the rules of restrict(amp) for one function body (C++ AMP §2.4).
#pragma once

#include "AmpOverloads.h"

namespace clang {
class FunctionDecl;
}

namespace ample::checker {

class Report;

/// checkAmpFunction(F, report) checks the signature and the body of the amp-restricted
/// function F: what it calls, the types it uses, the statements and expressions it contains,
/// its tile_static variables and its barriers. Lambdas defined in the body are functions of
/// their own, checked on their own; calls to them are recorded like any other. A call that
/// `left` says was not rewritten is reported as the amp overload Ample could not call.
void checkAmpFunction(const clang::FunctionDecl* function, const CallsLeft& left, Report& report);

}  // namespace ample::checker
