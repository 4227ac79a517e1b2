#pragma once
// The element-wise pieces of a training step besides the rasterizer: the L1 image loss and its
// gradient, the opacity entropy term, the Adam update, the MCMC relocation's row surgery and
// position noise. Like
// rasterize(), each function dispatches on the device of its tensors: CPU loops here
// (train_ops.cpp, mcmc_ops.cpp, step_graph.cpp), CUDA kernels in SPLATWRIGHT_CUDA builds (cuda/train_ops_cuda.cu), so the
// trainer has no backend branches. Losses are accumulated into a float64 tensor on the same
// device, so a CUDA step never waits for the host; the trainer reads the sum when it reports.
// Torch-facing: core/train only. Preconditions (caller bugs, SW_REQUIRE): float32 contiguous
// tensors of matching shapes, all on one device.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace sw::train {

namespace kernels {
struct DeviceStep;  // device_step.h
}

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

// Runs body(j) for j = 0 … n − 1 on n threads at once and returns when all are done (an
// exception of a body is rethrown, the first by j). On a CUDA device each thread issues its
// work on a stream of its own that first waits for the calling thread's current stream, and the
// calling thread's stream then waits for each of them: what was queued before the call runs
// before the bodies' work, theirs before what is queued after. For trainings in lockstep whose
// step of a tick cannot be replayed (a refine step reads back and plans on the host) and for
// their metrics: one training's read-back no longer waits for the others'.
void runSideBySide(int n, const at::Device& device, const std::function<void(int)>& body);

// d(loss)/d(image) of loss = mean|rgb − gt| + alphaWeight·mean|alpha − gtAlpha|, with the
// ground truth gt = gtPremultiplied + background·(1 − gtAlpha): sign(difference)/count
// (0 where equal) into gradRgb/gradAlpha; adds the loss to lossSum.
// rgb, gtPremultiplied, gradRgb: [H, W, 3]; alpha, gtAlpha, gradAlpha: [H, W]; lossSum: [1] float64.
// threads: the CPU loop's threads (0: every core); the result does not depend on it.
void l1LossGradient(const at::Tensor& rgb, const at::Tensor& alpha, const at::Tensor& gtPremultiplied,
                    const at::Tensor& gtAlpha, double background, double alphaWeight, at::Tensor& gradRgb,
                    at::Tensor& gradAlpha, at::Tensor& lossSum, int threads = 1);

// The per-step scalars of a training on a CUDA device (device_step.h): one DeviceStep per step
// of the run, uploaded once, the slot the step's kernels read and the index of the next entry.
// selectDeviceStep queues the copy of the next entry to the slot (one thread), so a step's
// launches do not change from step to step and can be captured as a graph (StepGraph).
struct DeviceSteps {
    at::Tensor table;    // [steps · sizeof(DeviceStep)] bytes on the device
    at::Tensor current;  // [sizeof(DeviceStep)] bytes: the step being run
    at::Tensor counter;  // [1] int32: the table entry the next selectDeviceStep copies
    std::int64_t steps = 0;
    const kernels::DeviceStep* slot() const;  // the device address of `current`
};
// Uploads `steps` (blocking) to `device` and points the counter at its first entry.
DeviceSteps uploadDeviceSteps(const std::vector<kernels::DeviceStep>& steps, const at::Device& device);
void selectDeviceStep(DeviceSteps& steps);

// l1LossGradient with the step's view and background read on the device from steps.slot():
// gtPremultiplied [views, H, W, 3] and gtAlpha [views, H, W] hold every train view. CUDA only.
void l1LossGradientOfStep(const at::Tensor& rgb, const at::Tensor& alpha, const at::Tensor& gtPremultiplied,
                          const at::Tensor& gtAlpha, const DeviceSteps& steps, double alphaWeight,
                          at::Tensor& gradRgb, at::Tensor& gradAlpha, at::Tensor& lossSum);
// l1LossGradientOfStep of several trainings (each its own images, ground truth, steps and sums,
// all on one device) in one launch: K trainings in lockstep (detail/train_hooks.h). CUDA only.
struct StepLoss {
    const at::Tensor* rgb = nullptr;
    const at::Tensor* alpha = nullptr;
    const at::Tensor* gtPremultiplied = nullptr;
    const at::Tensor* gtAlpha = nullptr;
    const DeviceSteps* steps = nullptr;
    double alphaWeight = 0;
    at::Tensor* gradRgb = nullptr;
    at::Tensor* gradAlpha = nullptr;
    at::Tensor* lossSum = nullptr;
};
void l1LossGradientOfSteps(const std::vector<StepLoss>& jobs);

// One training step recorded as a CUDA graph (libtorch's CUDAGraph, whose private memory pool
// keeps every buffer the step allocates at the address it was recorded with): capture() runs
// `body` once with its kernel launches on the current stream recorded instead of run (other
// threads' CUDA calls do not disturb it), replay() runs them all with one launch. The body
// must not wait for the host (no read-back, no host-dependent allocation size) and must take
// every per-step scalar through DeviceSteps. A CUDA-build-only mechanism: the CPU path and a
// step run without it compute the same (available() says where it exists).
class StepGraph {
public:
    StepGraph();
    ~StepGraph();
    StepGraph(const StepGraph&) = delete;
    StepGraph& operator=(const StepGraph&) = delete;
    static bool available(const at::Device& device);
    void capture(const std::function<void()>& body);
    // One recording of `branches` independent bodies: body(b) runs with a stream of its own
    // current (forked from and joined back to the current stream), so a replay runs the
    // branches side by side.
    void captureBranches(int branches, const std::function<void(int branch)>& body);
    // One recording of stages in order: a branched stage runs body(b) for every branch b with
    // branch b's own stream current (the same stream in every stage; forked from and joined back
    // to the current stream), a joint stage runs body(−1) once on the current stream, after every
    // branch of the stages before it. captureBranches is one branched stage.
    struct Stage {
        bool branched = true;
        std::function<void(int branch)> body;
    };
    void captureStages(int branches, const std::vector<Stage>& stages);
    void replay();
    void reset();
    bool captured() const { return m_captured; }

private:
    std::shared_ptr<void> m_graph;
    bool m_captured = false;
};

// Opacity entropy (trainer.h): adds weight·d/dl of mean σ(l)(1 − σ(l)) to grad and
// weight·mean σ(l)(1 − σ(l)) to lossSum. logits, grad: [N]; lossSum: [1] float64.
// step (CUDA, DeviceSteps::slot()): the kernel reads the step's weight, the same value.
void entropyGradient(const at::Tensor& logits, at::Tensor& grad, double weight, at::Tensor& lossSum,
                     const kernels::DeviceStep* step = nullptr);
// entropyGradient of several trainings (all on one device): on the CPU one after another, on
// CUDA one launch. step: as above (null: weight).
struct EntropyTerm {
    const at::Tensor* logits = nullptr;
    at::Tensor* grad = nullptr;
    double weight = 0;
    at::Tensor* lossSum = nullptr;
    const kernels::DeviceStep* step = nullptr;
};
void entropyGradients(const std::vector<EntropyTerm>& terms);

// One parameter group of adamUpdate: the parameter (its .grad() is read), its moments.
struct AdamGroupRef {
    at::Tensor* param = nullptr;     // [N, ...] leaf tensor
    at::Tensor* expAvg = nullptr;    // [N, ...] first moment m
    at::Tensor* expAvgSq = nullptr;  // [N, ...] second moment v
    double lr = 0;
    int index = 0;                   // the group's index in the optimizer (DeviceStep::adamStepSize)
};

// Adam (Kingma & Ba 2015, Algorithm 1) at time step `step` (1-based) over every group whose
// parameter has a gradient, then releases those gradients (undefined, as PyTorch's
// zero_grad(set_to_none=True)); on CUDA one kernel launch for all groups (at most 8).
// m ← β₁m + (1−β₁)g, v ← β₂v + (1−β₂)g², p ← p − lr·m̂/(√v̂ + eps).
// threads: the CPU loop's threads (0: every core); the result does not depend on it.
// deviceStep (CUDA): the step sizes and 1/√(1 − β₂ᵗ) come from the step's scalars on the device
// (computed by the trainer for the same t and learning rates).
void adamUpdate(const std::vector<AdamGroupRef>& groups, double beta1, double beta2, double eps, std::int64_t step,
                int threads = 1, const kernels::DeviceStep* deviceStep = nullptr);
// adamUpdate of several trainings (all on one device), each at its own time step and with its
// own device step: on the CPU one after another, on CUDA one launch for every group of every
// training (K trainings in lockstep, detail/train_hooks.h). The results are adamUpdate's.
struct AdamJob {
    std::vector<AdamGroupRef> groups;
    std::int64_t step = 0;                          // 1-based Adam time of this update
    const kernels::DeviceStep* deviceStep = nullptr;
};
void adamUpdates(const std::vector<AdamJob>& jobs, double beta1, double beta2, double eps, int threads = 1);

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
// step (DeviceSteps::slot()): scaler and seed are read from the step's scalars on the device.
void meansNoiseOnDevice(at::Tensor& means, const at::Tensor& quats, const at::Tensor& logScales,
                        const at::Tensor& opacityLogits, double scaler, std::uint64_t seed,
                        const kernels::DeviceStep* step = nullptr);

}  // namespace sw::train
