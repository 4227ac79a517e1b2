// Training data, initialisation and metrics (core/train): loading and resizing NeRF-synthetic
// folders written here in code, their error cases, the visual hull and the image metrics.
// Also writes the tiny dataset and the NaN checkpoint the CLI tests use (tests/cli/train.cmake).
#include <doctest/doctest.h>

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/dataset/transforms.h"
#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/train/checkpoint.h"
#include "core/train/init_cloud.h"
#include "core/train/metrics.h"
#include "core/train/synthetic_data.h"
#include "tests/support/test_support.h"

namespace {

using namespace sw::train;
namespace fs = std::filesystem;

constexpr double PIXEL_TOL = 1.0 / 255.0;  // 8-bit quantisation of the written PNGs

// Writes views as a NeRF-synthetic split: RGBA PNGs (straight alpha) + transforms JSON.
void writeSplit(const std::string& dir, const std::string& split, const std::vector<TrainView>& views, double fovX) {
    fs::create_directories(fs::path(dir) / split);
    sw::dataset::DatasetSplit out;
    out.cameraAngleX = fovX;
    for (std::size_t k = 0; k < views.size(); ++k) {
        const TrainView& v = views[k];
        sw::Rgba8Image image{v.width, v.height, std::vector<std::uint8_t>(v.alpha.size() * 4)};
        for (std::size_t p = 0; p < v.alpha.size(); ++p) {
            const float a = v.alpha[p];
            for (std::size_t c = 0; c < 3; ++c)
                image.rgba[p * 4 + c] = std::uint8_t(std::lround(255 * std::clamp(a > 0 ? v.premultiplied[p * 3 + c] / a : 0.f, 0.f, 1.f)));
            image.rgba[p * 4 + 3] = std::uint8_t(std::lround(255 * std::clamp(a, 0.f, 1.f)));
        }
        const std::string name = "./" + split + "/r_" + std::to_string(k);
        REQUIRE(sw::writePngFile((fs::path(dir) / (name + ".png")).string(), image).ok());
        Eigen::Matrix4d w2c;
        for (int i = 0; i < 16; ++i) w2c(i / 4, i % 4) = v.worldToCamera[std::size_t(i)];
        const Eigen::Matrix4d flip = Eigen::Vector4d(1, -1, -1, 1).asDiagonal();
        out.frames.push_back({name, w2c.inverse() * flip, {}});
    }
    REQUIRE(sw::dataset::writeTransforms((fs::path(dir) / ("transforms_" + split + ".json")).string(), out).ok());
}

const double SYNTHETIC_FOV = 39.5978 * M_PI / 180.0;  // belt default

// The CLI fixture: 24 train and 2 val views at 48 px in <output>/train_dataset.
std::string writeTinyDataset() {
    const std::string dir = sw::test::outputDir("train_dataset");
    auto data = makeSyntheticData({800, 24, 2, 48, 0.05, 21});
    REQUIRE(data.ok());
    writeSplit(dir, "train", data->train, SYNTHETIC_FOV);
    writeSplit(dir, "val", data->val, SYNTHETIC_FOV);
    return dir;
}

}  // namespace

TEST_CASE("a dataset folder loads with resized, premultiplied images and OpenCV cameras") {
    const std::string dir = writeTinyDataset();
    auto full = loadDataset(dir, {48, 8});
    REQUIRE(full.ok());
    CHECK(full->train.size() == 24);
    CHECK(full->val.size() == 2);
    CHECK(full->sceneScale > 3.0);
    auto synthetic = makeSyntheticData({800, 24, 2, 48, 0.05, 21});
    REQUIRE(synthetic.ok());
    double maxDiff = 0;
    for (std::size_t p = 0; p < synthetic->train[3].alpha.size(); ++p)
        maxDiff = std::max(maxDiff, double(std::abs(full->train[3].alpha[p] - synthetic->train[3].alpha[p])));
    CHECK(maxDiff <= PIXEL_TOL);
    for (int i = 0; i < 16; ++i)
        CHECK(full->train[5].worldToCamera[std::size_t(i)] ==
              doctest::Approx(synthetic->train[5].worldToCamera[std::size_t(i)]).epsilon(1e-9));

    auto half = loadDataset(dir, {24, 8});
    REQUIRE(half.ok());
    REQUIRE(half->train[3].width == 24);
    CHECK(half->train[3].fx == doctest::Approx(full->train[3].fx / 2));
    // Area filter: an output pixel is the mean of its 2×2 source block.
    const auto& a = full->train[3].alpha;
    CHECK(half->train[3].alpha[5 * 24 + 7] ==
          doctest::Approx((a[10 * 48 + 14] + a[10 * 48 + 15] + a[11 * 48 + 14] + a[11 * 48 + 15]) / 4).epsilon(1e-5));
}

TEST_CASE("resizeArea averages fractional coverage") {
    const std::vector<float> src = {0, 3, 6};  // 3×1, one channel
    const std::vector<float> out = resizeArea(src, 3, 1, 1, 2, 1);
    CHECK(out[0] == doctest::Approx((0 + 0.5 * 3) / 1.5));
    CHECK(out[1] == doctest::Approx((0.5 * 3 + 6) / 1.5));
}

TEST_CASE("bad datasets give clear errors naming the file") {
    fs::remove_all(sw::test::outputDir("train_empty_dataset"));  // fresh: an earlier run wrote into it
    const std::string empty = sw::test::outputDir("train_empty_dataset");
    auto missing = loadDataset(empty, {32, 8});
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().code == sw::ErrorCode::Io);
    CHECK(missing.error().message.find("transforms_train.json") != std::string::npos);

    REQUIRE(sw::writeFileAtomic(empty + "/transforms_train.json", std::string(R"({"camera_angle_x": 0.69, "frames": []})")).ok());
    auto noFrames = loadDataset(empty, {32, 8});
    REQUIRE_FALSE(noFrames.ok());
    CHECK(noFrames.error().code == sw::ErrorCode::InvalidInput);

    fs::remove_all(sw::test::outputDir("train_mixed_sizes"));
    const std::string mixed = sw::test::outputDir("train_mixed_sizes");
    auto data = makeSyntheticData({200, 2, 1, 32, 0.05, 3});
    REQUIRE(data.ok());
    writeSplit(mixed, "train", data->train, SYNTHETIC_FOV);
    const sw::Rgba8Image other{16, 16, std::vector<std::uint8_t>(16 * 16 * 4, 255)};
    REQUIRE(sw::writePngFile(mixed + "/train/r_1.png", other).ok());
    auto bad = loadDataset(mixed, {32, 8});
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == sw::ErrorCode::InvalidInput);
    CHECK(bad.error().path.find("r_1.png") != std::string::npos);
    CHECK(bad.error().message.find("16x16") != std::string::npos);
}

TEST_CASE("the visual hull keeps points inside the silhouettes with image colours") {
    auto data = makeSyntheticData({1500, 30, 2, 48, 0.05, 5});
    REQUIRE(data.ok());
    InitSettings init;
    init.count = 500;
    init.seed = 4;
    auto cloud = initFromVisualHull(*data, init);
    REQUIRE(cloud.ok());
    CHECK(cloud->size() == 500);
    // The ground truth is an ellipsoid shell with radii (0.6, 0.45, 0.35) and splats of σ 0.05.
    // Belt views (elevation 14°..50°) leave the visual hull a little larger than the object near
    // its poles: nearly all points lie within the inflated ellipsoid (0.75, 0.6, 0.5), all
    // within 1.3× of it, none in the far corners of the cube.
    int inside = 0;
    for (const auto& p : cloud->positions) {
        const float r = std::pow(p.x() / 0.75f, 2) + std::pow(p.y() / 0.6f, 2) + std::pow(p.z() / 0.5f, 2);
        inside += r <= 1.f ? 1 : 0;
        CHECK(r <= 1.3f * 1.3f);
    }
    CHECK(inside >= 475);  // 95%
    CHECK(countOutsideSilhouette(*cloud, data->val) == 0);
    CHECK(cloud->scales[7].x() == doctest::Approx(0.03f));
    for (float o : cloud->opacities) CHECK(std::abs(o - 0.5f) <= init.opacityJitter);
    CHECK(cloud->opacities[7] != cloud->opacities[8]);  // jittered: no splat sits at exactly 0.5

    TrainData blank = *data;
    for (auto& v : blank.train) std::fill(v.alpha.begin(), v.alpha.end(), 0.f);
    init.count = 10;
    auto none = initFromVisualHull(blank, init);
    REQUIRE_FALSE(none.ok());
    CHECK(none.error().message.find("empty visual hull") != std::string::npos);
}

TEST_CASE("image metrics: L1, PSNR and SSIM") {
    std::vector<float> a(32 * 32 * 3), b(32 * 32 * 3);
    for (std::size_t i = 0; i < a.size(); ++i) {
        a[i] = float((i * 7919) % 101) / 100.f;
        b[i] = a[i];
    }
    CHECK(ssim(a, b, 32, 32, 3) == doctest::Approx(1.0));
    CHECK(psnr(a, b) == 100.0);
    for (float& v : b) v = std::min(1.f, v + 0.1f);
    CHECK(meanAbsError(a, b) < 0.1);
    CHECK(meanAbsError(a, b) > 0.08);
    const std::vector<float> c(a.size(), 0.5f);
    CHECK(ssim(a, c, 32, 32, 3) < 0.1);
    std::vector<float> d = a;
    for (float& v : d) v = v * 0.9f + 0.05f;  // mild contrast change keeps structure
    CHECK(ssim(a, d, 32, 32, 3) > 0.9);
    CHECK(psnr(std::vector<float>{0.f}, std::vector<float>{0.1f}) == doctest::Approx(20.0));
    const std::vector<float> opacities{0.95f, 0.5f, 0.91f, 0.2f};
    CHECK(opaqueShare(opacities) == doctest::Approx(0.5));
}

TEST_CASE("a checkpoint never deletes a file that checkpoint.json names outside checkpoint_<step>.ply") {
    // checkpoint.json is the user's to edit (or a copy from elsewhere): the next checkpoint
    // removes the previous PLY only when it is ours, never "../x", an absolute path or
    // another file of the folder.
    const std::string root = sw::test::outputDir("train_checkpoint_names");
    const std::string dir = root + "/checkpoint";
    fs::create_directories(dir);
    const auto writeFile = [](const std::string& path) { std::ofstream(path) << "keep\n"; };
    const std::string outside = root + "/outside.ply", absolute = fs::absolute(root + "/absolute.ply").string();
    const std::string inside = dir + "/notes.ply";
    writeFile(outside);
    writeFile(absolute);
    writeFile(inside);
    Checkpoint cp;
    cp.seed = 3;
    cp.settingsJson = "{}";
    cp.cloud = syntheticCloud({5, 1, 1, 8, 0.05, 2});
    int step = 10;
    for (const std::string& named : {std::string("../outside.ply"), absolute, std::string("notes.ply"),
                                     std::string("checkpoint_x.ply"), std::string("checkpoint_.ply")}) {
        std::ofstream(dir + "/checkpoint.json") << R"({"step": 1, "seed": 3, "ply": ")" << named << "\"}\n";
        if (named == "checkpoint_x.ply") writeFile(dir + "/checkpoint_x.ply");
        cp.step = step;
        REQUIRE(writeCheckpoint(dir, cp).ok());
        CHECK(fs::exists(dir + "/checkpoint_" + std::to_string(step) + ".ply"));
        step += 10;
    }
    CHECK(fs::exists(outside));
    CHECK(fs::exists(absolute));
    CHECK(fs::exists(inside));
    CHECK(fs::exists(dir + "/checkpoint_x.ply"));
    // A name of ours is still removed: the run's own previous checkpoint.
    std::ofstream(dir + "/checkpoint.json") << R"({"step": 7, "seed": 3, "ply": "checkpoint_7.ply"})" << "\n";
    writeFile(dir + "/checkpoint_7.ply");
    cp.step = 80;
    REQUIRE(writeCheckpoint(dir, cp).ok());
    CHECK_FALSE(fs::exists(dir + "/checkpoint_7.ply"));
    CHECK(fs::exists(dir + "/checkpoint_80.ply"));
}

TEST_CASE("a checkpoint round-trips and a NaN in its cloud is rejected") {
    const std::string dir = sw::test::outputDir("train_checkpoint");
    Checkpoint cp;
    cp.step = 40;
    cp.seed = 9;
    cp.settingsJson = R"({"stage": "train", "params": {"budget": 5}})";
    cp.cloud = syntheticCloud({5, 1, 1, 8, 0.05, 2});
    REQUIRE(writeCheckpoint(dir, cp).ok());
    cp.step = 50;
    REQUIRE(writeCheckpoint(dir, cp).ok());
    CHECK_FALSE(fs::exists(dir + "/checkpoint_40.ply"));
    auto back = readCheckpoint(dir);
    REQUIRE(back.ok());
    CHECK(back->step == 50);
    CHECK(back->seed == 9);
    CHECK(back->cloud.size() == 5);
    CHECK(back->settingsJson.find("budget") != std::string::npos);

    // The CLI fixture: the same checkpoint with x of splat 0 replaced by NaN.
    const std::string nanDir = sw::test::outputDir("train_nan_checkpoint");
    REQUIRE(writeCheckpoint(nanDir, cp).ok());
    auto bytes = sw::readFileBytes(nanDir + "/checkpoint_50.ply");
    REQUIRE(bytes.ok());
    const std::string text(bytes->begin(), bytes->end());
    const std::size_t body = text.find("end_header\n") + 11;
    const float nan = std::nanf("");
    std::memcpy(bytes->data() + body, &nan, sizeof nan);
    REQUIRE(sw::writeFileAtomic(nanDir + "/checkpoint_50.ply", *bytes).ok());
    auto bad = readCheckpoint(nanDir);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().code == sw::ErrorCode::InvalidInput);
    CHECK(bad.error().path.find("checkpoint_50.ply") != std::string::npos);
}
