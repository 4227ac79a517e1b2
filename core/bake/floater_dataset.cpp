// Sign 4 of the floater pass (PIPELINE §4): project each splat's disc into the train views of
// the dataset; a splat whose disc covers only transparent background in every view it lands
// in is a sub-pixel floater the trainer could not kill.
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/bake/detail/parallel.h"
#include "core/bake/floaters.h"
#include "core/dataset/belt.h"
#include "core/dataset/transforms.h"

namespace sw::bake {

Result<DatasetViews> loadDatasetViews(const std::string& dir, const Progress& progress) {
    const std::string json = (std::filesystem::path(dir) / "transforms_train.json").string();
    if (!std::filesystem::is_regular_file(json))
        return makeError(ErrorCode::Io, "dataset folder has no transforms_train.json", dir);
    auto split = dataset::readTransforms(json);
    if (!split) return split.error();
    DatasetViews views;
    views.cameraAngleX = split->cameraAngleX;
    for (std::size_t k = 0; k < split->frames.size(); ++k) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "dataset loading cancelled", dir);
        const dataset::DatasetFrame& f = split->frames[k];
        auto image = readImageFile(f.imagePath);
        if (!image) return image.error();
        views.cameraToWorld.push_back(f.cameraToWorld);
        views.images.push_back(std::move(*image));
        progress.report(double(k + 1) / double(split->frames.size()), "loading dataset views");
    }
    return views;
}

namespace {

enum class DiscVerdict { Outside, Background, Covered };

// Projects the disc (centre, world radius) into one view: Outside when the centre is behind the
// camera or off the image, Background when every pixel of the disc has alpha ≤ threshold.
DiscVerdict projectDisc(const Eigen::Vector3d& centre, double radius, const Eigen::Matrix4d& c2w, const Rgba8Image& img,
                        const dataset::Intrinsics& k, int backgroundAlpha) {
    const Eigen::Matrix3d rot = c2w.block<3, 3>(0, 0);
    const Eigen::Vector3d pc = rot.transpose() * (centre - c2w.block<3, 1>(0, 3));
    const double depth = -pc.z();  // OpenGL camera looks down −Z
    if (depth <= 1e-6) return DiscVerdict::Outside;
    const double u = k.cx + k.fx * pc.x() / depth;
    const double v = k.cy - k.fy * pc.y() / depth;  // image rows go down, camera +Y goes up
    if (u < 0 || v < 0 || u >= k.width || v >= k.height) return DiscVerdict::Outside;
    const double rpx = std::max(0.5, radius * k.fx / depth);
    const int x0 = std::max(0, int(std::floor(u - rpx))), x1 = std::min(k.width - 1, int(std::floor(u + rpx)));
    const int y0 = std::max(0, int(std::floor(v - rpx))), y1 = std::min(k.height - 1, int(std::floor(v + rpx)));
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            const double dx = x + 0.5 - u, dy = y + 0.5 - v;
            const bool centrePixel = x == int(u) && y == int(v);
            if (!centrePixel && dx * dx + dy * dy > rpx * rpx) continue;
            if (img.rgba[(std::size_t(y) * std::size_t(img.width) + std::size_t(x)) * 4 + 3] > backgroundAlpha)
                return DiscVerdict::Covered;
        }
    return DiscVerdict::Background;
}

}  // namespace

std::vector<std::uint8_t> datasetSign(const splat::SplatCloud& cloud, const DatasetViews& views,
                                      const FloaterSettings& settings, const Progress& progress) {
    std::vector<dataset::Intrinsics> intr;
    for (const auto& img : views.images) intr.push_back(dataset::intrinsicsFromFovX(views.cameraAngleX, img.width, img.height));
    std::vector<std::uint8_t> flag(cloud.size(), 0);
    detail::parallelFor(cloud.size(), 0, [&](std::size_t b, std::size_t e) {
        for (std::size_t i = b; i < e; ++i) {
            if ((i & 127) == 0 && progress.cancelled()) return;
            const Eigen::Vector3d c = cloud.positions[i].cast<double>();
            const double radius = double(settings.discSigmas) * double(cloud.scales[i].maxCoeff());
            int landed = 0;
            bool covered = false;
            for (std::size_t v = 0; v < views.images.size() && !covered; ++v) {
                const DiscVerdict d = projectDisc(c, radius, views.cameraToWorld[v], views.images[v], intr[v],
                                                  settings.backgroundAlpha);
                landed += d != DiscVerdict::Outside ? 1 : 0;
                covered = d == DiscVerdict::Covered;
            }
            flag[i] = landed > 0 && !covered ? 1 : 0;
        }
    });
    progress.report(1.0, "dataset pass done");
    return flag;
}

}  // namespace sw::bake
