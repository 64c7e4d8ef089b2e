// Report: the violations found in a translation unit and the calls between amp functions, so
// that each error can say how a kernel reaches the function it is in.
#pragma once

#include "Rules.h"

#include <clang/Basic/SourceLocation.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class FunctionDecl;
class VarDecl;
}  // namespace clang

namespace ample::checker {

class Report {
 public:
  /// add records a violation of `rule` at `where` in the amp function `in` (null outside one).
  void add(const clang::FunctionDecl* in, clang::SourceLocation where, Rule rule, std::string first = "",
           std::string second = "", std::string third = "");

  /// call records that amp function `caller` calls amp function `callee` at `where`.
  void call(const clang::FunctionDecl* caller, const clang::FunctionDecl* callee, clang::SourceLocation where);

  /// kernel records that `function` is the call operator of a parallel_for_each kernel.
  void kernel(const clang::FunctionDecl* function);

  /// tileStatic records that amp function `in` declares the tile_static `variable` of `bytes`.
  void tileStatic(const clang::FunctionDecl* in, const clang::VarDecl* variable, std::uint64_t bytes);

  /// emit reports every violation as an error, recursion and kernels sharing too much
  /// tile_static memory included, each followed by notes for the calls that lead to it from a
  /// kernel (or, for the memory, the variables that take it).
  void emit(clang::DiagnosticsEngine& diagnostics);

 private:
  struct Violation {
    const clang::FunctionDecl* in;
    clang::SourceLocation where;
    Rule rule;
    std::string first, second, third;
    std::vector<std::pair<clang::SourceLocation, std::string>> notes;
  };
  struct TileStatic {
    const clang::VarDecl* variable;
    std::uint64_t bytes;
  };
  struct Call {
    const clang::FunctionDecl* caller;
    clang::SourceLocation where;
  };

  void findRecursion();
  void findOversharingKernels();
  void explainCallers(clang::DiagnosticsEngine& diagnostics, const clang::FunctionDecl* function);
  std::string nameOf(const clang::FunctionDecl* function) const;

  std::vector<Violation> violations_;
  std::set<std::pair<clang::SourceLocation, Rule>> reported_;
  std::map<const clang::FunctionDecl*, std::vector<Call>> callers_;
  std::map<const clang::FunctionDecl*, std::vector<std::pair<const clang::FunctionDecl*, clang::SourceLocation>>>
      callees_;
  std::set<const clang::FunctionDecl*> kernels_;
  std::map<const clang::FunctionDecl*, std::vector<TileStatic>> tileStatics_;
  /// The kernels, and the callers, each in the order first recorded: where findRecursion()
  /// starts its searches. An order of addresses would name a different function of a cycle
  /// from one build or run to the next.
  std::vector<const clang::FunctionDecl*> kernelsInOrder_, callersInOrder_;
};

}  // namespace ample::checker
