// Dataset poses (PIPELINE §2) and the NeRF-synthetic transforms JSON.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/dataset/belt.h"
#include "core/dataset/transforms.h"
#include "core/foundation/file_io.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using namespace sw::dataset;

namespace {
constexpr double kPi = 3.14159265358979323846;
constexpr double kDeg = kPi / 180.0;
constexpr double kTight = 1e-9;  // pure double arithmetic
}  // namespace

TEST_CASE("train poses: sin(elevation) uniform inside the belt, golden-angle azimuths, radius R") {
    BeltSettings s;  // 200 views, 14..50 deg, R 3.2
    const auto poses = trainPoses(s);
    REQUIRE(poses.size() == 200);
    const double sMin = std::sin(14 * kDeg), sMax = std::sin(50 * kDeg);
    const double golden = kPi * (3 - std::sqrt(5.0));
    for (std::size_t i = 0; i < poses.size(); ++i) {
        const Eigen::Vector3d p = poses[i].cameraToWorld.block<3, 1>(0, 3);
        CHECK(p.norm() == doctest::Approx(3.2).epsilon(kTight));
        const double sinEl = p.z() / p.norm();
        CHECK(sinEl == doctest::Approx(sMin + (sMax - sMin) * (i + 0.5) / 200).epsilon(kTight));
        CHECK(sinEl > sMin);
        CHECK(sinEl < sMax);
        if (i > 0) {  // azimuth step is the golden angle (mod 2π)
            const Eigen::Vector3d q = poses[i - 1].cameraToWorld.block<3, 1>(0, 3);
            double step = std::atan2(p.y(), p.x()) - std::atan2(q.y(), q.x());
            step = std::fmod(step + 4 * kPi, 2 * kPi);
            CHECK(step == doctest::Approx(golden).epsilon(1e-9));
        }
    }
    // Uniform in area: each quarter of the sin range holds a quarter of the views.
    int lowQuarter = 0;
    for (const auto& pose : poses) lowQuarter += std::sin(pose.elevation * kDeg) < sMin + 0.25 * (sMax - sMin);
    CHECK(lowQuarter == 50);
}

TEST_CASE("poses look at the origin with +Z up and an orthonormal OpenGL camera frame") {
    for (const auto& pose : trainPoses(BeltSettings{})) {
        const Eigen::Matrix3d r = pose.cameraToWorld.block<3, 3>(0, 0);
        CHECK((r.transpose() * r - Eigen::Matrix3d::Identity()).norm() < 1e-12);
        CHECK(r.determinant() == doctest::Approx(1.0));
        const Eigen::Vector3d forward = -r.col(2);  // camera looks down −Z
        const Eigen::Vector3d toOrigin = -pose.cameraToWorld.block<3, 1>(0, 3).normalized();
        CHECK((forward - toOrigin).norm() < 1e-12);
        CHECK(r.col(1).z() > 0);          // image up leans to world +Z
        CHECK(std::abs(r.col(0).z()) < 1e-12);  // no roll: right vector is horizontal
    }
}

TEST_CASE("val and test views sit at fixed elevations") {
    BeltSettings s;
    for (const auto& p : valPoses(s)) CHECK(p.elevation == doctest::Approx(s.valElevation));
    const auto test = testPoses(s);
    REQUIRE(test.size() == static_cast<std::size_t>(2 * s.testViewsPerRing));
    CHECK(test.front().elevation == doctest::Approx(s.testElevationLow));
    CHECK(test.back().elevation == doctest::Approx(s.testElevationHigh));
}

TEST_CASE("transforms JSON follows NeRF-synthetic conventions (independent loader)") {
    const std::string dir = sw::test::outputDir("dataset_json");
    fs::create_directories(dir + "/train");
    DatasetSplit split;
    split.cameraAngleX = 0.6911112;
    const auto poses = trainPoses(BeltSettings{});
    for (int i = 0; i < 3; ++i) {
        split.frames.push_back({"./train/r_" + std::to_string(i), poses[i].cameraToWorld, {}});
        std::ofstream(dir + "/train/r_" + std::to_string(i) + ".png") << "x";
    }
    REQUIRE(writeTransforms(dir + "/transforms_train.json", split).ok());

    // Independent reading of the file, as a NeRF loader would.
    std::ifstream in(dir + "/transforms_train.json");
    const nlohmann::json doc = nlohmann::json::parse(in);
    CHECK(doc["camera_angle_x"].get<double>() == doctest::Approx(0.6911112));
    REQUIRE(doc["frames"].size() == 3);
    const auto& m = doc["frames"][1]["transform_matrix"];
    CHECK(doc["frames"][1]["file_path"] == "./train/r_1");
    REQUIRE(m.size() == 4);
    CHECK(m[3][0] == 0.0);
    CHECK(m[3][3] == 1.0);
    CHECK(m[0][3].get<double>() == doctest::Approx(poses[1].cameraToWorld(0, 3)));

    auto back = readTransforms(dir + "/transforms_train.json");
    REQUIRE(back.ok());
    CHECK(back->frames.size() == 3);
    CHECK(back->frames[2].imagePath.ends_with("train/r_2.png"));
    CHECK((back->frames[2].cameraToWorld - poses[2].cameraToWorld).norm() < 1e-12);
}

TEST_CASE("bad transforms files are clear errors naming the file and frame") {
    const std::string dir = sw::test::outputDir("dataset_bad");
    auto write = [&](const std::string& name, const std::string& text) {
        REQUIRE(sw::writeFileAtomic(dir + "/" + name, std::string_view(text)).ok());
        return dir + "/" + name;
    };
    auto r = readTransforms(write("empty.json", R"({"camera_angle_x":0.7,"frames":[]})"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("no frames") != std::string::npos);
    r = readTransforms(write("missing.json",
                             R"({"camera_angle_x":0.7,"frames":[{"file_path":"./nope","transform_matrix":[[1,0,0,0],[0,1,0,0],[0,0,1,3],[0,0,0,1]]}]})"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("frame 0: image") != std::string::npos);
    CHECK(r.error().path.ends_with("missing.json"));
    r = readTransforms(write("matrix.json", R"({"camera_angle_x":0.7,"frames":[{"file_path":"a","transform_matrix":[[1,0,0]]}]})"));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("4x4") != std::string::npos);
    // Poses must be rigid and outside the model (issue 12 item 8): each names the frame and the problem.
    const auto pose = [&](const std::string& name, const std::string& matrix) {
        const std::string framesJson = R"({"camera_angle_x":0.7,"frames":[{"file_path":"a","transform_matrix":)" + matrix + "}]}";
        return readTransforms(write(name, framesJson));
    };
    r = pose("zero.json", "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == sw::ErrorCode::InvalidInput);
    CHECK(r.error().message.find("frame 0: transform_matrix has bottom row") == 0);
    r = pose("zero_rotation.json", "[[0,0,0,0],[0,0,0,0],[0,0,0,3],[0,0,0,1]]");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("frame 0: transform_matrix has a rotation part that is not orthonormal") == 0);
    r = pose("scaled.json", "[[2,0,0,0],[0,2,0,0],[0,0,2,3],[0,0,0,1]]");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("not orthonormal") != std::string::npos);
    r = pose("mirrored.json", "[[-1,0,0,0],[0,1,0,0],[0,0,1,3],[0,0,0,1]]");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("mirrored") != std::string::npos);
    r = pose("inside.json", "[[1,0,0,0.1],[0,1,0,0],[0,0,1,0.2],[0,0,0,1]]");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("inside the model's cube") != std::string::npos);
    CHECK(sw::dataset::poseProblem(Eigen::Matrix4d::Identity()).find("inside") != std::string::npos);
    r = readTransforms(write("trunc.json", R"({"camera_angle_x":0.7,"fra)"));
    CHECK_FALSE(r.ok());
    CHECK_FALSE(readTransforms(dir + "/absent.json").ok());
}
