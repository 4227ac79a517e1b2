// CUDA kernel of the MCMC relocation (relocate_cuda.h): thread (u, k) handles source row
// sources[u] in tensor k: a parameter row is updated (Eq. 9 for the opacity/scale pair, shared
// with the CPU loop through relocation_eq9.h) and copied onto the source's targets; an Adam
// moment row is zeroed in the source and its targets. Mirrors mcmc_ops.cpp relocateRowsCpu;
// the plan (which rows move where) comes from the host sampler in mcmc_strategy.cpp.
#include <cuda_runtime.h>

#include "core/train/cuda/device_math.cuh"
#include "core/train/cuda/relocate_cuda.h"
#include "core/train/cuda/relocation_eq9.h"

namespace sw::train::kernels {
namespace {

using device::LINEAR_BLOCK;

struct RelocationTensors {
    RelocationTensorCuda t[MAX_RELOCATION_TENSORS];
};

__device__ __forceinline__ void copyRowDevice(float* data, int64_t width, int64_t src, int64_t dst) {
    for (int64_t c = 0; c < width; ++c) data[dst * width + c] = data[src * width + c];
}

__device__ __forceinline__ void zeroRowDevice(float* data, int64_t width, int64_t row) {
    for (int64_t c = 0; c < width; ++c) data[row * width + c] = 0.f;
}

__global__ void __launch_bounds__(LINEAR_BLOCK)
    relocateKernel(RelocationTensors tensors, const int64_t* __restrict__ sources, const int64_t* __restrict__ offsets,
                   const int64_t* __restrict__ targets, int64_t sourceCount, double minOpacity) {
    const int64_t u = int64_t(blockIdx.x) * LINEAR_BLOCK + threadIdx.x;
    if (u >= sourceCount) return;
    const RelocationTensorCuda& t = tensors.t[blockIdx.y];
    const int64_t s = sources[u], begin = offsets[u], end = offsets[u + 1];
    if (t.role == RelocationRole::Zero) {
        zeroRowDevice(t.data, t.width, s);
        for (int64_t j = begin; j < end; ++j) zeroRowDevice(t.data, t.width, targets[j]);
        return;
    }
    if (t.role == RelocationRole::Eq9) {  // N = the source itself + its copies
        const Eq9Row r = relocationEq9Row(t.data[s], int(end - begin) + 1, minOpacity);
        t.data[s] = r.logit;
        for (int a = 0; a < 3; ++a) t.second[s * 3 + a] += r.logScaleDelta;
        for (int64_t j = begin; j < end; ++j) copyRowDevice(t.second, 3, s, targets[j]);
    }
    for (int64_t j = begin; j < end; ++j) copyRowDevice(t.data, t.width, s, targets[j]);
}

}  // namespace

void relocateRowsCuda(const RelocationTensorCuda* tensors, int tensorCount, const int64_t* sources,
                      const int64_t* offsets, const int64_t* targets, int64_t sourceCount, double minOpacity,
                      CudaStream stream) {
    if (sourceCount <= 0 || tensorCount <= 0) return;
    RelocationTensors packed;
    for (int k = 0; k < tensorCount && k < MAX_RELOCATION_TENSORS; ++k) packed.t[k] = tensors[k];
    const int count = tensorCount < MAX_RELOCATION_TENSORS ? tensorCount : MAX_RELOCATION_TENSORS;
    const dim3 grid(unsigned((sourceCount + LINEAR_BLOCK - 1) / LINEAR_BLOCK), unsigned(count));
    relocateKernel<<<grid, LINEAR_BLOCK, 0, stream>>>(packed, sources, offsets, targets, sourceCount, minOpacity);
}

}  // namespace sw::train::kernels
