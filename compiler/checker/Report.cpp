#include "Report.h"

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/Basic/Diagnostic.h>

namespace ample::checker {

using namespace clang;

namespace {

/// The deepest chain of callers an error explains; deeper ones end with "...".
constexpr int MaxCallerNotes = 8;

/// The tile_static memory a kernel may use: Direct3D 11's 32 KB of groupshared memory per
/// thread group, which Visual C++'s kernels were compiled to. Ample's CPU engine would run
/// more, and a GPU up to 48 KiB, but a program that uses more ran on no Microsoft device.
constexpr std::uint64_t MaxTileStaticBytes = 32 * 1024;

const FunctionDecl* canonical(const FunctionDecl* function) { return function->getCanonicalDecl(); }

}  // namespace

void Report::add(const FunctionDecl* in, SourceLocation where, Rule rule, std::string first, std::string second,
                 std::string third) {
  if (!reported_.insert({where, rule}).second) return;
  violations_.push_back({in ? canonical(in) : nullptr, where, rule, std::move(first), std::move(second),
                         std::move(third), {}});
}

void Report::call(const FunctionDecl* caller, const FunctionDecl* callee, SourceLocation where) {
  callers_[canonical(callee)].push_back({canonical(caller), where});
  auto& calls = callees_[canonical(caller)];
  if (calls.empty()) callersInOrder_.push_back(canonical(caller));
  calls.push_back({canonical(callee), where});
}

void Report::kernel(const FunctionDecl* function) {
  if (kernels_.insert(canonical(function)).second) kernelsInOrder_.push_back(canonical(function));
}

void Report::tileStatic(const FunctionDecl* in, const VarDecl* variable, std::uint64_t bytes) {
  std::vector<TileStatic>& declared = tileStatics_[canonical(in)];
  for (const TileStatic& known : declared)
    if (known.variable == variable) return;
  declared.push_back({variable, bytes});
}

std::string Report::nameOf(const FunctionDecl* function) const {
  if (kernels_.count(function)) return "the kernel";
  if (const auto* method = dyn_cast<CXXMethodDecl>(function); method && method->getParent()->isLambda())
    return "a lambda";
  return "'" + function->getQualifiedNameAsString() + "'";
}

// Depth-first search over the calls between amp functions, from the kernels first: an edge to
// a function still on the search's stack closes a cycle, reported once at that call, so a
// cycle a kernel reaches is reported at the call that closes it on the kernel's way in.
void Report::findRecursion() {
  enum Mark { Active, Done };
  std::map<const FunctionDecl*, Mark> marks;
  std::vector<std::pair<const FunctionDecl*, std::size_t>> stack;
  std::vector<const FunctionDecl*> roots = kernelsInOrder_;
  roots.insert(roots.end(), callersInOrder_.begin(), callersInOrder_.end());
  for (const FunctionDecl* root : roots) {
    if (marks.count(root)) continue;
    marks[root] = Active;
    stack.push_back({root, 0});
    while (!stack.empty()) {
      auto& [function, next] = stack.back();
      const auto& edges = callees_[function];
      if (next == edges.size()) {
        marks[function] = Done;
        stack.pop_back();
        continue;
      }
      auto [callee, where] = edges[next++];
      auto mark = marks.find(callee);
      if (mark == marks.end()) {
        marks[callee] = Active;
        stack.push_back({callee, 0});
      } else if (mark->second == Active) {
        add(function, where, Rule::Recursion, callee->getQualifiedNameAsString());
      }
    }
  }
}

// A kernel's tile_static memory is every tile_static variable of the functions it reaches, each
// once: a function's variable is one object for the tile however often it is called.
void Report::findOversharingKernels() {
  for (const FunctionDecl* kernel : kernelsInOrder_) {
    std::set<const FunctionDecl*> reached{kernel};
    std::vector<const FunctionDecl*> pending{kernel};
    std::vector<TileStatic> variables;
    std::uint64_t total = 0;
    while (!pending.empty()) {
      const FunctionDecl* function = pending.back();
      pending.pop_back();
      if (auto found = tileStatics_.find(function); found != tileStatics_.end())
        for (const TileStatic& variable : found->second) {
          variables.push_back(variable);
          total += variable.bytes;
        }
      for (const auto& [callee, where] : callees_[function])
        if (reached.insert(callee).second) pending.push_back(callee);
    }
    if (total <= MaxTileStaticBytes || !reported_.insert({kernel->getLocation(), Rule::TileStaticTooLarge}).second)
      continue;
    Violation violation{kernel, kernel->getLocation(), Rule::TileStaticTooLarge, std::to_string(total),
                        std::to_string(MaxTileStaticBytes), "", {}};
    for (const TileStatic& variable : variables)
      violation.notes.push_back({variable.variable->getLocation(), "'" + variable.variable->getNameAsString() +
                                                                       "' takes " + std::to_string(variable.bytes) +
                                                                       " bytes"});
    violations_.push_back(std::move(violation));
  }
}

void Report::explainCallers(DiagnosticsEngine& diagnostics, const FunctionDecl* function) {
  unsigned calledFrom = diagnostics.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, "%0 is called from %1 here");
  unsigned more = diagnostics.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, "(and from further callers)");
  std::set<const FunctionDecl*> seen{function};
  for (int depth = 0; depth < MaxCallerNotes; ++depth) {
    auto found = callers_.find(function);
    if (found == callers_.end() || kernels_.count(function)) return;
    // The first caller not explained yet: a recursive function is explained by its way in.
    const Call* next = nullptr;
    for (const Call& call : found->second)
      if (!seen.count(call.caller)) {
        next = &call;
        break;
      }
    if (!next) return;
    diagnostics.Report(next->where, calledFrom) << nameOf(function) << nameOf(next->caller);
    seen.insert(next->caller);
    function = next->caller;
  }
  diagnostics.Report(more);
}

void Report::emit(DiagnosticsEngine& diagnostics) {
  findRecursion();
  findOversharingKernels();
  unsigned note = diagnostics.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, "%0");
  unsigned optOut = diagnostics.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, optOutNote());
  bool optOutNoted = false;
  for (const Violation& violation : violations_) {
    unsigned id = diagnostics.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Error, messageOf(violation.rule));
    {  // the error is emitted when its builder goes, before its notes
      auto error = diagnostics.Report(violation.where, id);
      if (!violation.first.empty()) error << violation.first;
      if (!violation.second.empty()) error << violation.second;
      if (!violation.third.empty()) error << violation.third;
    }
    for (const auto& [where, text] : violation.notes) diagnostics.Report(where, note) << text;
    if (violation.in) explainCallers(diagnostics, violation.in);
    // Once per translation unit: a program ported from HCC breaks these rules in every kernel.
    if (isHccHabit(violation.rule) && !optOutNoted) {
      diagnostics.Report(violation.where, optOut);
      optOutNoted = true;
    }
  }
}

}  // namespace ample::checker
