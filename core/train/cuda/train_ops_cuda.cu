// CUDA kernels of the training step's element-wise pieces (train_ops_cuda.h): one thread per
// pixel (loss), per logit (entropy), per parameter element (Adam, all groups in one launch) or
// per splat (MCMC noise). Sums go through a warp shuffle, a shared-memory block reduction and
// one float64 atomicAdd per block, so their last bits vary with the block order; the
// gradients they write do not. Each kernel mirrors the CPU loop of train_ops.cpp / mcmc_strategy.cpp.
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

__global__ void __launch_bounds__(LINEAR_BLOCK)
    l1LossKernel(const float* __restrict__ rgb, const float* __restrict__ alpha, const float* __restrict__ gtRgb,
                 const float* __restrict__ gtAlpha, int64_t pixels, float background, float alphaWeight,
                 float* __restrict__ gradRgb, float* __restrict__ gradAlpha, double* lossSum, const DeviceStep* step) {
    const int64_t p = int64_t(blockIdx.x) * LINEAR_BLOCK + threadIdx.x;
    if (step) {  // the step's view of the stacked ground truth, and its background
        gtRgb += int64_t(step->view) * pixels * 3;
        gtAlpha += int64_t(step->view) * pixels;
        background = step->background[0];
    }
    double local = 0;
    if (p < pixels) {
        const float rgbScale = 1.f / float(pixels * 3), alphaScale = alphaWeight / float(pixels);
        const float a = gtAlpha[p];
        float rgbAbs = 0;
        for (int c = 0; c < 3; ++c) {
            const float d = rgb[p * 3 + c] - (gtRgb[p * 3 + c] + background * (1.f - a));
            rgbAbs += fabsf(d);
            gradRgb[p * 3 + c] = signOf(d, rgbScale);
        }
        const float d = alpha[p] - a;
        gradAlpha[p] = signOf(d, alphaScale);
        local = double(rgbAbs) / double(pixels * 3) + double(alphaWeight) * double(fabsf(d)) / double(pixels);
    }
    blockAtomicAdd(local, lossSum);
}

__global__ void __launch_bounds__(LINEAR_BLOCK)
    entropyKernel(const float* __restrict__ logits, float* __restrict__ grad, int64_t n, float weight, double* lossSum,
                  const DeviceStep* step) {
    const int64_t i = int64_t(blockIdx.x) * LINEAR_BLOCK + threadIdx.x;
    if (step) weight = step->entropyWeight;
    double local = 0;
    if (i < n) {
        const float o = 1.f / (1.f + expf(-logits[i]));
        const float scale = weight / float(n);
        grad[i] += scale * o * (1.f - o) * (1.f - 2.f * o);  // d/dl of o(1 − o), o = σ(l)
        local = double(o * (1.f - o)) * double(weight) / double(n);
    }
    blockAtomicAdd(local, lossSum);
}

struct AdamGroups {
    AdamGroupCuda g[MAX_ADAM_GROUPS];
};

__global__ void __launch_bounds__(LINEAR_BLOCK)
    adamKernel(AdamGroups groups, float beta1, float beta2, float eps, float invSqrtC2, const DeviceStep* step) {
    const AdamGroupCuda& g = groups.g[blockIdx.y];
    float stepSize = g.stepSize;
    if (step) {  // the step's Adam time (device_step.h)
        stepSize = step->adamStepSize[g.group];
        invSqrtC2 = step->adamInvSqrtC2;
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

}  // namespace

void l1LossGradientCuda(const float* rgb, const float* alpha, const float* gtPremultiplied, const float* gtAlpha,
                        int64_t pixels, float background, float alphaWeight, float* gradRgb, float* gradAlpha,
                        double* lossSum, const DeviceStep* step, CudaStream stream) {
    if (pixels == 0) return;
    l1LossKernel<<<blocksFor(pixels), LINEAR_BLOCK, 0, stream>>>(
        rgb, alpha, gtPremultiplied, gtAlpha, pixels, background, alphaWeight, gradRgb, gradAlpha, lossSum, step);
}

void entropyGradientCuda(const float* logits, float* grad, int64_t n, float weight, double* lossSum,
                         const DeviceStep* step, CudaStream stream) {
    if (n == 0) return;
    entropyKernel<<<blocksFor(n), LINEAR_BLOCK, 0, stream>>>(logits, grad, n, weight, lossSum, step);
}

void selectDeviceStepCuda(const DeviceStep* table, int32_t count, int32_t* counter, DeviceStep* current,
                          CudaStream stream) {
    if (count <= 0) return;
    selectStepKernel<<<1, (STEP_WORDS + 31) / 32 * 32, 0, stream>>>(table, count, counter, current);
}

void adamUpdateCuda(const AdamGroupCuda* groups, int groupCount, float beta1, float beta2, float eps,
                    float invSqrtC2, const DeviceStep* step, CudaStream stream) {
    if (groupCount <= 0) return;
    AdamGroups packed;
    int64_t largest = 0;
    for (int k = 0; k < groupCount && k < MAX_ADAM_GROUPS; ++k) {
        packed.g[k] = groups[k];
        largest = groups[k].count > largest ? groups[k].count : largest;
    }
    if (largest == 0) return;
    const dim3 grid(unsigned(blocksFor(largest) < 1024 ? blocksFor(largest) : 1024), unsigned(groupCount));
    adamKernel<<<grid, LINEAR_BLOCK, 0, stream>>>(packed, beta1, beta2, eps, invSqrtC2, step);
}

void meansNoiseCuda(float* means, const float* quats, const float* logScales, const float* opacityLogits, int64_t n,
                    float scaler, uint64_t seed, const DeviceStep* step, CudaStream stream) {
    if (n == 0) return;
    meansNoiseKernel<<<blocksFor(n), LINEAR_BLOCK, 0, stream>>>(means, quats, logScales, opacityLogits, n, scaler,
                                                                 seed, step);
}

}  // namespace sw::train::kernels
