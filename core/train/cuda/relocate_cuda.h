#pragma once
// CUDA kernel of the MCMC relocation's row surgery (core/train/train_ops.h relocateRows):
// device pointers, one stream, torch-free. The host (mcmc_ops.cpp) validates the tensors and
// the plan, uploads the plan's three index arrays and passes torch's current stream.
#include <cstdint>

#include "core/train/cuda/rasterize_cuda.h"

namespace sw::train::kernels {

// What the kernel does to one tensor of the state, for every source row s and its targets.
enum class RelocationRole : int {
    Copy,      // parameter: row s copied onto its targets (means, quats, colour logits)
    Eq9,       // opacity logits [N] with `second` = log scales [N, 3]: Eq. 9 on row s, then copied
    Zero,      // Adam moment: zeroed in row s and in its targets
};

inline constexpr int MAX_RELOCATION_TENSORS = 16;
struct RelocationTensorCuda {
    float* data = nullptr;    // [rows, width] float32
    float* second = nullptr;  // Eq9 only: log scales [rows, 3]
    int64_t width = 0;        // floats per row of `data`
    RelocationRole role = RelocationRole::Copy;
};

// One launch over (source, tensor) pairs: sources [sourceCount] int64, distinct rows;
// offsets [sourceCount + 1] int64: the targets of sources[u] are targets[offsets[u] ..
// offsets[u + 1]); targets: int64, distinct rows, none a source. Each (row, tensor) is written
// by exactly one thread, so the result does not depend on the schedule.
void relocateRowsCuda(const RelocationTensorCuda* tensors, int tensorCount, const int64_t* sources,
                      const int64_t* offsets, const int64_t* targets, int64_t sourceCount, double minOpacity,
                      CudaStream stream);

}  // namespace sw::train::kernels
