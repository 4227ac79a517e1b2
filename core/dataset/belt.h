#pragma once
// Camera poses of the synthetic dataset (PIPELINE §2), replacing the article's headless
// Blender script: a camera on a sphere of radius R looking at the origin, +Z up.
//
// Train views follow a golden spiral that is uniform in area over the elevation belt: for view
// i of n, t = (i + 0.5)/n, sin(elev) = s_min + (s_max − s_min)·t, az = i·π(3 − √5).
// Validation and test views sit at fixed elevations with evenly spaced azimuths.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/foundation/schema.h"

namespace sw::dataset {

struct BeltSettings {
    int trainViews = 200;          // raised from 120 in the article to keep belt density
    double elevationMin = 14.0;    // deg; 14 (not 32) fixed floaters under guns
    double elevationMax = 50.0;    // deg
    double radius = 3.2;           // model units (the model fits the 1.6 cube)
    double fovX = 39.5978;         // deg, horizontal (Blender's 50 mm lens on a 36 mm sensor)
    int valViews = 8;              // at valElevation, azimuths offset by half a step
    double valElevation = 32.0;    // deg
    int testViewsPerRing = 8;
    double testElevationLow = 20.0;   // deg
    double testElevationHigh = 45.0;  // deg
};
const SettingsSchema<BeltSettings>& beltSchema();

enum class Split { Train, Val, Test };
const char* splitName(Split split);  // "train", "val", "test"

struct CameraPose {
    // Camera-to-world in the OpenGL/Blender camera convention used by NeRF-synthetic:
    // the camera looks down its −Z axis, +Y is up in the image. Columns: right, up, back, position.
    Eigen::Matrix4d cameraToWorld;
    double elevation = 0;  // deg
    double azimuth = 0;    // deg, counter-clockwise from +X
};

// A camera at (elevation, azimuth) on the sphere of `radius`, looking at the origin, +Z up.
CameraPose orbitPose(double elevationDeg, double azimuthDeg, double radius);

std::vector<CameraPose> trainPoses(const BeltSettings& settings);
std::vector<CameraPose> valPoses(const BeltSettings& settings);
std::vector<CameraPose> testPoses(const BeltSettings& settings);
std::vector<CameraPose> posesFor(Split split, const BeltSettings& settings);

// Pinhole intrinsics for a square or rectangular image from the horizontal field of view.
struct Intrinsics {
    double fx = 0, fy = 0, cx = 0, cy = 0;
    int width = 0, height = 0;
};
Intrinsics intrinsicsFromFovX(double fovXRadians, int width, int height);

}  // namespace sw::dataset
