// Where the passes go in Clang's pipeline: the one place that decides their order.
#pragma once

namespace llvm {
class PassBuilder;
}

namespace ample {

/// registerPipeline() adds the compiled-barrier passes to every pipeline `PB` builds.
void registerPipeline(llvm::PassBuilder &PB);

} // namespace ample
