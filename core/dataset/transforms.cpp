#include "core/dataset/transforms.h"

#include <Eigen/LU>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <nlohmann/json.hpp>

#include "core/foundation/file_io.h"

namespace sw::dataset {
namespace fs = std::filesystem;

Status writeTransforms(const std::string& path, const DatasetSplit& split) {
    nlohmann::ordered_json doc;
    doc["camera_angle_x"] = split.cameraAngleX;
    nlohmann::ordered_json frames = nlohmann::ordered_json::array();
    for (const DatasetFrame& f : split.frames) {
        nlohmann::ordered_json m = nlohmann::ordered_json::array();
        for (int r = 0; r < 4; ++r) {
            nlohmann::ordered_json row = nlohmann::ordered_json::array();
            for (int c = 0; c < 4; ++c) row.push_back(f.cameraToWorld(r, c));
            m.push_back(row);
        }
        frames.push_back({{"file_path", f.filePath}, {"transform_matrix", m}});
    }
    doc["frames"] = frames;
    return writeFileAtomic(path, doc.dump(2) + "\n");
}

std::string poseProblem(const Eigen::Matrix4d& m) {
    std::ostringstream os;
    if (!m.allFinite()) return "is not finite";
    const Eigen::RowVector4d bottom = m.row(3);
    if ((bottom - Eigen::RowVector4d(0, 0, 0, 1)).cwiseAbs().maxCoeff() > kPoseTolerance) {
        os << "has bottom row [" << bottom << "], not [0 0 0 1]";
        return os.str();
    }
    const Eigen::Matrix3d r = m.topLeftCorner<3, 3>();
    const double error = (r.transpose() * r - Eigen::Matrix3d::Identity()).cwiseAbs().maxCoeff();
    if (error > kPoseTolerance) {
        os << "has a rotation part that is not orthonormal (|RᵀR − I| = " << error << ", singular or scaled)";
        return os.str();
    }
    if (r.determinant() < 0) return "has a mirrored rotation part (determinant −1)";
    const Eigen::Vector3d eye = m.topRightCorner<3, 1>();
    if (eye.cwiseAbs().maxCoeff() < kModelHalfEdge) {
        os << "puts the camera at (" << eye.transpose() << "), inside the model's cube (±" << kModelHalfEdge << ")";
        return os.str();
    }
    return {};
}

Result<DatasetSplit> readTransforms(const std::string& path) {
    auto text = readFileText(path);
    if (!text) return text.error();
    const nlohmann::json doc = nlohmann::json::parse(*text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) return makeError(ErrorCode::Parse, "not a JSON object", path);
    if (!doc.contains("camera_angle_x") || !doc["camera_angle_x"].is_number())
        return makeError(ErrorCode::Parse, "missing number camera_angle_x", path);
    DatasetSplit split;
    split.cameraAngleX = doc["camera_angle_x"].get<double>();
    if (!(split.cameraAngleX > 0 && split.cameraAngleX < M_PI))
        return makeError(ErrorCode::InvalidInput, "camera_angle_x = " + std::to_string(split.cameraAngleX) + " is not in (0, pi)", path);
    if (!doc.contains("frames") || !doc["frames"].is_array() || doc["frames"].empty())
        return makeError(ErrorCode::InvalidInput, "dataset has no frames", path);
    const fs::path base = fs::path(path).parent_path();
    std::size_t index = 0;
    for (const auto& jf : doc["frames"]) {
        const std::string where = "frame " + std::to_string(index++);
        if (!jf.is_object() || !jf.contains("file_path") || !jf["file_path"].is_string())
            return makeError(ErrorCode::Parse, where + ": missing file_path", path);
        const auto& jm = jf.value("transform_matrix", nlohmann::json());
        if (!jm.is_array() || jm.size() != 4) return makeError(ErrorCode::Parse, where + ": transform_matrix is not 4x4", path);
        DatasetFrame frame;
        frame.filePath = jf["file_path"].get<std::string>();
        for (int r = 0; r < 4; ++r) {
            if (!jm[r].is_array() || jm[r].size() != 4) return makeError(ErrorCode::Parse, where + ": transform_matrix is not 4x4", path);
            for (int c = 0; c < 4; ++c) {
                if (!jm[r][c].is_number()) return makeError(ErrorCode::Parse, where + ": transform_matrix has a non-number", path);
                frame.cameraToWorld(r, c) = jm[r][c].get<double>();
            }
        }
        if (!frame.cameraToWorld.allFinite()) return makeError(ErrorCode::InvalidInput, where + ": transform_matrix is not finite", path);
        if (auto problem = poseProblem(frame.cameraToWorld); !problem.empty())
            return makeError(ErrorCode::InvalidInput, where + ": transform_matrix " + problem, path);
        fs::path image = base / frame.filePath;
        if (!image.has_extension()) image += ".png";
        std::error_code ec;  // the throwing overload aborts on ENAMETOOLONG (a 256-byte name) or ELOOP
        if (!fs::exists(image, ec)) return makeError(ErrorCode::Io, where + ": image " + image.lexically_normal().string() + " not found", path);
        frame.imagePath = image.lexically_normal().string();
        split.frames.push_back(std::move(frame));
    }
    return split;
}

}  // namespace sw::dataset
