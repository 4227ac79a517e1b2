#include "core/train/train_data.h"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/dataset/belt.h"
#include "core/dataset/transforms.h"
#include "core/foundation/image_io.h"
#include "core/foundation/log.h"

namespace sw::train {
namespace {

struct Tap {
    int index;
    float weight;
};

// For each output sample along one axis: the source samples it covers and their coverage.
std::vector<std::vector<Tap>> areaTaps(int src, int dst) {
    std::vector<std::vector<Tap>> taps(static_cast<std::size_t>(dst));
    const double step = double(src) / double(dst);
    for (int o = 0; o < dst; ++o) {
        const double a = o * step, b = (o + 1) * step;
        for (int s = int(std::floor(a)); s < int(std::ceil(b)) && s < src; ++s) {
            const double cover = std::min(b, double(s + 1)) - std::max(a, double(s));
            if (cover > 1e-9) taps[std::size_t(o)].push_back({s, float(cover / step)});
        }
    }
    return taps;
}

// False for an image without alpha (greyscale or RGB PNGs decode with alpha 255 everywhere).
bool hasTransparentPixel(const Rgba8Image& image) {
    for (std::size_t i = 3; i < image.rgba.size(); i += 4)
        if (image.rgba[i] != 255) return true;
    return false;
}

Result<std::vector<TrainView>> loadSplit(const std::string& json, int resolution, std::size_t maxViews,
                                         const Progress& progress) {
    auto split = dataset::readTransforms(json);
    if (!split) return split.error();
    std::vector<std::size_t> picks;
    const std::size_t n = split->frames.size();
    const std::size_t keep = std::min(n, maxViews);
    for (std::size_t k = 0; k < keep; ++k) picks.push_back(k * n / keep);
    std::vector<TrainView> views;
    int srcW = 0, srcH = 0;
    std::string firstPath;
    for (std::size_t k = 0; k < picks.size(); ++k) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "loading cancelled", json);
        const dataset::DatasetFrame& frame = split->frames[picks[k]];
        auto image = readImageFile(frame.imagePath);
        if (!image) return image.error();
        if (views.empty() && !hasTransparentPixel(*image))
            SW_LOG_WARN(frame.imagePath << ": no transparent pixel (no alpha channel, e.g. a greyscale or RGB PNG): "
                                           "the background is trained as part of the model");
        if (views.empty()) {
            srcW = image->width;
            srcH = image->height;
            firstPath = frame.imagePath;
        } else if (image->width != srcW || image->height != srcH) {
            return makeError(ErrorCode::InvalidInput,
                             "image is " + std::to_string(image->width) + "x" + std::to_string(image->height) +
                                 " but " + firstPath + " is " + std::to_string(srcW) + "x" + std::to_string(srcH),
                             frame.imagePath);
        }
        const int width = std::min(resolution, srcW);
        if (resolution > srcW && views.empty())
            SW_LOG_WARN("training resolution " << resolution << " exceeds the image width " << srcW << " of "
                                               << frame.imagePath << "; using " << srcW);
        views.push_back(makeView(frame.cameraToWorld, split->cameraAngleX, srcW, srcH, image->rgba.data(), width));
        views.back().imagePath = frame.imagePath;
        progress.report(double(k + 1) / double(picks.size()), "loading images");
    }
    return views;
}

}  // namespace

std::vector<float> resizeArea(const std::vector<float>& src, int srcW, int srcH, int channels, int dstW, int dstH) {
    if (srcW == dstW && srcH == dstH) return src;
    const auto xTaps = areaTaps(srcW, dstW), yTaps = areaTaps(srcH, dstH);
    const std::size_t c = std::size_t(channels);
    std::vector<float> rows(std::size_t(srcH) * std::size_t(dstW) * c, 0.f);  // [srcH, dstW, c]
    for (int y = 0; y < srcH; ++y)
        for (int x = 0; x < dstW; ++x)
            for (const Tap& t : xTaps[std::size_t(x)])
                for (std::size_t k = 0; k < c; ++k)
                    rows[(std::size_t(y) * std::size_t(dstW) + std::size_t(x)) * c + k] +=
                        t.weight * src[(std::size_t(y) * std::size_t(srcW) + std::size_t(t.index)) * c + k];
    std::vector<float> out(std::size_t(dstH) * std::size_t(dstW) * c, 0.f);  // [dstH, dstW, c]
    for (int y = 0; y < dstH; ++y)
        for (const Tap& t : yTaps[std::size_t(y)])
            for (std::size_t i = 0; i < std::size_t(dstW) * c; ++i)
                out[std::size_t(y) * std::size_t(dstW) * c + i] += t.weight * rows[std::size_t(t.index) * std::size_t(dstW) * c + i];
    return out;
}

TrainView makeView(const Eigen::Matrix4d& cameraToWorldGl, double fovX, int srcWidth, int srcHeight,
                   const std::uint8_t* rgba, int width) {
    TrainView view;
    view.width = width;
    view.height = std::max(1, int(std::lround(double(srcHeight) * width / srcWidth)));
    const dataset::Intrinsics k = dataset::intrinsicsFromFovX(fovX, view.width, view.height);
    view.fx = k.fx;
    view.fy = k.fy;
    view.cx = k.cx;
    view.cy = k.cy;
    const Eigen::Matrix4d flip = Eigen::Vector4d(1, -1, -1, 1).asDiagonal();
    const Eigen::Matrix4d w2c = (cameraToWorldGl * flip).inverse();
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c) view.worldToCamera[std::size_t(r * 4 + c)] = w2c(r, c);
    view.center = cameraToWorldGl.block<3, 1>(0, 3);

    const std::size_t pixels = std::size_t(srcWidth) * std::size_t(srcHeight);
    std::vector<float> src(pixels * 4);  // [srcH, srcW, 4] premultiplied rgb, alpha
    for (std::size_t p = 0; p < pixels; ++p) {
        const float a = float(rgba[p * 4 + 3]) / 255.f;
        for (int c = 0; c < 3; ++c) src[p * 4 + std::size_t(c)] = float(rgba[p * 4 + std::size_t(c)]) / 255.f * a;
        src[p * 4 + 3] = a;
    }
    const std::vector<float> small = resizeArea(src, srcWidth, srcHeight, 4, view.width, view.height);
    const std::size_t count = std::size_t(view.width) * std::size_t(view.height);
    view.premultiplied.resize(count * 3);
    view.alpha.resize(count);
    for (std::size_t p = 0; p < count; ++p) {
        for (std::size_t c = 0; c < 3; ++c) view.premultiplied[p * 3 + c] = small[p * 4 + c];
        view.alpha[p] = small[p * 4 + 3];
    }
    return view;
}

double sceneScaleOf(const std::vector<TrainView>& views) {
    if (views.empty()) return 1.0;
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    for (const TrainView& v : views) centroid += v.center;
    centroid /= double(views.size());
    double radius = 0;
    for (const TrainView& v : views) radius = std::max(radius, (v.center - centroid).norm());
    return radius > 0 ? 1.1 * radius : 1.0;
}

Result<TrainData> loadDataset(const std::string& dir, const LoadSettings& settings, const Progress& progress) {
    namespace fs = std::filesystem;
    if (settings.resolution < 8)
        return makeError(ErrorCode::InvalidInput, "training resolution must be at least 8 px, got " +
                                                      std::to_string(settings.resolution), dir);
    const std::string trainJson = (fs::path(dir) / "transforms_train.json").string();
    if (!fs::is_regular_file(trainJson))
        return makeError(ErrorCode::Io, "not a dataset folder: transforms_train.json is missing", dir);
    TrainData data;
    auto train = loadSplit(trainJson, settings.resolution, std::size_t(-1), progress.sub(0.0, 0.9));
    if (!train) return train.error();
    data.train = std::move(*train);
    std::string valJson = (fs::path(dir) / "transforms_val.json").string();
    if (!fs::is_regular_file(valJson)) valJson = (fs::path(dir) / "transforms_test.json").string();
    if (fs::is_regular_file(valJson)) {
        auto val = loadSplit(valJson, settings.resolution, std::size_t(std::max(1, settings.maxValViews)),
                             progress.sub(0.9, 1.0));
        if (!val) return val.error();
        if (val->front().width != data.train.front().width || val->front().height != data.train.front().height)
            return makeError(ErrorCode::InvalidInput, "validation images differ in size from the train images",
                             val->front().imagePath);
        data.val = std::move(*val);
    } else {
        for (std::size_t k = 0; k < data.train.size() && int(k) < settings.maxValViews; ++k)
            data.val.push_back(data.train[k]);
    }
    data.sceneScale = sceneScaleOf(data.train);
    data.dir = dir;
    return data;
}

}  // namespace sw::train
