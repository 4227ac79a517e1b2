#include "core/dataset/belt.h"

#include <Eigen/Geometry>
#include <cmath>

#include "core/foundation/check.h"

namespace sw::dataset {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kDeg = kPi / 180.0;

}  // namespace

const SettingsSchema<BeltSettings>& beltSchema() {
    static const SettingsSchema<BeltSettings> schema = [] {
        SettingsSchema<BeltSettings> s("belt", "Camera belt");
        s.add(&BeltSettings::trainViews, "views", "Train views").range(1, 5000)
            .tooltip("Number of training views on the golden spiral").group("Belt");
        s.add(&BeltSettings::elevationMin, "elevation-min", "Lowest elevation").range(-89, 89).unit("deg")
            .tooltip("Bottom of the camera belt; 14° sees under guns").group("Belt");
        s.add(&BeltSettings::elevationMax, "elevation-max", "Highest elevation").range(-89, 89).unit("deg")
            .tooltip("Top of the camera belt").group("Belt");
        s.add(&BeltSettings::radius, "radius", "Camera distance").range(1.0, 50.0).unit("model units")
            .tooltip("Radius of the camera sphere; the model fits a cube of edge 1.6").group("Belt");
        s.add(&BeltSettings::fovX, "fov", "Field of view").range(5, 120).unit("deg")
            .tooltip("Horizontal field of view (camera_angle_x)").group("Belt");
        s.add(&BeltSettings::valViews, "val-views", "Validation views").range(0, 360)
            .tooltip("Validation views on one ring").group("Validation and test");
        s.add(&BeltSettings::valElevation, "val-elevation", "Validation elevation").range(-89, 89).unit("deg")
            .tooltip("Elevation of the validation ring").group("Validation and test");
        s.add(&BeltSettings::testViewsPerRing, "test-views", "Test views per ring").range(0, 360)
            .tooltip("Test views on each of the two test rings").group("Validation and test");
        s.add(&BeltSettings::testElevationLow, "test-elevation-low", "Low test elevation").range(-89, 89).unit("deg")
            .tooltip("Elevation of the lower test ring").group("Validation and test");
        s.add(&BeltSettings::testElevationHigh, "test-elevation-high", "High test elevation").range(-89, 89).unit("deg")
            .tooltip("Elevation of the upper test ring").group("Validation and test");
        return s;
    }();
    return schema;
}

const char* splitName(Split split) {
    switch (split) {
    case Split::Train: return "train";
    case Split::Val: return "val";
    case Split::Test: return "test";
    }
    return "?";
}

CameraPose orbitPose(double elevationDeg, double azimuthDeg, double radius) {
    SW_REQUIRE(radius > 0 && std::abs(elevationDeg) < 90, "radius=" << radius << " elevation=" << elevationDeg);
    const double el = elevationDeg * kDeg, az = azimuthDeg * kDeg;
    const Eigen::Vector3d position = radius * Eigen::Vector3d(std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el));
    const Eigen::Vector3d back = position.normalized();  // camera +Z points away from the target
    const Eigen::Vector3d right = Eigen::Vector3d::UnitZ().cross(back).normalized();
    const Eigen::Vector3d up = back.cross(right);
    CameraPose pose;
    pose.cameraToWorld.setIdentity();
    pose.cameraToWorld.block<3, 1>(0, 0) = right;
    pose.cameraToWorld.block<3, 1>(0, 1) = up;
    pose.cameraToWorld.block<3, 1>(0, 2) = back;
    pose.cameraToWorld.block<3, 1>(0, 3) = position;
    pose.elevation = elevationDeg;
    pose.azimuth = azimuthDeg;
    return pose;
}

std::vector<CameraPose> trainPoses(const BeltSettings& s) {
    SW_REQUIRE(s.elevationMin <= s.elevationMax, "elevation-min=" << s.elevationMin << " elevation-max=" << s.elevationMax);
    const double sMin = std::sin(s.elevationMin * kDeg), sMax = std::sin(s.elevationMax * kDeg);
    const double goldenAngle = kPi * (3.0 - std::sqrt(5.0));  // radians
    std::vector<CameraPose> poses;
    poses.reserve(static_cast<std::size_t>(s.trainViews));
    for (int i = 0; i < s.trainViews; ++i) {
        const double t = (i + 0.5) / s.trainViews;
        const double elevation = std::asin(sMin + (sMax - sMin) * t) / kDeg;
        const double azimuth = std::fmod(i * goldenAngle, 2.0 * kPi) / kDeg;
        poses.push_back(orbitPose(elevation, azimuth, s.radius));
    }
    return poses;
}

static std::vector<CameraPose> ring(int count, double elevation, double azimuthOffset, double radius) {
    std::vector<CameraPose> poses;
    for (int i = 0; i < count; ++i) poses.push_back(orbitPose(elevation, azimuthOffset + 360.0 * i / count, radius));
    return poses;
}

std::vector<CameraPose> valPoses(const BeltSettings& s) {
    return ring(s.valViews, s.valElevation, s.valViews > 0 ? 180.0 / s.valViews : 0.0, s.radius);
}

std::vector<CameraPose> testPoses(const BeltSettings& s) {
    std::vector<CameraPose> poses = ring(s.testViewsPerRing, s.testElevationLow, 0.0, s.radius);
    std::vector<CameraPose> high = ring(s.testViewsPerRing, s.testElevationHigh, s.testViewsPerRing > 0 ? 180.0 / s.testViewsPerRing : 0.0, s.radius);
    poses.insert(poses.end(), high.begin(), high.end());
    return poses;
}

std::vector<CameraPose> posesFor(Split split, const BeltSettings& s) {
    switch (split) {
    case Split::Train: return trainPoses(s);
    case Split::Val: return valPoses(s);
    case Split::Test: return testPoses(s);
    }
    return {};
}

Intrinsics intrinsicsFromFovX(double fovXRadians, int width, int height) {
    SW_REQUIRE(fovXRadians > 0 && fovXRadians < kPi && width > 0 && height > 0,
               "fovX=" << fovXRadians << " size=" << width << "x" << height);
    Intrinsics k;
    k.width = width;
    k.height = height;
    k.fx = 0.5 * width / std::tan(0.5 * fovXRadians);
    k.fy = k.fx;  // square pixels
    k.cx = 0.5 * width;
    k.cy = 0.5 * height;
    return k;
}

}  // namespace sw::dataset
