#include "core/train/synthetic_data.h"

#include <ATen/core/grad_mode.h>

#include <cmath>
#include <random>

#include "core/dataset/belt.h"
#include "core/train/detail/param_state.h"
#include "core/train/detail/rasterize.h"

namespace sw::train {

splat::SplatCloud syntheticCloud(const SyntheticSettings& settings) {
    std::mt19937_64 rng(settings.seed);
    std::normal_distribution<float> normal(0.f, 1.f);
    splat::SplatCloud cloud;
    cloud.resize(std::size_t(settings.splats));
    const Eigen::Vector3f radii(0.6f, 0.45f, 0.35f);
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        Eigen::Vector3f d(normal(rng), normal(rng), normal(rng));
        d = d.normalized();
        cloud.positions[i] = d.cwiseProduct(radii);
        cloud.rotations[i] = Eigen::Vector4f(normal(rng), normal(rng), normal(rng), normal(rng)).normalized();
        cloud.scales[i] = Eigen::Vector3f::Constant(float(settings.sigma));
        cloud.opacities[i] = 0.98f;
        cloud.colors[i] = Eigen::Vector3f(0.5f + 0.4f * d.x(), 0.5f + 0.4f * d.y(), 0.5f + 0.4f * std::sin(4.f * d.z()));
    }
    return cloud;
}

Result<TrainData> makeSyntheticData(const SyntheticSettings& settings) {
    at::NoGradGuard noGrad;
    const splat::SplatCloud cloud = syntheticCloud(settings);
    const ParamState state = makeParamState(cloud, {0, 0, 0, 0, 0});
    dataset::BeltSettings belt;
    belt.trainViews = settings.trainViews;
    belt.valViews = settings.valViews;
    const dataset::Intrinsics k =
        dataset::intrinsicsFromFovX(belt.fovX * M_PI / 180.0, settings.width, settings.width);
    TrainData data;
    for (const bool isTrain : {true, false}) {
        for (const dataset::CameraPose& pose : isTrain ? dataset::trainPoses(belt) : dataset::valPoses(belt)) {
            // An empty RGBA buffer gives the view its cameras; the pixels come from the render.
            const std::vector<std::uint8_t> blank(std::size_t(settings.width * settings.width) * 4, 0);
            TrainView v = makeView(pose.cameraToWorld, belt.fovX * M_PI / 180.0, settings.width, settings.width,
                                   blank.data(), settings.width);
            RasterizeSettings rs;
            rs.width = rs.height = settings.width;
            rs.fx = k.fx;
            rs.fy = k.fy;
            rs.cx = k.cx;
            rs.cy = k.cy;
            rs.worldToCamera = v.worldToCamera;
            auto out = rasterize(state.splats, rs);  // black background: rgb is premultiplied
            if (!out) return out.error();
            const at::Tensor rgbT = out->rgb.contiguous(), alphaT = out->alpha.contiguous();
            const float* rgb = rgbT.data_ptr<float>();
            const float* alpha = alphaT.data_ptr<float>();
            v.premultiplied.assign(rgb, rgb + v.premultiplied.size());
            v.alpha.assign(alpha, alpha + v.alpha.size());
            v.imagePath = std::string(isTrain ? "synthetic train " : "synthetic val ") + std::to_string(data.train.size() + data.val.size());
            (isTrain ? data.train : data.val).push_back(std::move(v));
        }
    }
    data.sceneScale = sceneScaleOf(data.train);
    return data;
}

}  // namespace sw::train
