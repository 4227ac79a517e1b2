#pragma once
// Fixed-budget strategy after "3D Gaussian Splatting as Markov Chain Monte Carlo" (Kheradmand
// et al., 2024), as gsplat's MCMCStrategy: every refineEvery steps inside the refine window,
// dead splats (opacity ≤ minOpacity) are relocated onto live ones sampled in proportion to
// opacity, the opacity and scale of each sampled splat and its copies follow the paper's
// Eq. 9, the Adam moments of every touched row are zeroed, and the cloud then grows by 5%
// up to capMax (never beyond). Every step, the means get noise (paper §3.3, Eq. 10) scaled
// by their covariance Σ, by σ(−100(o − 0.005)) and by meansLr·noiseLr. The sampler runs on the
// host from a copy of the opacity logits (the same draws on every backend); the row edits and
// the noise are train_ops.h calls, CPU loops or CUDA kernels on the state's device. Torch-facing.
#include <cstdint>
#include <random>

#include "core/train/cuda/relocation_eq9.h"
#include "core/train/detail/strategy.h"

namespace sw::train {

struct McmcSettings {
    int capMax = 6000;          // hard cap on the number of splats
    int refineStart = 500;      // first step (exclusive) of relocation
    int refineStop = 5000;      // last step (exclusive); PIPELINE: steps − 1000
    int refineEvery = 100;
    double minOpacity = 0.005;  // dead below or at this opacity
    double noiseLr = 5e5;       // noise scale = meansLr · noiseLr (gsplat's default)
    std::uint64_t seed = 1;
};

// Eq. 9 of Kheradmand et al. for a splat that ends up as `copies` identical splats:
// o' = 1 − (1 − o)^(1/N) and Σ' = (o / Σ_{i=1..N} Σ_{k=0..i−1} C(i−1, k)·(−1)^k·o'^(k+1)/√(k+1))² Σ,
// so scaleFactor (for the standard deviations) is the term in parentheses. N is clamped to
// 1..MAX_COPIES as in gsplat. The formula is cuda/relocation_eq9.h's, shared with the kernel.
struct Relocation {
    double opacity = 0;
    double scaleFactor = 1;
};
inline constexpr int MAX_COPIES = RELOCATION_MAX_COPIES;
Relocation relocationEq9(double opacity, int copies);

class McmcStrategy final : public Strategy {
public:
    explicit McmcStrategy(McmcSettings settings) : m_settings(settings) {}

    void afterStep(ParamState& state, const RenderInfo& info, int step) override;
    // Whether afterStep relocates and grows at this step (and so reads the opacities back to
    // the host); the other steps only add noise, all on the state's device.
    bool refinesAt(int step) const {
        return step > m_settings.refineStart && step < m_settings.refineStop && step % m_settings.refineEvery == 0;
    }
    // The key of the noise's Philox generator at `step` on a device (injectNoise's draw).
    std::uint64_t deviceNoiseSeed(int step) const;
    double noiseLr() const { return m_settings.noiseLr; }

    // The three parts of afterStep, public for tests. Each returns how many rows it touched.
    int relocateDead(ParamState& state, std::mt19937_64& rng);
    int addToCap(ParamState& state, std::mt19937_64& rng);
    // deviceStep (RenderInfo::deviceStep): on a device, the scale and the seed come from there.
    void injectNoise(ParamState& state, double meansLr, std::mt19937_64& rng,
                     const kernels::DeviceStep* deviceStep = nullptr) const;

    int relocatedTotal() const { return m_relocatedTotal; }
    int addedTotal() const { return m_addedTotal; }
    // For the trainer's rollback (train_loop_report.cpp): the totals of the state it restores.
    void restoreTotals(int relocated, int added) {
        m_relocatedTotal = relocated;
        m_addedTotal = added;
    }

private:
    McmcSettings m_settings;
    int m_relocatedTotal = 0;
    int m_addedTotal = 0;
};

}  // namespace sw::train
