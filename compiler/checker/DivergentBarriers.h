// C3561: a tile barrier that not every work-item of the tile reaches, seen at compile time.
#pragma once

namespace clang {
class FunctionDecl;
}

namespace ample::checker {

class Report;

/// checkDivergentBarriers(F, report) reports each barrier of F (tile_barrier::wait and its
/// fenced forms) that sits under a condition depending on the work-item's index — the
/// tiled_index's global or local coordinates, or a local variable computed from them — or
/// that follows a return under such a condition. Conditions the checker cannot see through
/// (a helper's parameter, memory) are left to the run-time check, which throws.
void checkDivergentBarriers(const clang::FunctionDecl* function, Report& report);

}  // namespace ample::checker
