// Which branches of a tile clone every work-item of a tile takes the same way.
#pragma once

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>

namespace llvm {
class BasicBlock;
class DivergenceAnalysisImpl;
class DominatorTree;
class Function;
class Instruction;
class LoopInfo;
class PostDominatorTree;
class SyncDependenceAnalysis;
} // namespace llvm

namespace ample {

/// TileUniformity runs LLVM's divergence analysis over a tile clone with the sources of
/// divergence of a work-item body: the work-item number, its local coordinates, the memory of
/// its own stack (allocas), and what calls and atomics return. A load from any other memory
/// at a uniform address is taken as uniform: two work-items that read one location between
/// two barriers see the same value unless another work-item writes it in between, a data race
/// C++ AMP leaves undefined.
class TileUniformity {
public:
  TileUniformity(llvm::Function &F, const llvm::SmallPtrSetImpl<llvm::Function *> &LocalCoordinates);
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
  void markSources(const llvm::SmallPtrSetImpl<llvm::Function *> &LocalCoordinates);
  void markDivergentRegions();
  bool divergentCondition(const llvm::Instruction &Terminator) const;

  llvm::Function &F;
  std::unique_ptr<llvm::DominatorTree> DT;
  std::unique_ptr<llvm::PostDominatorTree> PDT;
  std::unique_ptr<llvm::LoopInfo> LI;
  std::unique_ptr<llvm::SyncDependenceAnalysis> SDA;
  std::unique_ptr<llvm::DivergenceAnalysisImpl> DA;
  bool Irreducible = false;
  llvm::DenseSet<const llvm::BasicBlock *> DivergentRegions; ///< blocks only some work-items run
};

} // namespace ample
