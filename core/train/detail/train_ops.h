#pragma once
// The element-wise pieces of a training step besides the rasterizer: the L1 image loss and its
// gradient, the opacity entropy term, the Adam update, the MCMC relocation's row surgery and
// position noise. Like
// rasterize(), each function dispatches on the device of its tensors: CPU loops here
// (train_ops.cpp), CUDA kernels in SPLATWRIGHT_CUDA builds (cuda/train_ops_cuda.cu), so the
// trainer has no backend branches. Losses are accumulated into a float64 tensor on the same
// device, so a CUDA step never waits for the host; the trainer reads the sum when it reports.
// Torch-facing: core/train only. Preconditions (caller bugs, SW_REQUIRE): float32 contiguous
// tensors of matching shapes, all on one device.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace sw::train {

// The calling thread issues its CUDA work on a stream of its own from libtorch's pool for as
// long as this lives (nothing on the CPU): several trainings of one process (batch.h lanes)
// then overlap on the GPU instead of queuing on the device's legacy default stream, which
// synchronises with every other stream. Each lane's tensors are made and used on its stream.
class OwnStream {
public:
    explicit OwnStream(const at::Device& device);
    ~OwnStream();
    OwnStream(const OwnStream&) = delete;
    OwnStream& operator=(const OwnStream&) = delete;

private:
    std::shared_ptr<void> m_guard;
};

// d(loss)/d(image) of loss = mean|rgb − gt| + alphaWeight·mean|alpha − gtAlpha|, with the
// ground truth gt = gtPremultiplied + background·(1 − gtAlpha): sign(difference)/count
// (0 where equal) into gradRgb/gradAlpha; adds the loss to lossSum.
// rgb, gtPremultiplied, gradRgb: [H, W, 3]; alpha, gtAlpha, gradAlpha: [H, W]; lossSum: [1] float64.
// threads: the CPU loop's threads (0: every core); the result does not depend on it.
void l1LossGradient(const at::Tensor& rgb, const at::Tensor& alpha, const at::Tensor& gtPremultiplied,
                    const at::Tensor& gtAlpha, double background, double alphaWeight, at::Tensor& gradRgb,
                    at::Tensor& gradAlpha, at::Tensor& lossSum, int threads = 1);

// Opacity entropy (trainer.h): adds weight·d/dl of mean σ(l)(1 − σ(l)) to grad and
// weight·mean σ(l)(1 − σ(l)) to lossSum. logits, grad: [N]; lossSum: [1] float64.
void entropyGradient(const at::Tensor& logits, at::Tensor& grad, double weight, at::Tensor& lossSum);

// One parameter group of adamUpdate: the parameter (its .grad() is read), its moments.
struct AdamGroupRef {
    at::Tensor* param = nullptr;     // [N, ...] leaf tensor
    at::Tensor* expAvg = nullptr;    // [N, ...] first moment m
    at::Tensor* expAvgSq = nullptr;  // [N, ...] second moment v
    double lr = 0;
};

// Adam (Kingma & Ba 2015, Algorithm 1) at time step `step` (1-based) over every group whose
// parameter has a gradient, then releases those gradients (undefined, as PyTorch's
// zero_grad(set_to_none=True)); on CUDA one kernel launch for all groups (at most 8).
// m ← β₁m + (1−β₁)g, v ← β₂v + (1−β₂)g², p ← p − lr·m̂/(√v̂ + eps).
// threads: the CPU loop's threads (0: every core); the result does not depend on it.
void adamUpdate(const std::vector<AdamGroupRef>& groups, double beta1, double beta2, double eps, std::int64_t step,
                int threads = 1);

// Which rows an MCMC relocation moves (Kheradmand et al. 2024, §3.3): row sources[u] ends up
// as itself plus copies on rows targets[offsets[u] .. offsets[u + 1]). Built on the host by the
// strategy's sampler; sources are distinct, targets are distinct and none is a source.
struct RelocationPlan {
    std::vector<std::int64_t> sources;  // [U]
    std::vector<std::int64_t> offsets;  // [U + 1], offsets[0] = 0, non-decreasing
    std::vector<std::int64_t> targets;  // [offsets[U]]
};

// The tensors a relocation edits in place, all [N, ...] float32 contiguous on one device.
struct RelocationTensors {
    std::vector<at::Tensor> copied;  // parameters copied from each source onto its targets
    at::Tensor opacityLogits;        // [N]: Eq. 9 opacity of each source, then copied
    at::Tensor logScales;            // [N, 3]: + log(Eq. 9 scale factor) on each source, then copied
    std::vector<at::Tensor> zeroed;  // Adam moments: zeroed in every source and target row
};

// The relocation's row surgery: each source's opacity and scale follow Eq. 9 with N = 1 +
// its copy count (cuda/relocation_eq9.h: o' = 1 − (1 − o)^(1/N), o' clamped to
// [minOpacity, 1 − ε]), then every parameter row of the source is copied onto its targets, and
// the Adam moments of sources and targets are zeroed. CPU loop or one CUDA launch (the plan is
// uploaded as one small index tensor); the result does not depend on the backend's schedule.
// Preconditions (SW_REQUIRE): at most 16 tensors, rows in range, the plan as described.
void relocateRows(const RelocationTensors& tensors, const RelocationPlan& plan, double minOpacity);

// MCMC position noise (Kheradmand et al. 2024, Eq. 10, as in gsplat) on a non-CPU device:
// means += Σ·ε·σ(−100(o − 0.005))·scaler, Σ = R S Sᵀ Rᵀ, ε ~ N(0, I) drawn per row from a
// counter-based generator (Philox-4x32-10, key `seed`, one subsequence per row), so the draws
// are reproducible but differ from the CPU strategy's engine. Rows whose gate is below 1e-7 are
// skipped, as on the CPU. means: [N, 3]; quats: [N, 4]; logScales: [N, 3]; opacityLogits: [N].
void meansNoiseOnDevice(at::Tensor& means, const at::Tensor& quats, const at::Tensor& logScales,
                        const at::Tensor& opacityLogits, double scaler, std::uint64_t seed);

}  // namespace sw::train
