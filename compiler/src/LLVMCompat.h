// The one place where the passes meet LLVM's API differences between the majors they are built
// for (14, 15, 16, 17, 18 and 19: Debian 12 packages 14, 15, 16 and 19). Every function here
// does one thing the same way on each of them; the passes call these and name no version.
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Local.h"

namespace ample::compat {

/// appendInstruction() puts `I`, which belongs to no block, at the end of `Block`.
/// (LLVM 16 made the instruction list private and added Instruction::insertInto.)
inline void appendInstruction(llvm::BasicBlock &Block, llvm::Instruction &I) {
#if LLVM_VERSION_MAJOR >= 16
  I.insertInto(&Block, Block.end());
#else
  Block.getInstList().push_back(&I);
#endif
}

/// demoteToStack() replaces `I`'s value by a stack slot made before `AllocaPoint` (stores
/// after `I`, loads before each use) and returns the slot. (LLVM 18 takes an iterator.)
inline llvm::AllocaInst *demoteToStack(llvm::Instruction &I, llvm::Instruction &AllocaPoint) {
#if LLVM_VERSION_MAJOR >= 18
  return llvm::DemoteRegToStack(I, false, AllocaPoint.getIterator());
#else
  return llvm::DemoteRegToStack(I, false, &AllocaPoint);
#endif
}

/// demoteToStack() for a phi: the slot is stored at the end of each incoming block and the phi
/// is deleted.
inline llvm::AllocaInst *demoteToStack(llvm::PHINode &Phi, llvm::Instruction &AllocaPoint) {
#if LLVM_VERSION_MAJOR >= 18
  return llvm::DemotePHIToStack(&Phi, AllocaPoint.getIterator());
#else
  return llvm::DemotePHIToStack(&Phi, &AllocaPoint);
#endif
}

/// bytePointerType() is the type of a pointer to text (a C string) in `Context`: i8* where
/// pointers are typed (Clang 14's default), ptr where they are opaque (15 on; 17 removed the
/// typed ones and Type::getInt8PtrTy with them).
inline llvm::PointerType *bytePointerType(llvm::LLVMContext &Context) {
#if LLVM_VERSION_MAJOR >= 17
  return llvm::PointerType::getUnqual(Context);
#else
  return llvm::Type::getInt8PtrTy(Context);
#endif
}

/// makeSROA() is SROA that leaves the control flow as it is, as SROA always did before LLVM 16
/// gave it the option to split blocks (the passes keep block structure they have analysed).
inline llvm::SROAPass makeSROA() {
#if LLVM_VERSION_MAJOR >= 16
  return llvm::SROAPass(llvm::SROAOptions::PreserveCFG);
#else
  return llvm::SROAPass();
#endif
}

/// useThreadLocalsDirectly() replaces `F`'s calls of llvm.threadlocal.address by the
/// thread_local variable each one names, as in LLVM 14 and 15, whose Clang named the variable
/// itself: the passes know the library's thread_locals (tile_static variables, the running
/// tile, the in-kernel flag) as the operands of loads, stores and address arithmetic. LLVM 16's
/// Clang asks for the address through the intrinsic so that a coroutine resumed on another
/// thread asks again; a tile clone runs on one thread from start to end, where the address is
/// the same throughout. Returns whether it changed `F`.
inline bool useThreadLocalsDirectly(llvm::Function &F) {
#if LLVM_VERSION_MAJOR >= 16
  llvm::SmallVector<llvm::IntrinsicInst *, 8> Calls;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (auto *Call = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
        Call && Call->getIntrinsicID() == llvm::Intrinsic::threadlocal_address)
      Calls.push_back(Call);
  for (llvm::IntrinsicInst *Call : Calls) {
    Call->replaceAllUsesWith(Call->getArgOperand(0));
    Call->eraseFromParent();
  }
  return !Calls.empty();
#else
  (void)F;
  return false;
#endif
}

/// startsWith() is `Text` beginning with `Prefix` (StringRef::startswith became starts_with).
inline bool startsWith(llvm::StringRef Text, llvm::StringRef Prefix) {
  return Text.size() >= Prefix.size() && Text.substr(0, Prefix.size()) == Prefix;
}

/// assemblyFile() is the file type of textual assembly, PTX for NVPTX. (LLVM 18 made
/// CodeGenFileType a scoped enum.)
inline llvm::CodeGenFileType assemblyFile() {
#if LLVM_VERSION_MAJOR >= 18
  return llvm::CodeGenFileType::AssemblyFile;
#else
  return llvm::CGFT_AssemblyFile;
#endif
}

} // namespace ample::compat
