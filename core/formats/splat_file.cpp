#include "core/formats/splat_file.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/formats/detail/byte_io.h"
#include "core/foundation/file_io.h"

namespace sw::formats {
namespace {

std::uint8_t toByte(float v) { return static_cast<std::uint8_t>(std::clamp(std::round(v), 0.0f, 255.0f)); }

}  // namespace

Result<splat::SplatCloud> decodeSplatFile(std::span<const std::uint8_t> bytes, const std::string& path, Axes axes) {
    if (bytes.empty()) return makeError(ErrorCode::Parse, ".splat file is empty", path);
    if (bytes.size() % kSplatRecordBytes != 0) {
        std::ostringstream os;
        os << "truncated: .splat size " << bytes.size() << " is not a multiple of 32; last record starts at byte offset "
           << bytes.size() / kSplatRecordBytes * kSplatRecordBytes;
        return makeError(ErrorCode::Parse, os.str(), path);
    }
    const std::size_t n = bytes.size() / kSplatRecordBytes;
    splat::SplatCloud c;
    c.resize(n);
    detail::ByteReader r(bytes, path);
    for (std::size_t i = 0; i < n; ++i) {
        for (int a = 0; a < 3; ++a) c.positions[i][a] = r.get<float>();
        for (int a = 0; a < 3; ++a) c.scales[i][a] = r.get<float>();
        for (int a = 0; a < 3; ++a) c.colors[i][a] = r.get<std::uint8_t>() / 255.0f;
        c.opacities[i] = r.get<std::uint8_t>() / 255.0f;
        Eigen::Vector4f q;
        for (int a = 0; a < 4; ++a) q[a] = (static_cast<float>(r.get<std::uint8_t>()) - 128.0f) / 128.0f;
        if (q.squaredNorm() == 0.0f) {
            return r.errorAt(ErrorCode::Parse, i * kSplatRecordBytes + 28, "zero rotation in splat " + std::to_string(i));
        }
        c.rotations[i] = q.normalized();
    }
    SW_TRY(c.validate(path));
    if (axes == Axes::Standard) frameToModel(c, Frame::Gaussian);
    return c;
}

Result<splat::SplatCloud> decodeSplatFile(std::span<const std::uint8_t> bytes, const std::string& path) {
    return decodeSplatFile(bytes, path, Axes::Standard);
}

Result<splat::SplatCloud> readSplatFile(const std::string& path, Axes axes) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return decodeSplatFile(*bytes, path, axes);
}

Result<std::vector<std::uint8_t>> encodeSplatFile(const splat::SplatCloud& model, const std::string& what, Axes axes) {
    SW_TRY(model.validate(what));
    splat::SplatCloud converted;  // the 3DGS convention of the PLY it comes from, unless Model
    if (axes == Axes::Standard) {
        converted.positions = model.positions;
        converted.rotations = model.rotations;
        modelToFrame(converted, Frame::Gaussian);
    }
    const auto& positions = axes == Axes::Standard ? converted.positions : model.positions;
    const auto& rotations = axes == Axes::Standard ? converted.rotations : model.rotations;
    const splat::SplatCloud& cloud = model;
    detail::ByteWriter w;
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        for (int a = 0; a < 3; ++a) w.put(positions[i][a]);
        for (int a = 0; a < 3; ++a) w.put(cloud.scales[i][a]);
        for (int a = 0; a < 3; ++a) w.put(toByte(cloud.colors[i][a] * 255.0f));
        w.put(toByte(cloud.opacities[i] * 255.0f));
        const Eigen::Vector4f q = rotations[i].normalized();
        for (int a = 0; a < 4; ++a) w.put(toByte(q[a] * 128.0f + 128.0f));
    }
    return std::move(w.bytes());
}

Status writeSplatFile(const std::string& path, const splat::SplatCloud& cloud, Axes axes) {
    auto bytes = encodeSplatFile(cloud, path, axes);
    if (!bytes) return bytes.error();
    return writeFileAtomic(path, *bytes);
}

}  // namespace sw::formats
