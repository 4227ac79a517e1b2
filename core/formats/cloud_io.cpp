#include "core/formats/cloud_io.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/formats/gltf_splat.h"
#include "core/formats/ply.h"
#include "core/formats/sog.h"
#include "core/formats/sog_write.h"
#include "core/formats/splat_file.h"
#include "core/formats/streamed_sog.h"
#include "core/foundation/log.h"

namespace sw::formats {
namespace {

// The byte (ln σ + 10) · 16 of SPZ's scale encoding (detail/spz_pack.cpp) spans these.
constexpr float kSpzMinLogScale = -10.f;
constexpr float kSpzMaxLogScale = 255.f / 16.f - 10.f;

}  // namespace

std::string fileExtension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

bool isSplatCloudPath(const std::string& path) {
    if (isStreamedSogPath(path) || isSogPath(path)) return true;
    const std::string ext = fileExtension(path);
    if (ext == ".spz" || ext == ".splat") return true;
    if (ext == ".glb" || ext == ".gltf") return isGltfSplatPath(path);
    if (ext != ".ply") return false;
    std::ifstream in(path, std::ios::binary);
    std::string header(4096, '\0');
    in.read(header.data(), std::streamsize(header.size()));
    header.resize(std::size_t(in.gcount()));
    header = header.substr(0, header.find("end_header"));
    for (const char* splatProperty : {" f_dc_0\n", " packed_position\n", " scale_0\n", " f_dc_0\r", " scale_0\r"})
        if (header.find(splatProperty) != std::string::npos) return true;
    return false;
}

Result<splat::SplatCloud> readSplatCloud(const std::string& path, Axes axes, const Progress& progress) {
    if (isStreamedSogPath(path)) {
        auto manifest = readStreamedSogManifest(path);
        if (!manifest) return manifest.error();
        return readStreamedSogLevel(*manifest, 0, progress);
    }
    if (isSogPath(path)) return readSog(path, progress);
    const std::string ext = fileExtension(path);
    if (ext == ".ply") return readPly(path);
    if (ext == ".spz") return readSpz(path, axes);
    if (ext == ".splat") return readSplatFile(path, axes);
    if (ext == ".glb" || ext == ".gltf") return readGltfSplat(path);
    return makeError(ErrorCode::Unsupported,
                     "unknown splat file extension '" + ext +
                         "' (expected .ply, .spz, .splat, .sog, .glb, .gltf, a SOG folder or meta.json, or a lod-meta.json)",
                     path);
}

std::vector<std::string> conversionLosses(const std::string& path, const splat::SplatCloud& cloud) {
    std::vector<std::string> losses;
    const std::string ext = fileExtension(path);
    if (ext == ".splat" && cloud.shDegree > 0)
        losses.push_back("the .splat format keeps no spherical harmonics: SH bands 1.." + std::to_string(cloud.shDegree) +
                         " of " + std::to_string(cloud.size()) + " splats are dropped (view-dependent colour is lost)");
    if (ext == ".spz") {
        std::size_t clampedScale = 0;
        for (std::size_t i = 0; i < cloud.size(); ++i) {
            for (int a = 0; a < 3; ++a) {
                const float ln = std::log(cloud.scales[i][a]);
                clampedScale += !(ln >= kSpzMinLogScale && ln <= kSpzMaxLogScale);
            }
        }
        if (clampedScale)
            losses.push_back(std::to_string(clampedScale) + " scale values have ln σ outside SPZ's [-10, 5.94] and are clamped");
    }
    return losses;
}

Status writeSplatCloud(const std::string& path, const splat::SplatCloud& cloud, const SpzWriteOptions& spz, Axes axes) {
    const std::string ext = fileExtension(path);
    if (cloud.empty())
        return makeError(ErrorCode::InvalidInput,
                         "the cloud has no splats; a 0-splat file is not written (preview and export reject it)", path);
    for (const std::string& loss : conversionLosses(path, cloud)) SW_LOG_WARN(path << ": " << loss);
    if (ext == ".ply") return writePly(path, cloud, PlyWriteOptions{axes});
    if (ext == ".spz") return writeSpz(path, cloud, SpzWriteOptions{spz.version, axes});
    if (ext == ".splat") return writeSplatFile(path, cloud, axes);
    if (ext == ".glb" || ext == ".gltf") return writeGltfSplat(path, cloud, axes);
    if (ext == ".sog") {
        SogWriteSettings sog;
        sog.axes = axes;
        return writeSog(path, cloud, sog);
    }
    return makeError(ErrorCode::Unsupported, "unknown splat file extension '" + ext + "' (expected .ply, .spz, .splat, .sog, .glb or .gltf)", path);
}

}  // namespace sw::formats
