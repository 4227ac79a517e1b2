#pragma once
// Training images and cameras, loaded once and kept ready for the step loop: resized to the
// training resolution with an area (box) filter, converted to float and premultiplied, so a
// step composites its ground truth over a background b as rgb = premultiplied + b·(1 − alpha).
//
// A dataset is a NeRF-synthetic folder: transforms_{train,val,test}.json (camera_angle_x,
// camera-to-world matrices in the OpenGL/Blender camera convention) and RGBA images whose
// alpha is coverage. Cameras are converted to the rasterizer's OpenCV convention
// (core/train/rasterize.h): worldToCamera = (C·diag(1, −1, −1, 1))⁻¹.
#include <Eigen/Core>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"

namespace sw::train {

struct TrainView {
    std::string imagePath;                 // source image (for messages)
    int width = 0, height = 0;             // pixels, after resizing
    double fx = 0, fy = 0, cx = 0, cy = 0;  // intrinsics at this size, pixels
    std::array<double, 16> worldToCamera{};  // row-major [R | t; 0 0 0 1], OpenCV camera
    Eigen::Vector3d center = Eigen::Vector3d::Zero();  // camera position, world space
    std::vector<float> premultiplied;      // [H, W, 3] sRGB colour × alpha, 0..1
    std::vector<float> alpha;              // [H, W] coverage 0..1
};

struct TrainData {
    std::vector<TrainView> train;  // ≥ 1 view, all the same size
    std::vector<TrainView> val;    // ≥ 1 view, same size as train
    // gsplat's scene scale: 1.1 × the largest distance of a train camera from their centroid.
    double sceneScale = 1.0;
    std::string dir;  // the dataset folder loadDataset read (for messages); empty when built in code
};

struct LoadSettings {
    int resolution = 400;   // width of the training images, px (height keeps the aspect)
    int maxValViews = 8;    // evenly spaced subset of the validation split
};

// Reads <dir>/transforms_train.json and transforms_val.json (else transforms_test.json, else
// the first train views). Errors name the file: missing JSON or image (Io), undecodable image
// (Parse), no frames, images of different sizes or a resolution < 8 (InvalidInput).
// A resolution above the source width is clamped to the source width.
Result<TrainData> loadDataset(const std::string& dir, const LoadSettings& settings,
                              const Progress& progress = {});

// Builds a view from a camera-to-world matrix (OpenGL/Blender convention) and straight-alpha
// RGBA8 pixels, area-resized to `width` (height keeps the aspect). For tests and other loaders.
TrainView makeView(const Eigen::Matrix4d& cameraToWorldGl, double fovX, int srcWidth, int srcHeight,
                   const std::uint8_t* rgba, int width);

// gsplat's scene scale of a set of train views (TrainData::sceneScale).
double sceneScaleOf(const std::vector<TrainView>& views);

// Area (box-filter) resampling of an interleaved float image [srcH, srcW, channels] to
// [dstH, dstW, channels]: each output pixel is the coverage-weighted mean of the source.
std::vector<float> resizeArea(const std::vector<float>& src, int srcW, int srcH, int channels, int dstW, int dstH);

}  // namespace sw::train
