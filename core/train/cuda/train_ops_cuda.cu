// CUDA kernels of the training step's element-wise pieces (train_ops_cuda.h): one thread per
// pixel (loss), per logit (entropy), per parameter element (Adam, all groups in one launch) or
// per splat (MCMC noise). Sums go through a warp shuffle, a shared-memory block reduction and
// one float64 atomicAdd per block, so their last bits vary with the block order; the
// gradients they write do not. Each kernel mirrors the CPU loop of train_ops.cpp /
// mcmc_ops.cpp / mcmc_strategy.cpp.
#include <curand_kernel.h>

#include "core/train/cuda/device_math.cuh"
#include "core/train/cuda/train_ops_cuda.h"

namespace sw::train::kernels {
namespace {

using device::LINEAR_BLOCK;

int blocksFor(int64_t n) { return int((n + LINEAR_BLOCK - 1) / LINEAR_BLOCK); }

// Adds the block's sum of `value` to *sum with one atomicAdd. Every thread of the block calls it.
__device__ void blockAtomicAdd(double value, double* sum) {
    __shared__ double warpSums[LINEAR_BLOCK / 32];
    for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
    const int lane = int(threadIdx.x) % 32, warp = int(threadIdx.x) / 32;
    if (lane == 0) warpSums[warp] = value;
    __syncthreads();
    if (warp == 0) {
        value = lane < LINEAR_BLOCK / 32 ? warpSums[lane] : 0.0;
        for (int offset = 16; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
        if (lane == 0 && value != 0.0) atomicAdd(sum, value);
    }
}

__device__ __forceinline__ float signOf(float d, float scale) { return d > 0 ? scale : (d < 0 ? -scale : 0.f); }

// A job table travels as a kernel argument (no upload: a recorded graph keeps it).
template <typename J, int N>
struct JobTable {
    using Job = J;
    static constexpr int capacity = N;
    Job j[N];
};
using LossJobs = JobTable<LossJobCuda, MAX_FUSED_JOBS>;
using EntropyJobs = JobTable<EntropyJobCuda, MAX_FUSED_JOBS>;
using AdamGroups = JobTable<AdamGroupCuda, MAX_FUSED_ADAM_GROUPS>;

// grid (blocks over the most pixels, jobs): block (x, y) takes pixels x·LINEAR_BLOCK … of job y.
__global__ void __launch_bounds__(LINEAR_BLOCK) l1LossKernel(LossJobs jobs) {
    const LossJobCuda& job = jobs.j[blockIdx.y];
    const int64_t p = int64_t(blockIdx.x) * LINEAR_BLOCK + threadIdx.x;
    const int64_t pixels = job.pixels;
    const float* gtRgb = job.gtRgb;
    const float* gtAlpha = job.gtAlpha;
    float background = job.background;
    if (job.step) {  // the step's view of the stacked ground truth, and its background
        gtRgb += int64_t(job.step->view) * pixels * 3;
        gtAlpha += int64_t(job.step->view) * pixels;
        background = job.step->background[0];
    }
    double local = 0;
    if (p < pixels) {
        const float rgbScale = 1.f / float(pixels * 3), alphaScale = job.alphaWeight / float(pixels);
        const float a = gtAlpha[p];
        float rgbAbs = 0;
        for (int c = 0; c < 3; ++c) {
            const float d = job.rgb[p * 3 + c] - (gtRgb[p * 3 + c] + background * (1.f - a));
            rgbAbs += fabsf(d);
            job.gradRgb[p * 3 + c] = signOf(d, rgbScale);
        }
        const float d = job.alpha[p] - a;
        job.gradAlpha[p] = signOf(d, alphaScale);
        local = double(rgbAbs) / double(pixels * 3) + double(job.alphaWeight) * double(fabsf(d)) / double(pixels);
    }
    blockAtomicAdd(local, job.lossSum);
}

__global__ void __launch_bounds__(LINEAR_BLOCK) entropyKernel(EntropyJobs jobs) {
    const EntropyJobCuda& job = jobs.j[blockIdx.y];
    const int64_t i = int64_t(blockIdx.x) * LINEAR_BLOCK + threadIdx.x;
    const int64_t n = job.n;
    const float weight = job.step ? job.step->entropyWeight : job.weight;
    double local = 0;
    if (i < n) {
        const float o = 1.f / (1.f + expf(-job.logits[i]));
        const float scale = weight / float(n);
        job.grad[i] += scale * o * (1.f - o) * (1.f - 2.f * o);  // d/dl of o(1 − o), o = σ(l)
        local = double(o * (1.f - o)) * double(weight) / double(n);
    }
    blockAtomicAdd(local, job.lossSum);
}

// grid (blocks, groups): the blocks of column y stride over group y's elements.
__global__ void __launch_bounds__(LINEAR_BLOCK) adamKernel(AdamGroups groups, float beta1, float beta2, float eps) {
    const AdamGroupCuda& g = groups.j[blockIdx.y];
    float stepSize = g.stepSize, invSqrtC2 = g.invSqrtC2;
    if (g.step) {  // the step's Adam time (device_step.h)
        stepSize = g.step->adamStepSize[g.group];
        invSqrtC2 = g.step->adamInvSqrtC2;
    }
    for (int64_t i = int64_t(blockIdx.x) * LINEAR_BLOCK + threadIdx.x; i < g.count;
         i += int64_t(gridDim.x) * LINEAR_BLOCK) {
        const float gi = g.grad[i];
        const float m = beta1 * g.expAvg[i] + (1.f - beta1) * gi;
        const float v = beta2 * g.expAvgSq[i] + (1.f - beta2) * gi * gi;
        g.expAvg[i] = m;
        g.expAvgSq[i] = v;
        g.param[i] -= stepSize * m / (sqrtf(v) * invSqrtC2 + eps);
    }
}

__global__ void __launch_bounds__(LINEAR_BLOCK)
    meansNoiseKernel(float* __restrict__ means, const float* __restrict__ quats, const float* __restrict__ logScales,
                     const float* __restrict__ logits, int64_t n, float scaler, uint64_t seed, const DeviceStep* step) {
    const int64_t i = int64_t(blockIdx.x) * LINEAR_BLOCK + threadIdx.x;
    if (i >= n) return;
    if (step) {
        scaler = step->noiseScaler;
        seed = step->noiseSeed;
    }
    const float o = 1.f / (1.f + expf(-logits[i]));
    const float gate = 1.f / (1.f + expf(100.f * (o - 0.005f)));
    if (gate < 1e-7f) return;
    float w = quats[i * 4], x = quats[i * 4 + 1], y = quats[i * 4 + 2], z = quats[i * 4 + 3];
    const float norm = sqrtf(w * w + x * x + y * y + z * z);
    if (norm < 1e-12f) return;
    w /= norm, x /= norm, y /= norm, z /= norm;
    const float r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                           {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                           {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    float var[3];
    for (int k = 0; k < 3; ++k) var[k] = expf(2.f * logScales[i * 3 + k]);
    curandStatePhilox4_32_10_t state;
    curand_init(seed, uint64_t(i), 0, &state);
    const float4 normal = curand_normal4(&state);
    const float eps[3] = {normal.x * gate * scaler, normal.y * gate * scaler, normal.z * gate * scaler};
    for (int a = 0; a < 3; ++a) {
        float delta = 0;
        for (int b = 0; b < 3; ++b) {
            float cov = 0;  // Σ = R S Sᵀ Rᵀ
            for (int k = 0; k < 3; ++k) cov += r[a][k] * var[k] * r[b][k];
            delta += cov * eps[b];
        }
        means[i * 3 + a] += delta;
    }
}

// The step's entry of the table to the fixed slot the step's kernels read, one 32-bit word per
// thread (one thread copying the struct took 5.6 µs: its loads and stores serialise), then the
// counter on to the next step.
constexpr int STEP_WORDS = int((sizeof(DeviceStep) + 3) / 4);
static_assert(sizeof(DeviceStep) % 4 == 0 && alignof(DeviceStep) >= 4, "DeviceStep copies as 32-bit words");

__global__ void __launch_bounds__(LINEAR_BLOCK)
    selectStepKernel(const DeviceStep* table, int32_t count, int32_t* counter, DeviceStep* current) {
    const int32_t k = *counter;
    const auto* from = reinterpret_cast<const uint32_t*>(table + (k < count ? k : count - 1));
    auto* to = reinterpret_cast<uint32_t*>(current);
    for (int w = int(threadIdx.x); w < STEP_WORDS; w += int(blockDim.x)) to[w] = from[w];
    __syncthreads();  // every thread has read the counter
    if (threadIdx.x == 0) *counter = k + 1;
}

// Runs `count` jobs in launches of at most Table::capacity, each launch's grid (blocks over
// its largest job's `size`, capped at maxBlocks: a kernel strides or bounds by its own job's size;
// jobs).
template <typename Table, typename Size, typename Launch>
void launchJobs(const typename Table::Job* jobs, int count, int64_t maxBlocks, Size size, Launch launch) {
    for (int first = 0; first < count; first += Table::capacity) {
        const int n = count - first < Table::capacity ? count - first : Table::capacity;
        Table table;
        int64_t largest = 0;
        for (int k = 0; k < n; ++k) {
            table.j[k] = jobs[first + k];
            largest = size(table.j[k]) > largest ? size(table.j[k]) : largest;
        }
        if (largest == 0) continue;
        const int64_t blocks = (largest + LINEAR_BLOCK - 1) / LINEAR_BLOCK;
        launch(table, dim3(unsigned(blocks < maxBlocks ? blocks : maxBlocks), unsigned(n)));
    }
}

}  // namespace

void l1LossGradientCuda(const LossJobCuda* jobs, int count, CudaStream stream) {
    launchJobs<LossJobs>(jobs, count, INT32_MAX, [](const LossJobCuda& j) { return j.pixels; },
                         [&](const LossJobs& t, dim3 grid) { l1LossKernel<<<grid, LINEAR_BLOCK, 0, stream>>>(t); });
}

void entropyGradientCuda(const EntropyJobCuda* jobs, int count, CudaStream stream) {
    launchJobs<EntropyJobs>(jobs, count, INT32_MAX, [](const EntropyJobCuda& j) { return j.n; },
                            [&](const EntropyJobs& t, dim3 grid) { entropyKernel<<<grid, LINEAR_BLOCK, 0, stream>>>(t); });
}

void selectDeviceStepCuda(const DeviceStep* table, int32_t count, int32_t* counter, DeviceStep* current,
                          CudaStream stream) {
    if (count <= 0) return;
    selectStepKernel<<<1, (STEP_WORDS + 31) / 32 * 32, 0, stream>>>(table, count, counter, current);
}

void adamUpdateCuda(const AdamGroupCuda* groups, int groupCount, float beta1, float beta2, float eps,
                    CudaStream stream) {
    launchJobs<AdamGroups>(groups, groupCount, 1024, [](const AdamGroupCuda& g) { return g.count; },
                           [&](const AdamGroups& t, dim3 grid) { adamKernel<<<grid, LINEAR_BLOCK, 0, stream>>>(t, beta1, beta2, eps); });
}

void meansNoiseCuda(float* means, const float* quats, const float* logScales, const float* opacityLogits, int64_t n,
                    float scaler, uint64_t seed, const DeviceStep* step, CudaStream stream) {
    if (n == 0) return;
    meansNoiseKernel<<<blocksFor(n), LINEAR_BLOCK, 0, stream>>>(means, quats, logScales, opacityLogits, n, scaler,
                                                                 seed, step);
}

}  // namespace sw::train::kernels
