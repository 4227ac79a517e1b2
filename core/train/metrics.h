#pragma once
// Image and cloud metrics reported during training (validation views every K steps).
#include <cstddef>
#include <span>
#include <vector>

#include "core/splat/splat_cloud.h"
#include "core/train/train_data.h"

namespace sw::train {

// Mean absolute difference of two equally sized arrays.
double meanAbsError(std::span<const float> a, std::span<const float> b);

// Peak signal-to-noise ratio for values in [0, 1]: 10·log10(1 / MSE); 100 dB when identical.
double psnr(std::span<const float> a, std::span<const float> b);

// Structural similarity (Wang et al., "Image Quality Assessment: From Error Visibility to
// Structural Similarity", IEEE TIP 2004, eq. 13) with an 11×11 Gaussian window of σ = 1.5,
// K1 = 0.01, K2 = 0.03, dynamic range 1, averaged over the valid window positions (no
// padding) and over channels. Images are interleaved [H, W, channels]; H, W ≥ 11.
double ssim(std::span<const float> a, std::span<const float> b, int width, int height, int channels);

// Share of splats with opacity > threshold (PIPELINE §3: ~98% end fully opaque).
double opaqueShare(std::span<const float> opacities, float threshold = 0.9f);

// Splats floating outside the object: centre with opacity > minOpacity that lands, in at
// least one of the views, on a pixel whose ground-truth alpha is below alphaThreshold.
int countOutsideSilhouette(const splat::SplatCloud& cloud, const std::vector<TrainView>& views,
                           float minOpacity = 0.05f, float alphaThreshold = 1.f / 255.f);

}  // namespace sw::train
