#include "Contract.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace ample {
namespace {

constexpr StringLiteral CloneAttribute = "ample-tile";
constexpr StringLiteral CloneOfAttribute = "ample-tile-of";
constexpr StringLiteral DeclineAttribute = "ample-declined";

/// Annotation is one entry of llvm.global.annotations: the function or variable, its text and
/// its arguments (null when it has none).
struct Annotation {
  GlobalValue *Annotated;
  StringRef Text;
  const ConstantStruct *Arguments;
};

StringRef stringOf(const Constant *C) {
  const auto *G = dyn_cast<GlobalVariable>(C->stripPointerCasts());
  if (!G || !G->hasInitializer())
    return {};
  if (const auto *Data = dyn_cast<ConstantDataArray>(G->getInitializer()))
    if (Data->isCString())
      return Data->getAsCString();
  return {};
}

SmallVector<Annotation, 8> annotations(Module &M) {
  SmallVector<Annotation, 8> Result;
  const GlobalVariable *List = M.getGlobalVariable("llvm.global.annotations");
  if (!List || !List->hasInitializer())
    return Result;
  const auto *Entries = dyn_cast<ConstantArray>(List->getInitializer());
  if (!Entries)
    return Result;
  for (const Use &Entry : Entries->operands()) {
    const auto *Fields = dyn_cast<ConstantStruct>(Entry.get());
    if (!Fields || Fields->getNumOperands() < 5)
      continue;
    auto *Annotated = dyn_cast<GlobalValue>(Fields->getOperand(0)->stripPointerCasts());
    if (!Annotated)
      continue;
    const ConstantStruct *Arguments = nullptr;
    if (const auto *G = dyn_cast<GlobalVariable>(Fields->getOperand(4)->stripPointerCasts()))
      if (G->hasInitializer())
        Arguments = dyn_cast<ConstantStruct>(G->getInitializer());
    Result.push_back({Annotated, stringOf(Fields->getOperand(1)), Arguments});
  }
  return Result;
}

/// annotatedThreadLocals() lists the thread_local variables annotated with `Text`.
SmallVector<GlobalVariable *, 8> annotatedThreadLocals(Module &M, StringRef Text) {
  SmallVector<GlobalVariable *, 8> Variables;
  for (const Annotation &A : annotations(M))
    if (auto *G = dyn_cast<GlobalVariable>(A.Annotated); G && G->isThreadLocal() && A.Text == Text)
      Variables.push_back(G);
  return Variables;
}

} // namespace

SmallVector<KernelEntry, 4> findDeviceEntries(Module &M) {
  SmallVector<KernelEntry, 4> Entries;
  for (const Annotation &A : annotations(M)) {
    auto *F = dyn_cast<Function>(A.Annotated);
    if (!F || F->isDeclaration() || !A.Arguments)
      continue;
    // A flat entry's arguments are its rank and its kernel's type text; a tiled entry's its
    // tile's extent, zeros for absent dimensions, and the type text.
    const bool Tiled = A.Text == DeviceTileEntryAnnotation;
    const unsigned Dims = Tiled ? 3 : 1;
    if ((!Tiled && A.Text != DeviceEntryAnnotation) || A.Arguments->getNumOperands() != Dims + 1)
      continue;
    KernelEntry E{F, Tiled, {}, stringOf(A.Arguments->getOperand(Dims))};
    for (unsigned D = 0; D < Dims; ++D) {
      const auto *Value = dyn_cast<ConstantInt>(A.Arguments->getOperand(D));
      if (!Value || Value->getSExtValue() <= 0)
        break;
      if (Tiled) {
        E.Shape.Dims[D] = static_cast<int>(Value->getSExtValue());
        E.Shape.Rank = static_cast<int>(D) + 1;
      } else {
        E.Shape.Rank = static_cast<int>(Value->getSExtValue());
      }
    }
    if (E.Shape.Rank > 0)
      Entries.push_back(E);
  }
  return Entries;
}

SmallVector<std::pair<Function *, TileShape>, 4> findTileBodies(Module &M) {
  SmallVector<std::pair<Function *, TileShape>, 4> Bodies;
  for (const Annotation &A : annotations(M)) {
    auto *Body = dyn_cast<Function>(A.Annotated);
    if (!Body || A.Text != TileBodyAnnotation || !A.Arguments || A.Arguments->getNumOperands() != 3)
      continue;
    TileShape Shape;
    for (unsigned D = 0; D < 3; ++D) {
      const auto *Extent = dyn_cast<ConstantInt>(A.Arguments->getOperand(D));
      if (!Extent)
        break;
      if (Extent->getSExtValue() <= 0)
        break;
      Shape.Dims[D] = static_cast<int>(Extent->getSExtValue());
      Shape.Rank = static_cast<int>(D) + 1;
    }
    if (Shape.Rank > 0)
      Bodies.push_back({Body, Shape});
  }
  return Bodies;
}

SmallPtrSet<Function *, 4> findLocalCoordinateFunctions(Module &M) {
  SmallPtrSet<Function *, 4> Markers;
  for (const Annotation &A : annotations(M))
    if (auto *F = dyn_cast<Function>(A.Annotated); F && A.Text == LocalCoordinateAnnotation)
      Markers.insert(F);
  return Markers;
}

GlobalVariable *findCurrentTile(Module &M) {
  for (GlobalVariable *G : annotatedThreadLocals(M, CurrentTileAnnotation))
    if (auto *Record = dyn_cast<StructType>(G->getValueType()); Record && Record->getNumElements() == 2)
      return G;
  return nullptr;
}

GlobalVariable *findInKernelFlag(Module &M) {
  for (GlobalVariable *G : annotatedThreadLocals(M, InKernelAnnotation))
    if (G->getValueType()->isIntegerTy(8))
      return G;
  return nullptr;
}

SmallVector<GlobalVariable *, 8> findTileStaticVariables(Module &M) {
  return annotatedThreadLocals(M, TileStaticAnnotation);
}

SmallVector<GlobalVariable *, 4> findWorkItemScratch(Module &M) {
  const SmallVector<GlobalVariable *, 8> Variables = annotatedThreadLocals(M, WorkItemScratchAnnotation);
  return SmallVector<GlobalVariable *, 4>(Variables.begin(), Variables.end());
}

void markTileClone(Function &Clone, Function &Body, const TileShape &Shape) {
  Clone.addFnAttr(CloneAttribute, (Twine(Shape.Rank) + "," + Twine(Shape.Dims[0]) + "," +
                                   Twine(Shape.Dims[1]) + "," + Twine(Shape.Dims[2]))
                                      .str());
  Clone.addFnAttr(CloneOfAttribute, Body.getName());
}

bool isTileClone(const Function &F) { return F.hasFnAttribute(CloneAttribute); }

TileShape tileShapeOf(const Function &Clone) {
  SmallVector<StringRef, 4> Fields;
  Clone.getFnAttribute(CloneAttribute).getValueAsString().split(Fields, ',');
  TileShape Shape;
  if (Fields.size() != 4)
    return Shape;
  Fields[0].getAsInteger(10, Shape.Rank);
  for (unsigned D = 0; D < 3; ++D)
    Fields[D + 1].getAsInteger(10, Shape.Dims[D]);
  return Shape;
}

Function *tileCloneOf(Module &M, const Function &Body) {
  for (Function &F : M)
    if (isTileClone(F) && F.getFnAttribute(CloneOfAttribute).getValueAsString() == Body.getName())
      return &F;
  return nullptr;
}

void decline(Function &Clone, const Twine &Reason) {
  if (!Clone.hasFnAttribute(DeclineAttribute))
    Clone.addFnAttr(DeclineAttribute, Reason.str());
}

std::optional<std::string> declineReason(const Function &Clone) {
  if (!Clone.hasFnAttribute(DeclineAttribute))
    return std::nullopt;
  return Clone.getFnAttribute(DeclineAttribute).getValueAsString().str();
}

bool isActiveTileClone(const Function &F) { return isTileClone(F) && !F.hasFnAttribute(DeclineAttribute); }

bool isWorkItemLoop(const Loop &L) {
  return findOptionMDForLoop(&L, WorkItemLoopMarker) != nullptr;
}

} // namespace ample
