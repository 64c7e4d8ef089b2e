// WorkItemScratch: the library's per-work-item scratch variables in device code.
#pragma once

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace llvm {
class Function;
class GlobalVariable;
class TargetMachine;
} // namespace llvm

namespace ample {

/// A work-item scratch variable (annotated "ample.work_item_scratch": the element that an
/// access outside the extent refers to in the Direct3D mode, detail/direct3d_out_of_bounds.hpp)
/// is a thread_local on the host, shared by the work-items a thread runs, which is right
/// because every use resets it first. A GPU has no thread_locals, and module-scope .local
/// variables are refused by ptxas ("not allowed with ABI"), so in device code each becomes a
/// variable of the kernel's own frame: one per GPU thread, as on the host one per work-item
/// between two resets.
///
/// prepareWorkItemScratch() makes `Scratch` (variables a device module defines) plain variables and
/// marks every function that reaches one, through any chain of calls, always inline, so that
/// after optimisation only the kernel uses them.
void prepareWorkItemScratch(llvm::ArrayRef<llvm::GlobalVariable *> Scratch);

/// localizeWorkItemScratch() makes each of `Scratch` that `Kernel`, optimised, uses a stack
/// variable of `Kernel`, then simplifies `Kernel` for `Target`: a read outside the extent
/// becomes a zero, a write there no store at all. False, with `Why` set, where a scratch
/// variable is still used outside `Kernel`.
bool localizeWorkItemScratch(llvm::Function &Kernel, llvm::ArrayRef<llvm::GlobalVariable *> Scratch,
                             llvm::TargetMachine &Target, std::string &Why);

} // namespace ample
