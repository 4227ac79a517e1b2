#pragma once
// NeRF-synthetic dataset description: transforms_{train,val,test}.json with camera_angle_x and
// frames[{file_path, transform_matrix}], transform_matrix = camera-to-world in the OpenGL/Blender
// camera convention (camera looks down −Z, +Y up). file_path is relative to the JSON and
// usually has no extension ("./train/r_0" means "./train/r_0.png").
#include <Eigen/Core>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::dataset {

struct DatasetFrame {
    std::string filePath;          // as written in the JSON
    Eigen::Matrix4d cameraToWorld; // [4, 4]
    std::string imagePath;         // resolved path of the image file (reader only)
};

struct DatasetSplit {
    double cameraAngleX = 0;  // radians, horizontal field of view
    std::vector<DatasetFrame> frames;
};

// Writes the JSON atomically.
Status writeTransforms(const std::string& path, const DatasetSplit& split);

// A camera-to-world pose must be rigid: bottom row [0 0 0 1] and rotation part orthonormal with
// determinant +1, both within this tolerance (a singular, scaled or mirrored matrix trains on
// nothing and silently yields garbage).
constexpr double kPoseTolerance = 1e-3;
// Datasets live in the normalised model space (the model fitted in the cube of edge 1.6 centred
// at the origin, geometry/import.h): a camera inside that cube is inside the model.
constexpr double kModelHalfEdge = 0.8;

// Empty when `cameraToWorld` is a usable pose, else what is wrong with it ("has a rotation part
// that is not orthonormal ...").
std::string poseProblem(const Eigen::Matrix4d& cameraToWorld);

// Reads and validates a transforms JSON: camera_angle_x in (0, π), at least one frame, each a
// finite 4×4 matrix that is a usable pose (poseProblem), each image present (".png" appended
// when file_path has no extension). Errors name the JSON file and the frame index.
Result<DatasetSplit> readTransforms(const std::string& path);

}  // namespace sw::dataset
