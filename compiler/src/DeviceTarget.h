// DeviceTarget: the NVPTX target that device code is compiled for, and the compilation itself.
#pragma once

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace ample {

/// The architecture of the PTX: sm_75 (Turing), the oldest CUDA 13 still supports, which
/// LLVM 14's NVPTX (newest: sm_86) emits as well as 19's; the driver JIT-compiles it for the
/// GPU at hand, so one PTX serves every NVIDIA GPU of the last years (GPU-BACKEND.md §5).
inline constexpr const char *DeviceArchitecture = "sm_75";
inline constexpr const char *DeviceTriple = "nvptx64-nvidia-cuda";
/// NVPTX's address space of a block's shared memory (PTX .shared).
inline constexpr unsigned SharedAddressSpace = 3;
/// The static shared memory a block may have on every architecture the PTX targets: ptxas
/// refuses more ("uses too much shared data"). More takes dynamic shared memory and an opt-in
/// per kernel, which C++ AMP's own limit, 32 KiB of tile_static, never needed.
inline constexpr uint64_t MaxStaticSharedBytes = 48 * 1024;

/// makeDeviceTarget() is the NVPTX target machine, or null with `Why` set where this LLVM has
/// no NVPTX target (Clang initialises every target it was built with).
std::unique_ptr<llvm::TargetMachine> makeDeviceTarget(std::string &Why);

/// retargetForDevice() gives `D` (a module of kernels whose IR came from the host compile)
/// `Target`'s triple and data layout.
void retargetForDevice(llvm::Module &D, llvm::TargetMachine &Target);

/// DevicePasses is what running passes on device code takes: a pass builder for the device
/// target, with NVPTX's own additions to its pipelines (address-space inference, which makes
/// generic pointers to shared and global memory .shared and .global accesses), and its
/// analysis managers, registered with each other. The managers come first: the builder's
/// registrations refer to them.
struct DevicePasses {
  explicit DevicePasses(llvm::TargetMachine &Target);

  llvm::LoopAnalysisManager Loops;
  llvm::FunctionAnalysisManager Functions;
  llvm::CGSCCAnalysisManager CGSCCs;
  llvm::ModuleAnalysisManager Modules;
  llvm::PassBuilder Builder;
};

/// optimizeForDevice() optimises `D`, retargeted, for `Target` (-O3); false, with `Why` set,
/// where `D` is not valid IR.
bool optimizeForDevice(llvm::Module &D, llvm::TargetMachine &Target, std::string &Why);

/// checkDeviceCode() is whether everything `D`, optimised, reaches has a GPU form; false, with
/// `Why` naming what stands in the way: a call of a function defined elsewhere (host code: I/O,
/// allocation, a throw), a thread_local, a variable that is not a constant, or tile_static
/// variables larger than a block's static shared memory. It drops the variables left unused.
bool checkDeviceCode(llvm::Module &D, std::string &Why);

/// emitPTX() writes the PTX of `D`, optimised and checked, to `PTX`.
bool emitPTX(llvm::Module &D, llvm::TargetMachine &Target, std::string &PTX, std::string &Why);

} // namespace ample
