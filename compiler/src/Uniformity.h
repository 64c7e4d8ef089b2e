// Which branches of a tile clone every work-item of a tile takes the same way.
#pragma once

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Function;
class Instruction;
class Loop;
class LoopInfo;
class PostDominatorTree;
class Use;
class Value;
} // namespace llvm

namespace ample {

/// TileUniformity is a divergence analysis of a tile clone (or of a tiled GPU kernel, whose
/// threads are a tile's work-items), the pass's own so that it is the
/// same on every LLVM major (LLVM 17 removed the DivergenceAnalysis that LLVM 14 had, and its
/// successor, UniformityInfo, takes its sources of divergence from the target, not from its
/// user). The sources of divergence are those of a work-item body: the work-item number, its
/// local coordinates, the memory of its own stack (allocas), and what calls and atomics return.
/// A load from any other memory at a uniform address is taken as uniform: two work-items that
/// read one location between two barriers see the same value unless another work-item writes
/// it in between, a data race C++ AMP leaves undefined.
///
/// Divergence spreads from an operand to its user; from a branch on a divergent condition to
/// the phis that merge its paths (those of the blocks before the paths meet again and of the
/// meeting block: more phis than merge them exactly, never fewer); and, where such a branch
/// leaves a loop, from the values made in the loop to their uses outside it (work-items left
/// after different iterations).
class TileUniformity {
public:
  /// `Item`: the work-item number, an argument of a tile clone; null for a GPU kernel, whose
  /// threads differ only in their local coordinates (the thread registers).
  TileUniformity(llvm::Function &F, const llvm::SmallPtrSetImpl<llvm::Function *> &LocalCoordinates,
                 const llvm::Value *Item);
  ~TileUniformity();

  /// isUniformBranch() is true for a conditional branch or switch whose condition is the same
  /// for every work-item and that either every work-item of the tile reaches or none: it is
  /// not inside the region of a branch on a divergent condition.
  bool isUniformBranch(const llvm::Instruction &Terminator) const;

  /// isUniformBlock() is true for a block that every work-item of the tile runs or none: it
  /// is not inside the region of a branch on a divergent condition.
  bool isUniformBlock(const llvm::BasicBlock &Block) const;

  /// isUniformValue() is true for an instruction that computes the same value for every
  /// work-item wherever it is used: not divergent, not read outside a loop that work-items leave
  /// after different iterations, and computed by every work-item or none.
  bool isUniformValue(const llvm::Instruction &I) const;

private:
  void markSources(const llvm::SmallPtrSetImpl<llvm::Function *> &LocalCoordinates, const llvm::Value *Item);
  void markDivergent(const llvm::Value &V);
  void propagate();
  void spreadFromBranch(const llvm::Instruction &Terminator);
  void markLoopExitDivergent(const llvm::Loop &L);
  bool divergentCondition(const llvm::Instruction &Terminator) const;
  bool isDivergentUse(const llvm::Use &U) const;

  llvm::Function &F;
  std::unique_ptr<llvm::DominatorTree> DT;
  std::unique_ptr<llvm::PostDominatorTree> PDT;
  std::unique_ptr<llvm::LoopInfo> LI;
  bool Irreducible = false;
  llvm::DenseSet<const llvm::Value *> Divergent;                  ///< values that differ between work-items
  llvm::SmallVector<const llvm::Value *, 32> Pending;             ///< divergent, users not yet visited
  llvm::DenseSet<const llvm::Loop *> DivergentExitLoops;          ///< left after different iterations
  llvm::DenseSet<const llvm::BasicBlock *> DivergentRegions;      ///< blocks only some work-items run
};

} // namespace ample
