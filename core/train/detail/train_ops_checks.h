#pragma once
// The preconditions and the device plumbing shared by the files of train_ops.h (train_ops.cpp,
// mcmc_ops.cpp): tensor checks (SW_REQUIRE, caller bugs), the missing-backend failure and, in
// SPLATWRIGHT_CUDA builds, the stream a tensor's kernels run on. Torch-facing: core/train only.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <cstdlib>

#include "core/foundation/check.h"
#ifdef SW_HAVE_CUDA
#include <c10/cuda/CUDAStream.h>

#include "core/train/cuda/rasterize_cuda.h"
#endif

namespace sw::train::detail {

// t: float32, contiguous, on like's device, numel elements.
inline void requireFloat(const at::Tensor& t, const at::Tensor& like, std::int64_t numel, const char* what) {
    SW_REQUIRE(t.defined() && t.scalar_type() == at::kFloat && t.is_contiguous() && t.device() == like.device() &&
                   t.numel() == numel,
               what << ": " << (t.defined() ? t.toString() : "undefined") << " numel " << t.numel() << ", expected "
                    << numel << " on " << like.device());
}

// lossSum: [1] float64 on like's device.
inline void requireLossSum(const at::Tensor& lossSum, const at::Tensor& like) {
    SW_REQUIRE(lossSum.scalar_type() == at::kDouble && lossSum.numel() == 1 && lossSum.device() == like.device(),
               "lossSum " << lossSum.toString() << " on " << lossSum.device());
}

[[noreturn]] inline void noBackend(const at::Tensor& t) {
    SW_REQUIRE(false, "no training-op backend for device " << t.device());
    std::abort();
}

#ifdef SW_HAVE_CUDA
// libtorch's current stream on t's device.
inline kernels::CudaStream streamOf(const at::Tensor& t) {
    return c10::cuda::getCurrentCUDAStream(t.device().index()).stream();
}
#endif

}  // namespace sw::train::detail
