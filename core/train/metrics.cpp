#include "core/train/metrics.h"

#include <cmath>

#include "core/foundation/check.h"

namespace sw::train {
namespace {

constexpr int SSIM_WINDOW = 11;
constexpr double SSIM_SIGMA = 1.5;
constexpr double SSIM_C1 = 0.01 * 0.01;
constexpr double SSIM_C2 = 0.03 * 0.03;

// Separable 'valid' Gaussian filter of one channel: [h, w] → [h − 10, w − 10].
std::vector<double> blurValid(const std::vector<double>& img, int w, int h, const double* kernel) {
    const int ow = w - SSIM_WINDOW + 1, oh = h - SSIM_WINDOW + 1;
    std::vector<double> rows(std::size_t(h) * std::size_t(ow));
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < ow; ++x) {
            double s = 0;
            for (int k = 0; k < SSIM_WINDOW; ++k) s += kernel[k] * img[std::size_t(y) * std::size_t(w) + std::size_t(x + k)];
            rows[std::size_t(y) * std::size_t(ow) + std::size_t(x)] = s;
        }
    std::vector<double> out(std::size_t(oh) * std::size_t(ow));
    for (int y = 0; y < oh; ++y)
        for (int x = 0; x < ow; ++x) {
            double s = 0;
            for (int k = 0; k < SSIM_WINDOW; ++k) s += kernel[k] * rows[std::size_t(y + k) * std::size_t(ow) + std::size_t(x)];
            out[std::size_t(y) * std::size_t(ow) + std::size_t(x)] = s;
        }
    return out;
}

}  // namespace

double meanAbsError(std::span<const float> a, std::span<const float> b) {
    SW_REQUIRE(a.size() == b.size() && !a.empty(), "sizes " << a.size() << " vs " << b.size());
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) sum += std::abs(double(a[i]) - double(b[i]));
    return sum / double(a.size());
}

double psnr(std::span<const float> a, std::span<const float> b) {
    SW_REQUIRE(a.size() == b.size() && !a.empty(), "sizes " << a.size() << " vs " << b.size());
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) sum += (double(a[i]) - double(b[i])) * (double(a[i]) - double(b[i]));
    const double mse = sum / double(a.size());
    return mse > 1e-10 ? 10.0 * std::log10(1.0 / mse) : 100.0;
}

double ssim(std::span<const float> a, std::span<const float> b, int width, int height, int channels) {
    SW_REQUIRE(width >= SSIM_WINDOW && height >= SSIM_WINDOW, "image " << width << "x" << height);
    SW_REQUIRE(a.size() == b.size() && a.size() == std::size_t(width) * std::size_t(height) * std::size_t(channels),
               "sizes " << a.size() << " vs " << b.size());
    double kernel[SSIM_WINDOW];
    double norm = 0;
    for (int k = 0; k < SSIM_WINDOW; ++k) {
        const double d = k - SSIM_WINDOW / 2;
        kernel[k] = std::exp(-d * d / (2 * SSIM_SIGMA * SSIM_SIGMA));
        norm += kernel[k];
    }
    for (double& k : kernel) k /= norm;
    const std::size_t pixels = std::size_t(width) * std::size_t(height);
    double total = 0;
    for (int c = 0; c < channels; ++c) {
        std::vector<double> x(pixels), y(pixels), xx(pixels), yy(pixels), xy(pixels);
        for (std::size_t p = 0; p < pixels; ++p) {
            x[p] = a[p * std::size_t(channels) + std::size_t(c)];
            y[p] = b[p * std::size_t(channels) + std::size_t(c)];
            xx[p] = x[p] * x[p];
            yy[p] = y[p] * y[p];
            xy[p] = x[p] * y[p];
        }
        const auto mx = blurValid(x, width, height, kernel), my = blurValid(y, width, height, kernel);
        const auto sxx = blurValid(xx, width, height, kernel), syy = blurValid(yy, width, height, kernel);
        const auto sxy = blurValid(xy, width, height, kernel);
        double sum = 0;
        for (std::size_t i = 0; i < mx.size(); ++i) {
            const double vx = sxx[i] - mx[i] * mx[i], vy = syy[i] - my[i] * my[i], cxy = sxy[i] - mx[i] * my[i];
            sum += ((2 * mx[i] * my[i] + SSIM_C1) * (2 * cxy + SSIM_C2)) /
                   ((mx[i] * mx[i] + my[i] * my[i] + SSIM_C1) * (vx + vy + SSIM_C2));
        }
        total += sum / double(mx.size());
    }
    return total / channels;
}

double opaqueShare(std::span<const float> opacities, float threshold) {
    if (opacities.empty()) return 0.0;
    std::size_t n = 0;
    for (float o : opacities) n += o > threshold ? 1 : 0;
    return double(n) / double(opacities.size());
}

int countOutsideSilhouette(const splat::SplatCloud& cloud, const std::vector<TrainView>& views, float minOpacity,
                           float alphaThreshold) {
    int count = 0;
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        if (cloud.opacities[i] <= minOpacity) continue;
        const Eigen::Vector3d p = cloud.positions[i].cast<double>();
        for (const TrainView& v : views) {
            const auto& m = v.worldToCamera;
            const double x = m[0] * p.x() + m[1] * p.y() + m[2] * p.z() + m[3];
            const double y = m[4] * p.x() + m[5] * p.y() + m[6] * p.z() + m[7];
            const double z = m[8] * p.x() + m[9] * p.y() + m[10] * p.z() + m[11];
            if (z <= 1e-6) continue;
            const double u = v.fx * x / z + v.cx, w = v.fy * y / z + v.cy;
            if (u < 0 || w < 0 || u >= v.width || w >= v.height) continue;
            if (v.alpha[std::size_t(w) * std::size_t(v.width) + std::size_t(u)] < alphaThreshold) {
                ++count;
                break;
            }
        }
    }
    return count;
}

}  // namespace sw::train
