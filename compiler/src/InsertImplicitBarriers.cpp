// Implicit barriers (PoCL's term) on the edges of a uniform branch whose ways lead to different
// barriers or to the return: typically the test of a loop with barriers in it.
//
// Without them such a branch stays inside a piece: each work-item evaluates it, the piece's
// work-item loop holds both ways, and the vectoriser masks all of it (the tile loop of seed
// 000's matrix multiplication). With them the branch ends its piece, the ways start pieces of
// their own, and each of those runs straight through. Every work-item of the tile takes a
// uniform branch the same way, so a barrier on its edges adds no ordering a C++ AMP program may
// observe; should the work-items disagree after all (a data race on what the condition read),
// the piece's divergence check reports it rather than run on.
#include "Barriers.h"
#include "Contract.h"
#include "Passes.h"
#include "Uniformity.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ample {
namespace {

/// The barriers a work-item can reach first from `Start`, and whether it can return first.
struct FirstStops {
  SmallPtrSet<const BasicBlock *, 4> Barriers;
  bool Returns = false;
  bool operator!=(const FirstStops &Other) const {
    return Returns != Other.Returns || Barriers.size() != Other.Barriers.size() ||
           any_of(Barriers, [&](const BasicBlock *B) { return !Other.Barriers.contains(B); });
  }
};

FirstStops firstStops(const BasicBlock *Start) {
  FirstStops Stops;
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *, 16> Work{Start};
  while (!Work.empty()) {
    const BasicBlock *Block = Work.pop_back_val();
    if (!Seen.insert(Block).second)
      continue;
    if (barrierIn(const_cast<BasicBlock &>(*Block))) {
      Stops.Barriers.insert(Block);
      continue;
    }
    if (isa<ReturnInst>(Block->getTerminator()))
      Stops.Returns = true;
    Work.append(succ_begin(Block), succ_end(Block));
  }
  return Stops;
}

/// splits() is true when the ways of `Terminator` (distinct successors, each taken by one
/// edge) lead to different first stops.
bool splits(const Instruction &Terminator) {
  SmallPtrSet<const BasicBlock *, 4> Targets;
  for (const BasicBlock *Succ : successors(&Terminator))
    if (!Targets.insert(Succ).second)
      return false;
  const FirstStops First = firstStops(Terminator.getSuccessor(0));
  for (unsigned S = 1; S < Terminator.getNumSuccessors(); ++S)
    if (firstStops(Terminator.getSuccessor(S)) != First)
      return true;
  return false;
}

/// The site an implicit barrier reports, should the work-items disagree at it.
std::pair<Constant *, unsigned> siteOf(Instruction &Terminator, Type *TextType) {
  Module &M = *Terminator.getModule();
  std::string File = "a branch the compiler took as uniform in ";
  unsigned Line = 0;
  if (const DILocation *Location = Terminator.getDebugLoc().get()) {
    File += Location->getFilename().str();
    Line = Location->getLine();
  } else {
    File += "<unknown file>";
  }
  Constant *Text = ConstantDataArray::getString(M.getContext(), File);
  auto *Global = new GlobalVariable(M, Text->getType(), true, GlobalValue::PrivateLinkage, Text, "ample.implicit.site");
  Global->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return {ConstantExpr::getPointerCast(Global, TextType), Line};
}

/// insertOnEdges() puts a canonical barrier block (the barrier's phis, call, branch to a block
/// of its own) on every edge of `Terminator`, waiting on no object (a null sync).
void insertOnEdges(Instruction &Terminator, Function &Barrier) {
  LLVMContext &Ctx = Terminator.getContext();
  Function &F = *Terminator.getFunction();
  BasicBlock *From = Terminator.getParent();
  FunctionType *Type = Barrier.getFunctionType();
  auto [File, Line] = siteOf(Terminator, Type->getParamType(BarrierFileArgument));
  for (unsigned S = 0; S < Terminator.getNumSuccessors(); ++S) {
    BasicBlock *To = Terminator.getSuccessor(S);
    BasicBlock *Wait = BasicBlock::Create(Ctx, "implicit.barrier", &F, To);
    BasicBlock *After = BasicBlock::Create(Ctx, "implicit.barrier.after", &F, To);
    IRBuilder<> B(Wait);
    SmallVector<Value *, 4> Arguments;
    for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg) {
      PHINode *Identity = B.CreatePHI(Type->getParamType(Arg), 1, "barrier.object");
      Identity->addIncoming(Constant::getNullValue(Type->getParamType(Arg)), From);
      Arguments.push_back(Identity);
    }
    Arguments.append({File, B.getInt32(Line)});
    CallInst *Call = B.CreateCall(&Barrier, Arguments);
    Call->setDebugLoc(Terminator.getDebugLoc());
    B.CreateBr(After);
    BranchInst::Create(To, After);
    To->replacePhiUsesWith(From, After);
    Terminator.setSuccessor(S, Wait);
  }
}

} // namespace

PreservedAnalyses InsertImplicitBarriers::run(Function &F, FunctionAnalysisManager &) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  Function *Barrier = F.getParent()->getFunction(BarrierFunction);
  if (!Barrier)
    return PreservedAnalyses::all();
  // A work-item waiting at an implicit barrier would hold the objects live there, and no
  // landing pad says how to clean them up should another work-item throw: a kernel with such
  // objects (barriers that are invokes with cleanups) keeps its uniform branches in its pieces.
  if (any_of(barrierCalls(F), [](CallBase *Call) { return isa<InvokeInst>(Call); }))
    return PreservedAnalyses::all();
  SmallVector<Instruction *, 4> Branches;
  {
    const SmallPtrSet<Function *, 4> LocalCoordinates = findLocalCoordinateFunctions(*F.getParent());
    const TileUniformity Uniformity(F, LocalCoordinates, F.getArg(ItemArgument));
    for (BasicBlock &Block : F) {
      Instruction *Terminator = Block.getTerminator();
      if ((isa<BranchInst>(Terminator) || isa<SwitchInst>(Terminator)) && Uniformity.isUniformBranch(*Terminator) &&
          splits(*Terminator))
        Branches.push_back(Terminator);
    }
  }
  for (Instruction *Terminator : Branches)
    insertOnEdges(*Terminator, *Barrier);
  return Branches.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace ample
