// KernelObjectPointers: where device code finds addresses in the kernel object it receives.
#pragma once

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class Argument;
} // namespace llvm

namespace ample {

/// pointerOffsets() lists the byte offsets in the kernel object (`Object`, the GPU kernel's
/// byval parameter, or its address in global memory for an object too large for parameters,
/// after optimisation) of every pointer that device code reads from it and uses as an
/// address: a view's data pointer, which the runtime points at the device's copy before the
/// launch, or anything else — an array or texture captured by reference, a raw pointer —
/// which holds a host address that no GPU can reach. The runtime compares the list with the
/// views it found in the object and runs the kernel on the CPU engine where a pointer is not
/// a view's.
///
/// Addresses into the object, and pointers read from it, are followed into the functions they
/// are passed to, where the module defines them, through the stack slots they are stored or
/// copied into, through choices (select, phi) between a few offsets or addresses, and through
/// variable indices into arrays (a captured array of views), each possible offset followed.
/// Empty optional, with `Why` set, where the object is used in a way this cannot follow (it
/// escapes into a call of a declaration, is stored or copied anywhere but a stack slot, or an
/// address is read from it at a variable offset it cannot bound or as part of an aggregate):
/// the kernel then keeps only its CPU form.
std::optional<llvm::SmallVector<uint32_t, 4>> pointerOffsets(llvm::Argument &Object, std::string &Why);

} // namespace ample
