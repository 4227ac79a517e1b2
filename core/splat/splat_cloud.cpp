#include "core/splat/splat_cloud.h"

#include <cmath>
#include <sstream>

namespace sw::splat {
namespace {

template <class V>
bool allFinite(const V& v) {
    for (int i = 0; i < v.size(); ++i)
        if (!std::isfinite(v[i])) return false;
    return true;
}

Error badSplat(const std::string& what, std::size_t index, const std::string& problem) {
    std::ostringstream os;
    os << "splat " << index << ": " << problem;
    return makeError(ErrorCode::InvalidInput, os.str(), what);
}

Status checkSizes(const SplatCloud& c, const std::string& what) {
    const std::size_t n = c.size();
    auto bad = [&](const char* name, std::size_t got) {
        std::ostringstream os;
        os << name << " has " << got << " entries, expected " << n;
        return makeError(ErrorCode::InvalidInput, os.str(), what);
    };
    if (c.rotations.size() != n) return bad("rotations", c.rotations.size());
    if (c.scales.size() != n) return bad("scales", c.scales.size());
    if (c.opacities.size() != n) return bad("opacities", c.opacities.size());
    if (c.colors.size() != n) return bad("colors", c.colors.size());
    if (!c.normals.empty() && c.normals.size() != n) return bad("normals", c.normals.size());
    if (c.shDegree < 0 || c.shDegree > kMaxShDegree) {
        std::ostringstream os;
        os << "SH degree " << c.shDegree << " is outside 0.." << kMaxShDegree;
        return makeError(ErrorCode::InvalidInput, os.str(), what);
    }
    const std::size_t shFloats = n * static_cast<std::size_t>(shRestCount(c.shDegree)) * 3;
    if (c.shRest.size() != shFloats) {
        std::ostringstream os;
        os << "shRest has " << c.shRest.size() << " floats, expected " << shFloats << " for SH degree " << c.shDegree;
        return makeError(ErrorCode::InvalidInput, os.str(), what);
    }
    return {};
}

}  // namespace

void SplatCloud::resize(std::size_t n) {
    positions.resize(n, Eigen::Vector3f::Zero());
    rotations.resize(n, Eigen::Vector4f(1.0f, 0.0f, 0.0f, 0.0f));
    scales.resize(n, Eigen::Vector3f::Constant(0.01f));
    opacities.resize(n, 1.0f);
    colors.resize(n, Eigen::Vector3f::Constant(0.5f));
    if (!normals.empty()) normals.resize(n, Eigen::Vector3f::UnitZ());
    shRest.resize(n * static_cast<std::size_t>(shRestCount(shDegree)) * 3, 0.0f);
}

Status SplatCloud::validate(const std::string& what) const {
    SW_TRY(checkSizes(*this, what));
    const std::size_t k3 = static_cast<std::size_t>(shRestCount(shDegree)) * 3;
    for (std::size_t i = 0; i < size(); ++i) {
        if (!allFinite(positions[i])) return badSplat(what, i, "position is not finite");
        if (!allFinite(rotations[i])) return badSplat(what, i, "rotation is not finite");
        if (rotations[i].squaredNorm() < 1e-12f) return badSplat(what, i, "rotation has zero length");
        if (!allFinite(scales[i])) return badSplat(what, i, "scale is not finite");
        if (!(scales[i].minCoeff() > 0.0f)) return badSplat(what, i, "scale is not positive");
        if (!(opacities[i] >= 0.0f && opacities[i] <= 1.0f))
            return badSplat(what, i, "opacity is outside [0, 1]");
        if (!allFinite(colors[i])) return badSplat(what, i, "color is not finite");
        if (!normals.empty() && !allFinite(normals[i])) return badSplat(what, i, "normal is not finite");
        for (std::size_t j = 0; j < k3; ++j)
            if (!std::isfinite(shRest[i * k3 + j])) return badSplat(what, i, "SH coefficient is not finite");
    }
    return {};
}

}  // namespace sw::splat
