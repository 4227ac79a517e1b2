#pragma once
// Eq. 9 of "3D Gaussian Splatting as Markov Chain Monte Carlo" (Kheradmand et al., 2024) for a
// splat that ends up as N identical copies, written once for the host and the device: the CPU
// strategy (mcmc_strategy.cpp relocationEq9, mcmc_ops.cpp relocateRows) and the relocation
// kernel (cuda/relocate_cuda.cu) call this same function, so both backends evaluate the same
// float64 formula. Torch-free and CUDA-free (nvcc C++17 and the C++20 host compiler).
//   o' = 1 − (1 − o)^(1/N),
//   Σ' = (o / Σ_{i=1..N} Σ_{k=0..i−1} C(i−1, k)·(−1)^k·o'^(k+1)/√(k+1))² Σ,
// so the scale factor (for the standard deviations) is the term in parentheses; N is clamped
// to 1..RELOCATION_MAX_COPIES as in gsplat (strategy/ops.py, relocate).
#include <float.h>
#include <math.h>

#if defined(__CUDACC__)
#define SW_HOST_DEVICE __host__ __device__
#else
#define SW_HOST_DEVICE
#endif

namespace sw::train {

inline constexpr int RELOCATION_MAX_COPIES = 51;

struct Eq9Result {
    double opacity = 0;      // o'
    double scaleFactor = 1;  // multiplies each standard deviation; 1 where the sum degenerates
};

SW_HOST_DEVICE inline Eq9Result relocationEq9Formula(double opacity, int copies) {
    const int n = copies < 1 ? 1 : (copies > RELOCATION_MAX_COPIES ? RELOCATION_MAX_COPIES : copies);
    Eq9Result r;
    r.opacity = 1.0 - pow(1.0 - opacity, 1.0 / n);
    double denominator = 0;
    for (int i = 1; i <= n; ++i) {
        double binomial = 1;  // C(i − 1, k), updated along k
        for (int k = 0; k < i; ++k) {
            const double sign = (k % 2 == 0) ? 1.0 : -1.0;
            denominator += binomial * sign * pow(r.opacity, double(k + 1)) / sqrt(double(k + 1));
            binomial = binomial * double(i - 1 - k) / double(k + 1);
        }
    }
    r.scaleFactor = denominator > 0 ? opacity / denominator : 1.0;
    if (!(r.scaleFactor > 0 && r.scaleFactor <= DBL_MAX)) r.scaleFactor = 1.0;  // NaN, ±inf, ≤ 0
    return r;
}

// The new opacity logit and the log-scale increment of a source row with logit `logit` that
// ends up as `copies` splats: o = σ(logit) in float32 (as the rasterizer sees it), Eq. 9, o'
// clamped to [minOpacity, 1 − FLT_EPSILON] so that no copy is born dead or saturated.
struct Eq9Row {
    float logit = 0;
    float logScaleDelta = 0;
};

SW_HOST_DEVICE inline Eq9Row relocationEq9Row(float logit, int copies, double minOpacity) {
    const float opacity = 1.f / (1.f + expf(-logit));
    const Eq9Result r = relocationEq9Formula(double(opacity), copies);
    const double maxOpacity = 1.0 - double(FLT_EPSILON);
    const double o = r.opacity < minOpacity ? minOpacity : (r.opacity > maxOpacity ? maxOpacity : r.opacity);
    return Eq9Row{float(log(o / (1.0 - o))), float(log(r.scaleFactor))};
}

}  // namespace sw::train
