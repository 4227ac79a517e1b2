#include "core/formats/cloud_io.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "core/formats/ply.h"
#include "core/formats/splat_file.h"

namespace sw::formats {

std::string fileExtension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

Result<splat::SplatCloud> readSplatCloud(const std::string& path) {
    const std::string ext = fileExtension(path);
    if (ext == ".ply") return readPly(path);
    if (ext == ".spz") return readSpz(path);
    if (ext == ".splat") return readSplatFile(path);
    return makeError(ErrorCode::Unsupported, "unknown splat file extension '" + ext + "' (expected .ply, .spz or .splat)", path);
}

Status writeSplatCloud(const std::string& path, const splat::SplatCloud& cloud, const SpzWriteOptions& spz) {
    const std::string ext = fileExtension(path);
    if (ext == ".ply") return writePly(path, cloud);
    if (ext == ".spz") return writeSpz(path, cloud, spz);
    if (ext == ".splat") return writeSplatFile(path, cloud);
    return makeError(ErrorCode::Unsupported, "unknown splat file extension '" + ext + "' (expected .ply, .spz or .splat)", path);
}

}  // namespace sw::formats
