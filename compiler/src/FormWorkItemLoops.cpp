// Continuation-based synchronisation (Karrenberg & Hack, CC 2012) for one tile clone:
//
//   entry:   context arrays, one slot per work-item for every value that lives across a barrier,
//            and one slot for the tile for each such value that is uniform (the same for every
//            work-item); what can be computed again from the local coordinates, the arguments
//            and the kernel object is recomputed after the barrier instead of kept
//   piece k: for each work-item (nested loops over the tile's dimensions, last one innermost):
//              run the blocks between barrier k (or the entry) and the next barrier or return,
//              and record which barrier (or return) the work-item reached
//            if the work-items disagree: ample_tile_diverged() throws, naming the sites
//            else continue with the piece after that barrier, or return
//            (where every branch that can end the piece is tile-uniform, the work-items
//            cannot disagree: the last one's exit is the tile's, and nothing is compared)
//
// A block reachable from several barriers is copied into each piece it belongs to.
//
// A barrier that is an invoke (CanonicalizeBarriers) has a cleanup for the objects live across
// it. When a work-item throws, or the tile's checks do, the exception goes to one unwind loop
// for the tile: it runs the cleanup of the barrier each other work-item waits at (the exit it
// recorded in this piece, or the barrier that began the piece for those that have not run it
// yet) with that work-item's context slots, as fibers unwind the waiting work-items, and then
// passes the exception on.
#include "Barriers.h"
#include "Contract.h"
#include "LLVMCompat.h"
#include "Passes.h"
#include "Uniformity.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace ample {
namespace {

/// Context arrays live in the frame of the thread that runs the tile; beyond this the kernel
/// stays on fibers rather than risk the thread's stack.
constexpr uint64_t MaxContextBytes = 512 * 1024;
/// Context arrays start on a cache line, so vector accesses to them never split one.
constexpr uint64_t ContextAlignment = 64;

/// WorkItemLoops holds the work-item loop nest of one piece.
struct WorkItemLoops {
  SmallVector<PHINode *, 3> Counters; ///< one per tile dimension, outermost first
  BasicBlock *Body;                   ///< one work-item's entry; `Item` is its number
  BasicBlock *Next;                   ///< where a work-item's run ends
  BasicBlock *Done;                   ///< after the last work-item
  Value *Item;
};

/// Piece is what runs between two barriers: the blocks reachable from Start without passing
/// a barrier. Start is the entry or the successor of a barrier (possibly itself a barrier).
struct Piece {
  BasicBlock *Start;
  SetVector<BasicBlock *> Blocks;
};

class TileBuilder {
public:
  TileBuilder(Function &F, const TileShape &Shape, const SmallPtrSetImpl<Function *> &LocalCoordinates)
      : F(F), Ctx(F.getContext()), Shape(Shape), LocalCoordinates(LocalCoordinates),
        CurrentTile(findCurrentTile(*F.getParent())) {}

  /// build() rewrites the clone; a non-empty result is why it could not.
  std::string build();

private:
  void findBarriers();
  std::string checkCleanups() const;
  BasicBlock *unwindTo(unsigned Id, Value *Failed, const Twine &Name);
  void invokeInstead(CallInst *Call, BasicBlock *Pad);
  CallBase *callMayUnwind(IRBuilder<> &B, FunctionCallee Callee, ArrayRef<Value *> Arguments, BasicBlock *Pad);
  std::string buildUnwindLoopBody();
  BasicBlock *cloneCleanup(unsigned Barrier, Value *Item, BasicBlock *Next, std::string &Problem);
  bool liveAcrossBarrier(Instruction &I) const;
  bool recomputable(Value *V, unsigned Depth = 0);
  bool invariantAddress(Value *Address) const;
  bool useAcrossBarrier(Instruction &Def, Use &U) const;
  bool barrierFreeBetween(BasicBlock *Top, BasicBlock *Bottom) const;
  BasicBlock *pieceTop(BasicBlock *At, const DominatorTree &Dominators) const;
  void recomputeAcrossBarriers();
  Value *copyComputation(Value *V, Instruction *Before, DenseMap<Value *, Value *> &Copies);
  bool uniformOperandsReach(Value *V, Instruction *Before, const DominatorTree &Dominators,
                            SmallPtrSetImpl<Value *> &Seen) const;
  void demoteLiveAcrossBarriers();
  bool demoteOnce();
  void noteSlot(bool Uniform, AllocaInst *Slot);
  void promoteUniformSlots(unsigned Id, const WorkItemLoops &Loops, ValueToValueMapTy &Map);
  std::string makeContextArrays();
  void formPieces();
  WorkItemLoops buildLoops(BasicBlock *Preheader, unsigned Id);
  std::string clonePiece(unsigned Id, const WorkItemLoops &Loops);
  std::string copyBlocks(ArrayRef<BasicBlock *> Blocks, ArrayRef<Value *> Coordinates, BasicBlock *Before,
                         const Twine &Suffix, ValueToValueMapTy &Map, SmallVectorImpl<Instruction *> &Cloned,
                         SmallPtrSetImpl<BasicBlock *> &Copies);
  Value *fromOldBlocks(const SmallPtrSetImpl<BasicBlock *> &Copies) const;
  bool exitIsUniform(const Piece &P) const;
  void dispatchAfter(unsigned Id, const WorkItemLoops &Loops);
  void checkObjects(IRBuilder<> &B);
  unsigned CheckingPiece = 0; ///< the piece whose barriers checkObjects() checks
  bool checksObject(unsigned Exit) const;
  BasicBlock *exitBlock(unsigned Exit, BasicBlock *ItemEnd, PHINode *ExitPhi);
  void leaveFor(unsigned Exit, Instruction *Terminator, unsigned Successor, BasicBlock *Original,
                BasicBlock *ItemEnd, PHINode *ExitPhi, ValueToValueMapTy &Map);
  Constant *siteTables(Constant *&Lines);

  Function &F;
  LLVMContext &Ctx;
  TileShape Shape;
  const SmallPtrSetImpl<Function *> &LocalCoordinates;
  GlobalVariable *CurrentTile; ///< the library's record of the running tile, or null

  DenseMap<Value *, bool> Recomputable;       ///< memo of recomputable()
  /// uniform values that recomputed values use as they are (recomputable() explains)
  SmallPtrSet<Value *, 16> UniformOperands;
  SmallPtrSet<Value *, 32> UniformValues;      ///< the same for every work-item (TileUniformity)
  /// stack slots of demoted uniform values; in the order found, as ContextArrays: code is made
  /// for each in this order, which must not be the addresses' (the same source, the same object)
  SmallSetVector<AllocaInst *, 8> UniformSlots;
  /// blocks whose way out every work-item takes alike: all run the block or none, and its
  /// terminator is unconditional, returns or branches on a uniform condition
  SmallPtrSet<BasicBlock *, 32> SameWayOut;
  DenseMap<BasicBlock *, unsigned> BarrierIds; ///< barrier block -> 1, 2, ...
  SmallVector<CallBase *, 8> Barriers;         ///< barrier k is Barriers[k - 1]
  /// per barrier: the landing pad of its cleanup (an invoke's unwind destination), or null
  SmallVector<BasicBlock *, 8> CleanupPads;
  bool HasCleanups = false;
  /// the unwind loop's entry, with phis for the exception, the work-item that threw (the
  /// tile's item count when none did) and the piece it happened in
  BasicBlock *Abort = nullptr;
  PHINode *AbortException = nullptr, *AbortFailed = nullptr, *AbortPiece = nullptr;
  SmallVector<Piece, 8> Pieces;                ///< piece k starts after barrier k; 0 at entry
  SmallVector<BasicBlock *, 8> Preheaders;     ///< where piece k begins in the new body
  MapVector<AllocaInst *, AllocaInst *> ContextArrays;
  AllocaInst *Exits = nullptr;   ///< per work-item: 0 returned, k reached barrier k
  /// per barrier: the sync and the serial of the barrier the last work-item waited on
  AllocaInst *Objects[BarrierIdentityArguments] = {};
  BasicBlock *Return = nullptr;
  MDNode *AccessGroup = nullptr;
  BasicBlock *OldEntry = nullptr;
  BasicBlock *NewEntry = nullptr;
  SmallPtrSet<BasicBlock *, 32> OldBlocks;
  DenseMap<unsigned, BasicBlock *> ExitBlocks; ///< of the piece being built, by exit
  DenseMap<Value *, AllocaInst *> PieceSlotOf;  ///< of the piece being built: its copy -> uniform slot
  StoreInst *ExitStore = nullptr;              ///< of the piece being built: its exit, per work-item
  Constant *SiteFiles = nullptr;               ///< made by siteTables() when first needed
  Constant *SiteLines = nullptr;
};

void TileBuilder::findBarriers() {
  for (BasicBlock &Block : F)
    if (CallBase *Barrier = barrierIn(Block)) {
      Barriers.push_back(Barrier);
      BarrierIds[&Block] = Barriers.size();
      auto *Invoke = dyn_cast<InvokeInst>(Barrier);
      CleanupPads.push_back(Invoke ? Invoke->getUnwindDest() : nullptr);
      HasCleanups |= Invoke != nullptr;
    }
}

/// cleanupBlocks() is the blocks of the cleanup that begins at `Pad`.
SetVector<BasicBlock *> cleanupBlocks(BasicBlock *Pad) {
  SetVector<BasicBlock *> Blocks;
  SmallVector<BasicBlock *, 8> Work{Pad};
  while (!Work.empty()) {
    BasicBlock *Block = Work.pop_back_val();
    if (Blocks.insert(Block))
      Work.append(succ_begin(Block), succ_end(Block));
  }
  return Blocks;
}

// A cleanup runs for waiting work-items with their own context slots. A uniform slot is one
// for the tile: a cleanup may read it only if nothing after a barrier writes it (then it holds
// what it held when every waiting work-item got to its barrier), else the piece that threw
// may have changed it since.
std::string TileBuilder::checkCleanups() const {
  SmallPtrSet<const BasicBlock *, 32> AfterBarrier;
  SmallVector<const BasicBlock *, 16> Work;
  for (CallBase *Barrier : Barriers)
    Work.append(succ_begin(Barrier->getParent()), succ_end(Barrier->getParent()));
  while (!Work.empty()) {
    const BasicBlock *Block = Work.pop_back_val();
    if (AfterBarrier.insert(Block).second)
      Work.append(succ_begin(Block), succ_end(Block));
  }
  for (BasicBlock *Pad : CleanupPads)
    if (Pad)
      for (BasicBlock *Block : cleanupBlocks(Pad))
        for (Instruction &I : *Block)
          if (auto *Load = dyn_cast<LoadInst>(&I))
            if (auto *Slot = dyn_cast<AllocaInst>(Load->getPointerOperand()); Slot && UniformSlots.contains(Slot))
              for (User *U : Slot->users())
                if (isa<StoreInst>(U) && AfterBarrier.contains(cast<StoreInst>(U)->getParent()))
                  return "the cleanup of an object live across a barrier uses a tile-wide value that changes "
                         "between barriers";
  return {};
}

// A use of I lies across a barrier when its block can be reached from a barrier block without
// passing I's definition: walk backwards from the use until the definition or a barrier.
bool TileBuilder::useAcrossBarrier(Instruction &I, Use &U) const {
  auto *User = cast<Instruction>(U.getUser());
  if (isBarrier(*User))
    return false; // its operands only name the site; the call goes away
  BasicBlock *From = isa<PHINode>(User) ? cast<PHINode>(User)->getIncomingBlock(U) : User->getParent();
  return !barrierFreeBetween(I.getParent(), From);
}

bool TileBuilder::liveAcrossBarrier(Instruction &I) const {
  return any_of(I.uses(), [&](Use &U) { return useAcrossBarrier(I, U); });
}

/// Beyond this many operations a value is kept in a context array rather than recomputed.
constexpr unsigned MaxRecomputeDepth = 12;

// A value computed from the work-item's local coordinates, the arguments and memory that does
// not change while the tile runs is recomputed in each piece that uses it instead of being
// kept per work-item: the vectoriser then sees a local coordinate as the loop counter it is
// (consecutive work-items, contiguous accesses) rather than a load from a context array
// (a gather).
//
// A uniform value that cannot be recomputed (the counter of the kernel's own loop around
// barriers, a load from tile_static memory) may be an operand of such a computation as it is:
// it then keeps one slot for the tile, and a per-work-item value made of it and the local
// coordinates, such as the condition of `if (local < k)` before a barrier and again after it,
// is recomputed rather than kept in a context array. Its copy computes what the original did:
// the operand is the same SSA value, which dominates both. The later piece's loop then tests
// the counter against a uniform limit again, which TrimInactiveWorkItems turns into a shorter
// loop without the condition.
bool TileBuilder::recomputable(Value *V, unsigned Depth) {
  if (isa<Constant>(V) || isa<Argument>(V))
    return true;
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > MaxRecomputeDepth)
    return false;
  if (auto It = Recomputable.find(V); It != Recomputable.end())
    return It->second;
  bool Result = false;
  if (isa<AllocaInst>(I))
    Result = true; // the work-item's slot of its context array, or a uniform slot
  else if (auto *Call = dyn_cast<CallInst>(I))
    Result = LocalCoordinates.contains(Call->getCalledFunction()) && isa<ConstantInt>(Call->getArgOperand(1));
  else if (auto *Load = dyn_cast<LoadInst>(I))
    Result = Load->isSimple() && invariantAddress(Load->getPointerOperand()) &&
             recomputable(Load->getPointerOperand(), Depth + 1);
  else if (isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<GetElementPtrInst>(I) || isa<CmpInst>(I) ||
           isa<SelectInst>(I) || isa<ExtractValueInst>(I) || isa<InsertValueInst>(I) || isa<FreezeInst>(I))
    Result = all_of(I->operands(), [&](Value *Operand) { return recomputable(Operand, Depth + 1); });
  if (!Result && UniformValues.contains(I)) {
    UniformOperands.insert(I);
    Result = true;
  }
  Recomputable[V] = Result;
  return Result;
}

// What the library guarantees stays the same while a tile runs (compiled_tile.hpp): the tile
// index (argument 1), the launch context (argument 0) and the kernel object it points to.
bool TileBuilder::invariantAddress(Value *Address) const {
  Value *Base = Address->stripInBoundsConstantOffsets();
  if (Base == F.getArg(0) || Base == F.getArg(1))
    return true;
  auto *Load = dyn_cast<LoadInst>(Base);
  return Load && Load->isSimple() && Load->getPointerOperand()->stripInBoundsConstantOffsets() == F.getArg(0);
}

// barrierFreeBetween() is true when no way from `Top` to `Bottom` passes a barrier: walking
// backwards from Bottom, every block up to Top is an ordinary one.
bool TileBuilder::barrierFreeBetween(BasicBlock *Top, BasicBlock *Bottom) const {
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 16> Work{Bottom};
  while (!Work.empty()) {
    BasicBlock *Block = Work.pop_back_val();
    if (Block == Top || !Seen.insert(Block).second)
      continue;
    if (BarrierIds.count(Block))
      return false;
    for (BasicBlock *Pred : predecessors(Block))
      Work.push_back(Pred);
  }
  return true;
}

// pieceTop() is the highest block that dominates `At` with no barrier in between: the start of
// At's piece, or the highest place in it that every way to At passes.
BasicBlock *TileBuilder::pieceTop(BasicBlock *At, const DominatorTree &Dominators) const {
  BasicBlock *Top = At;
  if (BarrierIds.count(At))
    return At;
  for (DomTreeNode *Node = Dominators.getNode(At)->getIDom(); Node; Node = Node->getIDom()) {
    BasicBlock *Up = Node->getBlock();
    if (Up == &F.getEntryBlock() || BarrierIds.count(Up) || !barrierFreeBetween(Up, At))
      break;
    Top = Up;
  }
  return Top;
}

// Each use of a recomputable value that a barrier separates from its definition gets a copy
// of the value's computation, at the top of the use's piece (shared by the piece's uses), so
// that nothing recomputable lives across a barrier. At the top, not beside the use: a use in
// a loop of the kernel's own would otherwise load the tile's coordinates again in every
// iteration, which the optimiser cannot hoist where the loop stores (the engine stores the next
// tile's coordinates to the same memory), and the work-item's values would change in the loop
// as far as the later passes can tell.
void TileBuilder::recomputeAcrossBarriers() {
  SmallVector<std::pair<Instruction *, Use *>, 32> Uses;
  for (Instruction &I : instructions(F)) {
    if (isa<AllocaInst>(I) || I.getType()->isVoidTy() || BarrierIds.count(I.getParent()) || !recomputable(&I) ||
        UniformOperands.contains(&I))
      continue;
    for (Use &U : I.uses())
      if (useAcrossBarrier(I, U))
        Uses.push_back({&I, &U});
  }
  const DominatorTree Dominators(F);
  // Per top: the copies made there, and the instruction they all go before (in the order they
  // are made, so that a later copy may use an earlier one).
  DenseMap<BasicBlock *, std::pair<Instruction *, DenseMap<Value *, Value *>>> CopiesAtTop;
  for (auto &[Def, U] : Uses) {
    auto *User = cast<Instruction>(U->getUser());
    BasicBlock *At = isa<PHINode>(User) ? cast<PHINode>(User)->getIncomingBlock(*U) : User->getParent();
    BasicBlock *Top = pieceTop(At, Dominators);
    // A value whose uniform operands are not all defined there stays as it is (and is kept in
    // a context array).
    SmallPtrSet<Value *, 16> Seen;
    if (Top != At) {
      auto &[Anchor, Copies] = CopiesAtTop[Top];
      if (!Anchor)
        Anchor = &*Top->getFirstInsertionPt();
      if (uniformOperandsReach(Def, Anchor, Dominators, Seen))
        U->set(copyComputation(Def, Anchor, Copies));
      continue;
    }
    Instruction *Before = isa<PHINode>(User) ? At->getTerminator() : User;
    DenseMap<Value *, Value *> Copies;
    if (uniformOperandsReach(Def, Before, Dominators, Seen))
      U->set(copyComputation(Def, Before, Copies));
  }
  // Demotion deletes phis: no stale answers for new instructions.
  Recomputable.clear();
  UniformOperands.clear();
}

// uniformOperandsReach() is true when every uniform operand that V's copy would use as it is
// (recomputable() explains) is defined where the copy goes, before `Before`: a later piece
// that a barrier inside a loop of the kernel starts may come before the operand's definition.
bool TileBuilder::uniformOperandsReach(Value *V, Instruction *Before, const DominatorTree &Dominators,
                                       SmallPtrSetImpl<Value *> &Seen) const {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<AllocaInst>(I) || !Seen.insert(I).second)
    return true;
  if (UniformOperands.contains(I))
    return Dominators.dominates(I, Before);
  return all_of(I->operands(), [&](Value *Operand) { return uniformOperandsReach(Operand, Before, Dominators, Seen); });
}

// copyComputation() is V computed again before `Before`; `Copies` shares what two operands
// have in common.
Value *TileBuilder::copyComputation(Value *V, Instruction *Before, DenseMap<Value *, Value *> &Copies) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<AllocaInst>(I) || UniformOperands.contains(I))
    return V;
  if (Value *Done = Copies.lookup(V))
    return Done;
  Instruction *Copy = I->clone();
  Copy->setName(I->getName() + ".again");
  for (Use &Operand : Copy->operands())
    Operand.set(copyComputation(Operand.get(), Before, Copies));
  // The kernel object stays the same while the launch runs. The tile index only while the
  // tile runs: the engine's tile loop, into which a small compiled tile is inlined, stores the
  // next one, so its loads are not marked (invariant.load would let them leave that loop).
  auto *Load = dyn_cast<LoadInst>(Copy);
  if (Load && Load->getPointerOperand()->stripInBoundsConstantOffsets() != F.getArg(1))
    Copy->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(Ctx, {}));
  Copy->insertBefore(Before);
  Copies[V] = Copy;
  return Copy;
}

// A demoted phi leaves a reload where it stood, which may live across a barrier in turn: repeat
// until nothing does. Demoting a value puts a load before each use, so this ends.
void TileBuilder::demoteLiveAcrossBarriers() {
  while (demoteOnce()) {
  }
}

bool TileBuilder::demoteOnce() {
  SmallVector<Instruction *, 32> Values;
  SmallVector<PHINode *, 16> Phis;
  for (Instruction &I : instructions(F)) {
    // A barrier block's phis of the barrier's values are read by the exits of the pieces.
    if (isa<AllocaInst>(I) || I.getType()->isVoidTy() || BarrierIds.count(I.getParent()))
      continue;
    auto *Phi = dyn_cast<PHINode>(&I);
    // A phi after a barrier has an incoming edge from the barrier block, which the pieces do
    // not keep: it becomes a store on each edge and a load.
    const bool AfterBarrier = Phi && any_of(predecessors(I.getParent()),
                                            [&](BasicBlock *Pred) { return BarrierIds.count(Pred) != 0; });
    if (AfterBarrier || liveAcrossBarrier(I)) {
      if (Phi)
        Phis.push_back(Phi);
      else
        Values.push_back(&I);
    }
  }
  for (Instruction *I : Values) {
    const bool Uniform = UniformValues.erase(I);
    noteSlot(Uniform, compat::demoteToStack(*I, *F.getEntryBlock().begin()));
  }
  for (PHINode *Phi : Phis) {
    const bool Uniform = UniformValues.erase(Phi); // the phi is deleted
    noteSlot(Uniform, compat::demoteToStack(*Phi, *F.getEntryBlock().begin()));
  }
  return !Values.empty() || !Phis.empty();
}

// A uniform value keeps one slot for the tile instead of one per work-item; its reloads are
// uniform too.
void TileBuilder::noteSlot(bool Uniform, AllocaInst *Slot) {
  if (!Slot || !Uniform)
    return;
  UniformSlots.insert(Slot);
  for (User *U : Slot->users())
    if (isa<LoadInst>(U))
      UniformValues.insert(U);
}

std::string TileBuilder::makeContextArrays() {
  const DataLayout &Layout = F.getParent()->getDataLayout();
  SmallVector<AllocaInst *, 16> Allocas;
  for (Instruction &I : *OldEntry)
    if (auto *Alloca = dyn_cast<AllocaInst>(&I))
      Allocas.push_back(Alloca);
  IRBuilder<> B(NewEntry);
  uint64_t Total = 0;
  for (AllocaInst *Alloca : Allocas) {
    if (UniformSlots.contains(Alloca)) {
      Alloca->moveBefore(*NewEntry, NewEntry->end());
      continue;
    }
    const uint64_t Align = std::max<uint64_t>(Alloca->getAlign().value(), 1);
    const uint64_t Bytes = alignTo(*Alloca->getAllocationSizeInBits(Layout) / 8, Align);
    Total += Bytes * Shape.items();
    if (Total > MaxContextBytes)
      return ("values kept across barriers need more than " + Twine(MaxContextBytes / 1024) +
              " KiB per tile")
          .str();
    Type *Slot = ArrayType::get(B.getInt8Ty(), Bytes);
    AllocaInst *Array = B.CreateAlloca(ArrayType::get(Slot, Shape.items()), nullptr, Alloca->getName() + ".items");
    Array->setAlignment(llvm::Align(std::max(Align, ContextAlignment)));
    ContextArrays[Alloca] = Array;
  }
  Exits = B.CreateAlloca(ArrayType::get(B.getInt32Ty(), Shape.items()), nullptr, "exits");
  Exits->setAlignment(llvm::Align(ContextAlignment));
  if (!Barriers.empty()) {
    for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg) {
      auto *ObjectsType = ArrayType::get(Barriers.front()->getArgOperand(Arg)->getType(), Barriers.size());
      Objects[Arg] = B.CreateAlloca(ObjectsType, nullptr, "barrier.objects");
      B.CreateStore(Constant::getNullValue(ObjectsType), Objects[Arg]);
    }
  }
  return {};
}

void TileBuilder::formPieces() {
  SmallVector<BasicBlock *, 8> Starts{OldEntry};
  for (CallBase *Barrier : Barriers)
    Starts.push_back(continuationOf(*Barrier));
  for (BasicBlock *Start : Starts) {
    Piece P{Start, {}};
    SmallVector<BasicBlock *, 16> Work{Start};
    while (!Work.empty()) {
      BasicBlock *Block = Work.pop_back_val();
      if (BarrierIds.count(Block) || !P.Blocks.insert(Block))
        continue;
      for (BasicBlock *Succ : successors(Block))
        Work.push_back(Succ);
    }
    Pieces.push_back(std::move(P));
  }
}

WorkItemLoops TileBuilder::buildLoops(BasicBlock *Preheader, unsigned Id) {
  const Twine Name = "piece" + Twine(Id);
  WorkItemLoops Loops;
  Type *I32 = Type::getInt32Ty(Ctx);
  Loops.Done = BasicBlock::Create(Ctx, Name + ".done", &F);
  BasicBlock *Enter = Preheader;
  BasicBlock *OuterNext = Loops.Done;
  SmallVector<BasicBlock *, 3> Headers;
  for (int D = 0; D < Shape.Rank; ++D) {
    BasicBlock *Header = BasicBlock::Create(Ctx, Name + ".dim" + Twine(D), &F);
    BasicBlock *Next = BasicBlock::Create(Ctx, Name + ".dim" + Twine(D) + ".next", &F);
    BranchInst::Create(Header, Enter);
    PHINode *Counter = PHINode::Create(I32, 2, "local" + Twine(D), Header);
    Counter->addIncoming(ConstantInt::get(I32, 0), Enter);
    IRBuilder<> B(Next);
    Value *Step = B.CreateAdd(Counter, ConstantInt::get(I32, 1), "", true, true);
    Counter->addIncoming(Step, Next);
    BranchInst *Latch = B.CreateCondBr(B.CreateICmpULT(Step, ConstantInt::get(I32, Shape.Dims[D])), Header, OuterNext);
    if (D == Shape.Rank - 1) {
      // The innermost loop runs the work-items of one row: independent until the next
      // barrier, so the vectoriser may run them in lanes.
      // (Not llvm.loop.vectorize.enable: where vectorising fails, that warns in the user's
      // build; the cost model decides.)
      Metadata *Parallel[] = {MDString::get(Ctx, "llvm.loop.parallel_accesses"), AccessGroup};
      SmallVector<Metadata *, 5> Properties = {nullptr, MDNode::get(Ctx, Parallel),
                                               MDNode::get(Ctx, MDString::get(Ctx, WorkItemLoopMarker)),
                                               MDNode::get(Ctx, MDString::get(Ctx, "llvm.loop.mustprogress"))};
      // Two vector iterations in flight. A work-item's accumulations are chains of dependent
      // multiply-adds (a k loop unrolled in the piece); with rows of 16 work-items and 8
      // lanes, the cost model chose one iteration at a time, and the chains ran at the
      // latency of an FMA, not its throughput: a BLAS-style SGEMM with 2 x 2 accumulators
      // per work-item took 35 ms where two in flight took 24-28 ms, the seed's tiled matmul
      // 36 ms against 33 (Zen 3, Clang 19). Only rows of a multiple of 16 work-items: a
      // shorter row would leave the vector loop nothing to run.
      if (Shape.Dims[D] % InterleavedWorkItemMultiple == 0)
        Properties.push_back(MDNode::get(
            Ctx, {MDString::get(Ctx, "llvm.loop.interleave.count"), ConstantAsMetadata::get(ConstantInt::get(I32, 2))}));
      MDNode *Loop = MDNode::getDistinct(Ctx, Properties);
      Loop->replaceOperandWith(0, Loop);
      Latch->setMetadata(LLVMContext::MD_loop, Loop);
    }
    Loops.Counters.push_back(Counter);
    Headers.push_back(Header);
    Enter = Header;
    OuterNext = Next;
  }
  Loops.Body = BasicBlock::Create(Ctx, Name + ".item", &F);
  BranchInst::Create(Loops.Body, Enter);
  Loops.Next = OuterNext;
  IRBuilder<> B(Loops.Body);
  Value *Item = Loops.Counters[0];
  for (int D = 1; D < Shape.Rank; ++D)
    Item = B.CreateAdd(B.CreateMul(Item, ConstantInt::get(I32, Shape.Dims[D]), "", true, true), Loops.Counters[D],
                       "", true, true);
  Loops.Item = Item;
  return Loops;
}

BasicBlock *TileBuilder::exitBlock(unsigned Exit, BasicBlock *ItemEnd, PHINode *ExitPhi) {
  BasicBlock *&Block = ExitBlocks[Exit];
  if (!Block) {
    Block = BasicBlock::Create(Ctx, Exit == 0 ? Twine("to.return") : "to.barrier" + Twine(Exit), &F, ItemEnd);
    IRBuilder<> B(Block);
    if (checksObject(Exit)) {
      // Remember the barrier for checkObjects() (one store of each value, the same slot for
      // every work-item: any work-item's barrier will do). The phis lead the block.
      PHINode *Object[BarrierIdentityArguments];
      for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg)
        Object[Arg] = B.CreatePHI(Barriers[Exit - 1]->getArgOperand(Arg)->getType(), 2, "object");
      for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg)
        B.CreateStore(Object[Arg],
                      B.CreateConstInBoundsGEP2_32(Objects[Arg]->getAllocatedType(), Objects[Arg], 0, Exit - 1));
    }
    B.CreateBr(ItemEnd);
    ExitPhi->addIncoming(ConstantInt::get(Type::getInt32Ty(Ctx), Exit), Block);
  }
  return Block;
}

void TileBuilder::leaveFor(unsigned Exit, Instruction *Terminator, unsigned Successor, BasicBlock *Original,
                           BasicBlock *ItemEnd, PHINode *ExitPhi, ValueToValueMapTy &Map) {
  BasicBlock *Target = exitBlock(Exit, ItemEnd, ExitPhi);
  if (checksObject(Exit)) {
    // The barrier this work-item waits on: the barrier block's phis, for the edge it came by.
    Value *Identity[BarrierIdentityArguments];
    bool Known = true;
    for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg) {
      Identity[Arg] = cast<PHINode>(Barriers[Exit - 1]->getArgOperand(Arg))->getIncomingValueForBlock(Original);
      if (Value *Copy = Map.lookup(Identity[Arg]))
        Identity[Arg] = Copy;
      else if (isa<Instruction>(Identity[Arg]))
        Known = false; // from before the piece: not checked
    }
    auto Phi = Target->begin();
    for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg, ++Phi) {
      Value *Incoming = Known ? Identity[Arg] : Constant::getNullValue(Identity[Arg]->getType());
      cast<PHINode>(&*Phi)->addIncoming(Incoming, Terminator->getParent());
    }
  }
  Terminator->setSuccessor(Successor, Target);
}

// A uniform slot is one for the whole tile, while the work-items of a piece run one after the
// other: the first to store to it would change what the next ones load. So in each piece the
// work-items see a copy of their own, loaded from the slot before the loops and set at each
// work-item's start (SROA makes it a register); their stores go to the copy and to the slot,
// the same value from every work-item, for the pieces after.
void TileBuilder::promoteUniformSlots(unsigned Id, const WorkItemLoops &Loops, ValueToValueMapTy &Map) {
  PieceSlotOf.clear();
  IRBuilder<> Entry(NewEntry, NewEntry->begin());
  IRBuilder<> Before(Preheaders[Id]->getTerminator());
  for (AllocaInst *Slot : UniformSlots) {
    AllocaInst *Copy = Entry.CreateAlloca(Slot->getAllocatedType(), nullptr, Slot->getName() + ".piece" + Twine(Id));
    Copy->setAlignment(Slot->getAlign());
    Value *Initial = Before.CreateAlignedLoad(Slot->getAllocatedType(), Slot, Slot->getAlign());
    IRBuilder<> AtStart(Loops.Body); // the work-item's start: its terminator comes later
    AtStart.CreateAlignedStore(Initial, Copy, Slot->getAlign());
    Map[Slot] = Copy;
    PieceSlotOf[Copy] = Slot;
  }
}

bool isDroppedIntrinsic(const Instruction &I) {
  // Lifetime markers would name a slot of a context array as a whole object; debug intrinsics
  // would describe the deleted allocas.
  return isa<DbgInfoIntrinsic>(I) || I.isLifetimeStartOrEnd();
}

std::string TileBuilder::clonePiece(unsigned Id, const WorkItemLoops &Loops) {
  const Piece &P = Pieces[Id];
  ExitBlocks.clear();
  Type *I32 = Type::getInt32Ty(Ctx);
  BasicBlock *ItemEnd = BasicBlock::Create(Ctx, "piece" + Twine(Id) + ".item.end", &F, Loops.Next);
  PHINode *ExitPhi = PHINode::Create(I32, 2, "exit", ItemEnd);
  {
    IRBuilder<> B(ItemEnd);
    ExitStore = B.CreateStore(ExitPhi, B.CreateInBoundsGEP(Exits->getAllocatedType(), Exits, {B.getInt32(0), Loops.Item}));
    B.CreateBr(Loops.Next);
  }

  IRBuilder<> B(Loops.Body);
  ValueToValueMapTy Map;
  Map[F.getArg(ItemArgument)] = Loops.Item;
  for (auto &[Alloca, Array] : ContextArrays) {
    Value *Slot = B.CreateInBoundsGEP(Array->getAllocatedType(), Array, {B.getInt32(0), Loops.Item});
    Map[Alloca] = B.CreateBitCast(Slot, Alloca->getType(), Alloca->getName());
  }
  promoteUniformSlots(Id, Loops, Map);
  if (auto It = BarrierIds.find(P.Start); It != BarrierIds.end()) {
    // Two barriers in a row: nothing runs in between, and the second one is not checked.
    BasicBlock *Target = exitBlock(It->second, ItemEnd, ExitPhi);
    if (checksObject(It->second))
      for (PHINode &Object : Target->phis())
        Object.addIncoming(Constant::getNullValue(Object.getType()), Loops.Body);
    B.CreateBr(Target);
    return {};
  }

  SmallVector<Instruction *, 64> Cloned;
  SmallPtrSet<BasicBlock *, 16> Copies;
  DenseMap<BasicBlock *, BasicBlock *> OriginalOf;
  const SmallVector<Value *, 3> Coordinates(Loops.Counters.begin(), Loops.Counters.end());
  if (std::string Reason = copyBlocks(P.Blocks.getArrayRef(), Coordinates, ItemEnd, "", Map, Cloned, Copies);
      !Reason.empty())
    return Reason;
  for (BasicBlock *Block : P.Blocks)
    OriginalOf[cast<BasicBlock>(Map[Block])] = Block;
  B.CreateBr(cast<BasicBlock>(Map[P.Start]));

  for (Instruction *I : Cloned) {
    RemapInstruction(I, Map, RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
    if (auto *Store = dyn_cast<StoreInst>(I))
      if (AllocaInst *Slot = PieceSlotOf.lookup(Store->getPointerOperand()))
        new StoreInst(Store->getValueOperand(), Slot, false, Slot->getAlign(), Store->getNextNode());
    if (I->mayReadOrWriteMemory() && !I->isAtomic() && !isa<FenceInst>(I))
      I->setMetadata(LLVMContext::MD_access_group, AccessGroup);
  }
  SmallVector<CallInst *, 8> ThrowingCalls; // invokes once the terminators are placed
  for (Instruction *I : Cloned) {
    if (auto *Phi = dyn_cast<PHINode>(I)) {
      for (unsigned In = Phi->getNumIncomingValues(); In-- > 0;)
        if (!Copies.contains(Phi->getIncomingBlock(In)))
          Phi->removeIncomingValue(In, false);
      continue;
    }
    if (auto *Resume = dyn_cast<ResumeInst>(I); Resume && HasCleanups) {
      // The work-item has run its own cleanups: now the others'.
      BasicBlock *Block = Resume->getParent();
      AbortException->addIncoming(Resume->getValue(), Block);
      AbortFailed->addIncoming(Loops.Item, Block);
      AbortPiece->addIncoming(ConstantInt::get(Type::getInt32Ty(Ctx), Id), Block);
      BranchInst::Create(Abort, Resume);
      Resume->eraseFromParent();
      continue;
    }
    if (auto *Call = dyn_cast<CallInst>(I); Call && HasCleanups && !Call->doesNotThrow() && !isa<IntrinsicInst>(Call)) {
      ThrowingCalls.push_back(Call);
      continue;
    }
    if (isa<ReturnInst>(I)) {
      BranchInst::Create(exitBlock(0, ItemEnd, ExitPhi), I);
      I->eraseFromParent();
      continue;
    }
    if (!I->isTerminator())
      continue;
    for (unsigned S = 0; S < I->getNumSuccessors(); ++S)
      if (auto It = BarrierIds.find(I->getSuccessor(S)); It != BarrierIds.end())
        leaveFor(It->second, I, S, OriginalOf[I->getParent()], ItemEnd, ExitPhi, Map);
  }
  if (!ThrowingCalls.empty()) {
    BasicBlock *Unwind = unwindTo(Id, Loops.Item, "piece" + Twine(Id) + ".unwind");
    for (CallInst *Call : ThrowingCalls)
      invokeInstead(Call, Unwind);
  }
  // Every operand must now be a value of this piece: anything else is a value that lives
  // across a barrier and escaped demotion, which would be a miscompile.
  if (Value *Escaped = fromOldBlocks(Copies)) {
    std::string Name;
    raw_string_ostream Out(Name);
    Escaped->printAsOperand(Out, false);
    return "internal error: " + Out.str() + " crosses a barrier without a context slot";
  }
  return {};
}

// copyBlocks() copies `Blocks` before `Before` (names with `Suffix`), with the work-item's
// local coordinates `Coordinates` for the calls that ask for them; what `Map` already holds
// (a context slot, a landing pad's value) is used, not copied. The copies are left to remap.
std::string TileBuilder::copyBlocks(ArrayRef<BasicBlock *> Blocks, ArrayRef<Value *> Coordinates, BasicBlock *Before,
                                    const Twine &Suffix, ValueToValueMapTy &Map,
                                    SmallVectorImpl<Instruction *> &Cloned, SmallPtrSetImpl<BasicBlock *> &Copies) {
  for (BasicBlock *Block : Blocks) {
    BasicBlock *Copy = BasicBlock::Create(Ctx, Block->getName() + Suffix, &F, Before);
    Copies.insert(Copy);
    Map[Block] = Copy;
    for (Instruction &I : *Block) {
      if (isa<AllocaInst>(I) || isDroppedIntrinsic(I) || Map.count(&I))
        continue;
      if (auto *Call = dyn_cast<CallInst>(&I); Call && LocalCoordinates.contains(Call->getCalledFunction())) {
        const auto *Dim = dyn_cast<ConstantInt>(Call->getArgOperand(1));
        if (!Dim || Dim->getSExtValue() < 0 || Dim->getSExtValue() >= Shape.Rank)
          return "a local coordinate is asked for a dimension that is not a constant of the tile";
        Map[&I] = Coordinates[Dim->getZExtValue()];
        continue;
      }
      Instruction *New = I.clone();
      New->setName(I.getName());
      compat::appendInstruction(*Copy, *New);
      Map[&I] = New;
      Cloned.push_back(New);
    }
  }
  return {};
}

/// fromOldBlocks() is an operand of the copied `Copies` that is still a block, or a value of a
/// block, of the function as it was, or null.
Value *TileBuilder::fromOldBlocks(const SmallPtrSetImpl<BasicBlock *> &Copies) const {
  for (BasicBlock *Copy : Copies)
    for (Instruction &I : *Copy)
      for (Value *Operand : I.operands()) {
        auto *Block = dyn_cast<BasicBlock>(Operand);
        if (auto *Def = dyn_cast<Instruction>(Operand))
          Block = Def->getParent();
        if (Block && OldBlocks.contains(Block))
          return Operand;
      }
  return nullptr;
}

Constant *TileBuilder::siteTables(Constant *&Lines) {
  if (SiteFiles) {
    Lines = SiteLines;
    return SiteFiles;
  }
  Module &M = *F.getParent();
  Type *I32 = Type::getInt32Ty(Ctx);
  auto *Text = compat::bytePointerType(Ctx);
  SmallVector<Constant *, 8> FileList, LineList;
  Constant *Unknown = nullptr;
  for (CallBase *Barrier : Barriers) {
    auto *File = dyn_cast<Constant>(Barrier->getArgOperand(BarrierFileArgument));
    auto *Line = dyn_cast<ConstantInt>(Barrier->getArgOperand(BarrierLineArgument));
    if (!File) {
      if (!Unknown) {
        Constant *Name = ConstantDataArray::getString(Ctx, "<unknown file>");
        Unknown = ConstantExpr::getPointerCast(
            new GlobalVariable(M, Name->getType(), true, GlobalValue::PrivateLinkage, Name, "ample.unknown.site"),
            Text);
      }
      File = Unknown;
    }
    FileList.push_back(ConstantExpr::getPointerCast(File, Text));
    LineList.push_back(Line ? Line : ConstantInt::get(I32, 0));
  }
  auto Table = [&](Type *Element, ArrayRef<Constant *> Values, const Twine &Name) -> Constant * {
    auto *Type = ArrayType::get(Element, Values.size());
    auto *Global = new GlobalVariable(M, Type, true, GlobalValue::PrivateLinkage, ConstantArray::get(Type, Values),
                                      F.getName() + Name);
    return ConstantExpr::getPointerCast(Global, Element->getPointerTo());
  };
  Lines = SiteLines = Table(I32, LineList, ".barrier.lines");
  return SiteFiles = Table(Text, FileList, ".barrier.files");
}

// A piece's exit is the same for every work-item when each block that can end it (it leads
// to a barrier or returns) is one that every work-item runs or none and leaves the same way:
// then the branches that choose between the exits are tile-uniform. (A work-item that throws
// leaves the tile; unwind edges do not count.)
bool TileBuilder::exitIsUniform(const Piece &P) const {
  return all_of(P.Blocks, [&](BasicBlock *Block) {
    const Instruction *Terminator = Block->getTerminator();
    const bool Ends = isa<ReturnInst>(Terminator) || any_of(successors(Block), [&](BasicBlock *Succ) {
                        return BarrierIds.count(Succ) != 0 &&
                               !(isa<InvokeInst>(Terminator) && cast<InvokeInst>(Terminator)->getUnwindDest() == Succ);
                      });
    return !Ends || SameWayOut.contains(Block);
  });
}

void TileBuilder::dispatchAfter(unsigned Id, const WorkItemLoops &Loops) {
  Type *I32 = Type::getInt32Ty(Ctx);
  const int Items = Shape.items();
  IRBuilder<> B(Loops.Done);
  CheckingPiece = Id;
  checkObjects(B);
  if (ExitBlocks.size() == 1 && !HasCleanups) {
    // Every work-item that finished the piece left by the same way: nothing to compare.
    const unsigned Exit = ExitBlocks.begin()->first;
    B.CreateBr(Exit == 0 ? Return : Preheaders[Exit]);
    ExitStore->eraseFromParent();
    return;
  }
  // (With cleanups the unwind loop reads where each work-item went.)
  const bool Uniform = ExitBlocks.size() == 1 || (!HasCleanups && exitIsUniform(Pieces[Id]));
  Value *First = nullptr;
  if (Uniform) {
    // Every work-item left by the same exit: the last one's says where the tile goes, and
    // nothing is compared. (Its exit phi dominates the end of the loops: every work-item,
    // and there is at least one, passes it.)
    First = ExitStore->getValueOperand();
    if (!HasCleanups) {
      auto *ItemSlot = cast<Instruction>(ExitStore->getPointerOperand());
      ExitStore->eraseFromParent();
      ItemSlot->eraseFromParent();
    }
  } else {
    First = B.CreateLoad(I32, B.CreateConstInBoundsGEP2_32(Exits->getAllocatedType(), Exits, 0, 0), "first.exit");
  }
  BasicBlock *Dispatch = BasicBlock::Create(Ctx, "piece" + Twine(Id) + ".dispatch", &F);
  if (Items > 1 && !Barriers.empty() && !Uniform) {
    // Did any work-item leave for another barrier than work-item 0? (an or-reduction)
    BasicBlock *Check = BasicBlock::Create(Ctx, "piece" + Twine(Id) + ".check", &F);
    BasicBlock *Checked = BasicBlock::Create(Ctx, "piece" + Twine(Id) + ".checked", &F);
    BasicBlock *Diverged = BasicBlock::Create(Ctx, "piece" + Twine(Id) + ".diverged", &F);
    BasicBlock *Entry = B.GetInsertBlock();
    B.CreateBr(Check);
    B.SetInsertPoint(Check);
    PHINode *Index = B.CreatePHI(I32, 2, "i");
    PHINode *Any = B.CreatePHI(B.getInt1Ty(), 2, "differs");
    Value *Exit = B.CreateLoad(I32, B.CreateInBoundsGEP(Exits->getAllocatedType(), Exits, {B.getInt32(0), Index}));
    Value *AnyNext = B.CreateOr(Any, B.CreateICmpNE(Exit, First));
    Value *Next = B.CreateAdd(Index, B.getInt32(1), "", true, true);
    B.CreateCondBr(B.CreateICmpULT(Next, B.getInt32(Items)), Check, Checked);
    Index->addIncoming(B.getInt32(1), Entry);
    Index->addIncoming(Next, Check);
    Any->addIncoming(B.getFalse(), Entry);
    Any->addIncoming(AnyNext, Check);
    B.SetInsertPoint(Checked);
    B.CreateCondBr(AnyNext, Diverged, Dispatch);

    B.SetInsertPoint(Diverged);
    Argument *Sync = F.getArg(SyncArgument);
    FunctionCallee Report = F.getParent()->getOrInsertFunction(
        DivergedFunction,
        FunctionType::get(B.getVoidTy(),
                          {Sync->getType(), I32->getPointerTo(), I32, compat::bytePointerType(Ctx)->getPointerTo(),
                           I32->getPointerTo()},
                          false));
    Constant *Lines = nullptr;
    Constant *Files = siteTables(Lines);
    Value *ExitsPointer = B.CreateInBoundsGEP(Exits->getAllocatedType(), Exits, {B.getInt32(0), B.getInt32(0)});
    BasicBlock *Unwind =
        HasCleanups ? unwindTo(Id, B.getInt32(Items), "piece" + Twine(Id) + ".diverged.unwind") : nullptr;
    CallBase *Call = callMayUnwind(B, Report, {Sync, ExitsPointer, B.getInt32(Items), Files, Lines}, Unwind);
    Call->setDoesNotReturn();
    B.CreateUnreachable();
  } else {
    B.CreateBr(Dispatch);
  }
  B.SetInsertPoint(Dispatch);
  SwitchInst *Switch = B.CreateSwitch(First, Return, ExitBlocks.size());
  for (auto &[Exit, Block] : ExitBlocks)
    if (Exit != 0)
      Switch->addCase(B.getInt32(Exit), Preheaders[Exit]);
}

// Before the tile crosses a barrier, check once per barrier the work-items left for that its
// object belongs to this tile, as the fibers' wait does for every work-item. It comes before
// the divergence check: a barrier of another tile is the error to report, not the divergence
// it causes.
void TileBuilder::checkObjects(IRBuilder<> &B) {
  if (none_of(ExitBlocks, [&](const auto &Exit) { return checksObject(Exit.first); }))
    return;
  Constant *Lines = nullptr;
  Constant *Files = siteTables(Lines);
  for (auto &[Exit, Block] : ExitBlocks) {
    if (!checksObject(Exit))
      continue;
    SmallVector<Type *, 4> Parameters;
    SmallVector<Value *, 4> Arguments;
    for (unsigned Arg = 0; Arg < BarrierIdentityArguments; ++Arg) {
      Type *ObjectType = Barriers[Exit - 1]->getArgOperand(Arg)->getType();
      Parameters.push_back(ObjectType);
      Arguments.push_back(B.CreateLoad(
          ObjectType, B.CreateConstInBoundsGEP2_32(Objects[Arg]->getAllocatedType(), Objects[Arg], 0, Exit - 1)));
    }
    Type *Text = compat::bytePointerType(B.getContext());
    Parameters.append({Text, B.getInt32Ty()});
    Arguments.push_back(B.CreateLoad(Text, B.CreateConstInBoundsGEP1_32(Text, Files, Exit - 1)));
    Arguments.push_back(B.CreateLoad(B.getInt32Ty(), B.CreateConstInBoundsGEP1_32(B.getInt32Ty(), Lines, Exit - 1)));
    FunctionCallee Check = F.getParent()->getOrInsertFunction(
        BarrierCheckFunction, FunctionType::get(B.getVoidTy(), Parameters, false));
    BasicBlock *Unwind =
        HasCleanups ? unwindTo(CheckingPiece, B.getInt32(Shape.items()), "barrier" + Twine(Exit) + ".unwind") : nullptr;
    if (!CurrentTile) {
      callMayUnwind(B, Check, Arguments, Unwind);
      continue;
    }
    // The library's check, inline: the barrier is the running tile's when its sync and serial
    // are current_tile's (or it waits on no object). Only a barrier that is not calls the
    // library, which throws. While a compiled tile runs, current_tile's sync is the clone's
    // sync argument (the contract), and the serial was read from current_tile when the tile
    // began: for the tile's own barrier the optimisers fold the whole comparison.
    Value *Sync = Arguments[BarrierSyncArgument], *Serial = Arguments[BarrierSerialArgument];
    Type *Record = CurrentTile->getValueType();
    Value *NowSync = F.getArg(SyncArgument);
    Value *NowSerial = B.CreateLoad(Record->getStructElementType(1), B.CreateStructGEP(Record, CurrentTile, 1));
    Value *Foreign = B.CreateOr(B.CreateICmpNE(B.CreatePointerCast(NowSync, Sync->getType()), Sync),
                                B.CreateICmpNE(B.CreateZExtOrTrunc(NowSerial, Serial->getType()), Serial));
    Value *Misused = B.CreateAnd(B.CreateIsNotNull(Sync), Foreign);
    BasicBlock *Report = BasicBlock::Create(Ctx, "barrier" + Twine(Exit) + ".misused", &F);
    BasicBlock *Checked = BasicBlock::Create(Ctx, "barrier" + Twine(Exit) + ".checked", &F);
    B.CreateCondBr(Misused, Report, Checked);
    IRBuilder<> Cold(Report);
    callMayUnwind(Cold, Check, Arguments, Unwind);
    Cold.CreateBr(Checked);
    B.SetInsertPoint(Checked);
  }
}

// Implicit barriers (InsertImplicitBarriers) wait on no object: nothing to check.
bool TileBuilder::checksObject(unsigned Exit) const {
  if (Exit == 0)
    return false;
  auto *Object = cast<PHINode>(Barriers[Exit - 1]->getArgOperand(BarrierSyncArgument));
  return !all_of(Object->incoming_values(), [](Value *V) { return isa<ConstantPointerNull>(V); });
}

// unwindTo() is a landing pad that sends the exception to the unwind loop: thrown while
// work-item `Failed` ran piece `Id`, or by the checks after the piece (the item count).
BasicBlock *TileBuilder::unwindTo(unsigned Id, Value *Failed, const Twine &Name) {
  BasicBlock *Pad = BasicBlock::Create(Ctx, Name, &F);
  IRBuilder<> B(Pad);
  LandingPadInst *Landing = B.CreateLandingPad(AbortException->getType(), 0);
  Landing->setCleanup(true);
  B.CreateBr(Abort);
  AbortException->addIncoming(Landing, Pad);
  AbortFailed->addIncoming(Failed, Pad);
  AbortPiece->addIncoming(B.getInt32(Id), Pad);
  return Pad;
}

void TileBuilder::invokeInstead(CallInst *Call, BasicBlock *Pad) { changeToInvokeAndSplitBasicBlock(Call, Pad); }

CallBase *TileBuilder::callMayUnwind(IRBuilder<> &B, FunctionCallee Callee, ArrayRef<Value *> Arguments,
                                     BasicBlock *Pad) {
  if (!Pad)
    return B.CreateCall(Callee, Arguments);
  BasicBlock *Next = BasicBlock::Create(Ctx, "unwound.not", &F);
  InvokeInst *Invoke = B.CreateInvoke(Callee, Next, Pad, Arguments);
  B.SetInsertPoint(Next);
  return Invoke;
}

// The unwind loop: for each work-item but the one that threw, where it waits (the exit it
// recorded in the piece if it ran before the one that threw, else the barrier that began the
// piece), and that barrier's cleanup run for it; then the exception goes on.
std::string TileBuilder::buildUnwindLoopBody() {
  Type *I32 = Type::getInt32Ty(Ctx);
  BasicBlock *Item = BasicBlock::Create(Ctx, "unwind.item", &F);
  BasicBlock *Where = BasicBlock::Create(Ctx, "unwind.where", &F);
  BasicBlock *Next = BasicBlock::Create(Ctx, "unwind.next", &F);
  BasicBlock *Rethrow = BasicBlock::Create(Ctx, "unwind.rethrow", &F);
  IRBuilder<> B(Abort);
  B.CreateBr(Item);
  B.SetInsertPoint(Item);
  PHINode *Index = B.CreatePHI(I32, 2, "unwinding");
  Index->addIncoming(B.getInt32(0), Abort);
  B.CreateCondBr(B.CreateICmpEQ(Index, AbortFailed), Next, Where);
  B.SetInsertPoint(Where);
  Value *Recorded = B.CreateLoad(I32, B.CreateInBoundsGEP(Exits->getAllocatedType(), Exits, {B.getInt32(0), Index}));
  Value *At = B.CreateSelect(B.CreateICmpULT(Index, AbortFailed), Recorded, AbortPiece, "waits.at");
  SwitchInst *Switch = B.CreateSwitch(At, Next);
  for (unsigned Barrier = 1; Barrier <= Barriers.size(); ++Barrier) {
    if (!CleanupPads[Barrier - 1])
      continue;
    std::string Problem;
    BasicBlock *Cleanup = cloneCleanup(Barrier, Index, Next, Problem);
    if (!Cleanup)
      return Problem;
    Switch->addCase(B.getInt32(Barrier), Cleanup);
  }
  B.SetInsertPoint(Next);
  Value *Following = B.CreateAdd(Index, B.getInt32(1), "", true, true);
  Index->addIncoming(Following, Next);
  B.CreateCondBr(B.CreateICmpULT(Following, B.getInt32(Shape.items())), Item, Rethrow);
  B.SetInsertPoint(Rethrow);
  B.CreateResume(AbortException);
  return {};
}

// cloneCleanup() is a copy of barrier `Barrier`'s cleanup for work-item `Item`: its context
// slots, its local coordinates, the exception in flight for the landing pad's value, and a
// branch to `Next` where it would pass the exception on.
BasicBlock *TileBuilder::cloneCleanup(unsigned Barrier, Value *Item, BasicBlock *Next, std::string &Problem) {
  BasicBlock *Pad = CleanupPads[Barrier - 1];
  const SetVector<BasicBlock *> Blocks = cleanupBlocks(Pad);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "cleanup" + Twine(Barrier), &F, Next);
  IRBuilder<> B(Entry);
  ValueToValueMapTy Map;
  Map[F.getArg(ItemArgument)] = Item;
  for (auto &[Alloca, Array] : ContextArrays) {
    Value *Slot = B.CreateInBoundsGEP(Array->getAllocatedType(), Array, {B.getInt32(0), Item});
    Map[Alloca] = B.CreateBitCast(Slot, Alloca->getType(), Alloca->getName());
  }
  SmallVector<Value *, 3> Coordinates(Shape.Rank);
  Value *Rest = Item;
  for (int D = Shape.Rank - 1; D >= 0; --D) {
    Coordinates[D] = B.CreateURem(Rest, B.getInt32(Shape.Dims[D]));
    Rest = B.CreateUDiv(Rest, B.getInt32(Shape.Dims[D]));
  }
  SmallVector<Instruction *, 32> Cloned;
  SmallPtrSet<BasicBlock *, 8> Copies;
  Map[Pad->getLandingPadInst()] = AbortException;
  Problem = copyBlocks(Blocks.getArrayRef(), Coordinates, Next, ".unwind", Map, Cloned, Copies);
  if (!Problem.empty())
    return nullptr;
  B.CreateBr(cast<BasicBlock>(Map[Pad]));
  for (Instruction *I : Cloned)
    RemapInstruction(I, Map, RF_NoModuleLevelChanges | RF_IgnoreMissingLocals);
  for (Instruction *I : Cloned) {
    if (auto *Phi = dyn_cast<PHINode>(I)) {
      for (unsigned In = Phi->getNumIncomingValues(); In-- > 0;)
        if (!Copies.contains(Phi->getIncomingBlock(In)))
          Phi->removeIncomingValue(In, false);
    } else if (isa<ResumeInst>(I)) {
      BranchInst::Create(Next, I);
      I->eraseFromParent();
    }
  }
  if (fromOldBlocks(Copies)) {
    Problem = "internal error: the cleanup at a barrier uses a value without a context slot";
    return nullptr;
  }
  return Entry;
}

std::string TileBuilder::build() {
  findBarriers();
  {
    const TileUniformity Uniformity(F, LocalCoordinates, F.getArg(ItemArgument));
    for (Instruction &I : instructions(F))
      if (!I.getType()->isVoidTy() && Uniformity.isUniformValue(I))
        UniformValues.insert(&I);
    for (BasicBlock &Block : F) {
      const Instruction *Terminator = Block.getTerminator();
      if (Uniformity.isUniformBlock(Block) &&
          (Terminator->getNumSuccessors() <= 1 || Uniformity.isUniformBranch(*Terminator)))
        SameWayOut.insert(&Block);
    }
  }
  recomputeAcrossBarriers();
  demoteLiveAcrossBarriers();
  if (std::string Reason = checkCleanups(); !Reason.empty())
    return Reason;
  for (BasicBlock &Block : F)
    OldBlocks.insert(&Block);
  OldEntry = &F.getEntryBlock();
  NewEntry = BasicBlock::Create(Ctx, "tile", &F, OldEntry);
  if (std::string Reason = makeContextArrays(); !Reason.empty())
    return Reason;
  formPieces();
  AccessGroup = MDNode::getDistinct(Ctx, {});
  if (HasCleanups) {
    Abort = BasicBlock::Create(Ctx, "unwind", &F);
    IRBuilder<> B(Abort);
    Type *Exception = nullptr;
    for (BasicBlock *Pad : CleanupPads)
      if (Pad)
        Exception = Pad->getLandingPadInst()->getType();
    AbortException = B.CreatePHI(Exception, 4, "exception");
    AbortFailed = B.CreatePHI(B.getInt32Ty(), 4, "threw");
    AbortPiece = B.CreatePHI(B.getInt32Ty(), 4, "in.piece");
  }
  Return = BasicBlock::Create(Ctx, "tile.done", &F);
  ReturnInst::Create(Ctx, Return);
  for (unsigned Id = 0; Id < Pieces.size(); ++Id)
    Preheaders.push_back(BasicBlock::Create(Ctx, "piece" + Twine(Id), &F));
  BranchInst::Create(Preheaders[0], NewEntry);
  for (unsigned Id = 0; Id < Pieces.size(); ++Id) {
    const WorkItemLoops Loops = buildLoops(Preheaders[Id], Id);
    if (std::string Reason = clonePiece(Id, Loops); !Reason.empty())
      return Reason;
    dispatchAfter(Id, Loops);
  }
  if (HasCleanups)
    if (std::string Reason = buildUnwindLoopBody(); !Reason.empty())
      return Reason;
  for (BasicBlock *Block : OldBlocks)
    Block->dropAllReferences();
  for (BasicBlock *Block : OldBlocks)
    Block->eraseFromParent();
  std::string Problems;
  raw_string_ostream Out(Problems);
  if (verifyFunction(F, &Out))
    return "internal error: the compiled tile is not valid IR: " + Out.str();
  return {};
}

} // namespace

PreservedAnalyses FormWorkItemLoops::run(Function &F, FunctionAnalysisManager &) {
  if (!isActiveTileClone(F))
    return PreservedAnalyses::all();
  const SmallPtrSet<Function *, 4> LocalCoordinates = findLocalCoordinateFunctions(*F.getParent());
  TileBuilder Builder(F, tileShapeOf(F), LocalCoordinates);
  if (std::string Reason = Builder.build(); !Reason.empty())
    decline(F, Reason);
  return PreservedAnalyses::none();
}

} // namespace ample
