#include "core/formats/gltf_splat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "core/formats/detail/byte_io.h"
#include "core/formats/detail/gltf_splat_read.h"
#include "core/foundation/file_io.h"

namespace sw::formats {
namespace {

using json = nlohmann::ordered_json;
using splat::SplatCloud;

constexpr double kShC0 = 0.28209479177387814;
constexpr std::uint32_t kGlbMagic = 0x46546C67;  // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A, kChunkBin = 0x004E4942;
constexpr int kFloat = 5126, kUnsignedByte = 5121;

double srgbToLinear(double c) {
    c = std::clamp(c, 0.0, 1.0);
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

// The binary buffer and the JSON views and accessors that describe it, one attribute at a time.
class BufferBuilder {
public:
    // Appends `values` (count × components floats) as a tightly packed float accessor.
    int addFloat(const std::vector<float>& values, std::size_t count, const char* type, bool minMax = false) {
        const std::size_t comps = values.size() / std::max<std::size_t>(count, 1);
        json accessor = {{"bufferView", addView(values.data(), values.size() * sizeof(float))},
                         {"componentType", kFloat}, {"count", count}, {"type", type}};
        if (minMax) {
            json lo = json::array(), hi = json::array();
            for (std::size_t c = 0; c < comps; ++c) {
                float a = values[c], b = values[c];
                for (std::size_t i = 1; i < count; ++i) a = std::min(a, values[i * comps + c]), b = std::max(b, values[i * comps + c]);
                lo.push_back(a);
                hi.push_back(b);
            }
            accessor["min"] = lo;
            accessor["max"] = hi;
        }
        m_accessors.push_back(std::move(accessor));
        return int(m_accessors.size()) - 1;
    }
    int addNormalizedBytes(const std::vector<std::uint8_t>& values, std::size_t count, const char* type) {
        m_accessors.push_back({{"bufferView", addView(values.data(), values.size())}, {"componentType", kUnsignedByte},
                               {"normalized", true}, {"count", count}, {"type", type}});
        return int(m_accessors.size()) - 1;
    }
    json accessors() const { return m_accessors; }
    json views() const { return m_views; }
    const std::vector<std::uint8_t>& bytes() const { return m_bytes; }

private:
    int addView(const void* data, std::size_t size) {
        while (m_bytes.size() % 4) m_bytes.push_back(0);
        m_views.push_back({{"buffer", 0}, {"byteOffset", m_bytes.size()}, {"byteLength", size}});
        const auto* p = static_cast<const std::uint8_t*>(data);
        m_bytes.insert(m_bytes.end(), p, p + size);
        return int(m_views.size()) - 1;
    }
    json m_accessors = json::array(), m_views = json::array();
    std::vector<std::uint8_t> m_bytes;
};

std::string base64(const std::vector<std::uint8_t>& bytes) {
    static const char* digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t v = std::uint32_t(bytes[i]) << 16 | (i + 1 < bytes.size() ? std::uint32_t(bytes[i + 1]) << 8 : 0) |
                                (i + 2 < bytes.size() ? bytes[i + 2] : 0);
        out += digits[v >> 18 & 63];
        out += digits[v >> 12 & 63];
        out += i + 1 < bytes.size() ? digits[v >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? digits[v & 63] : '=';
    }
    return out;
}

std::uint32_t u32At(const std::uint8_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

}  // namespace

Result<std::vector<std::uint8_t>> encodeGltfSplat(const SplatCloud& source, const GltfSplatWriteOptions& options,
                                                  const std::string& what) {
    if (source.empty()) return makeError(ErrorCode::InvalidInput, "the cloud has no splats", what);
    SW_TRY(source.validate(what));
    SplatCloud cloud = source;
    if (options.axes == Axes::Standard) modelToFrame(cloud, Frame::Rub);
    const std::size_t n = cloud.size();
    std::vector<float> pos(n * 3), rot(n * 4), scale(n * 3), opacity(n), dc(n * 3), normal;
    std::vector<std::uint8_t> colour(n * 4);
    for (std::size_t i = 0; i < n; ++i) {
        const Eigen::Vector4f q = cloud.rotations[i].normalized();  // (w, x, y, z) → glTF (x, y, z, w)
        for (int a = 0; a < 3; ++a) {
            pos[i * 3 + a] = cloud.positions[i][a];
            scale[i * 3 + a] = cloud.scales[i][a];
            dc[i * 3 + a] = float((double(cloud.colors[i][a]) - 0.5) / kShC0);
            colour[i * 4 + a] = std::uint8_t(std::lround(srgbToLinear(cloud.colors[i][a]) * 255.0));
            rot[i * 4 + a] = q[a + 1];
        }
        rot[i * 4 + 3] = q[0];
        opacity[i] = cloud.opacities[i];
        colour[i * 4 + 3] = std::uint8_t(std::lround(std::clamp(cloud.opacities[i], 0.f, 1.f) * 255.f));
    }
    BufferBuilder buffer;
    const std::string ext = kGaussianSplattingExtension;
    json attributes = {{"POSITION", buffer.addFloat(pos, n, "VEC3", true)},
                       {"COLOR_0", buffer.addNormalizedBytes(colour, n, "VEC4")},
                       {ext + ":ROTATION", buffer.addFloat(rot, n, "VEC4")},
                       {ext + ":SCALE", buffer.addFloat(scale, n, "VEC3")},
                       {ext + ":OPACITY", buffer.addFloat(opacity, n, "SCALAR")},
                       {ext + ":SH_DEGREE_0_COEF_0", buffer.addFloat(dc, n, "VEC3")}};
    if (!cloud.normals.empty()) {
        normal.resize(n * 3);
        for (std::size_t i = 0; i < n; ++i)
            for (int a = 0; a < 3; ++a) normal[i * 3 + a] = cloud.normals[i][a];
        attributes["NORMAL"] = buffer.addFloat(normal, n, "VEC3");
    }
    const std::size_t rest = std::size_t(splat::shRestCount(cloud.shDegree));
    for (int l = 1; l <= cloud.shDegree; ++l) {
        for (int m = 0; m <= 2 * l; ++m) {
            const std::size_t k = std::size_t(l * l - 1 + m);
            std::vector<float> coef(n * 3);
            for (std::size_t i = 0; i < n; ++i)
                for (int c = 0; c < 3; ++c) coef[i * 3 + c] = cloud.shRest[(i * rest + k) * 3 + c];
            attributes[ext + ":SH_DEGREE_" + std::to_string(l) + "_COEF_" + std::to_string(m)] = buffer.addFloat(coef, n, "VEC3");
        }
    }
    json asset = {{"version", "2.0"}, {"generator", "Splatwright"}};
    if (options.axes == Axes::Model) asset["extras"] = {{"splatwright", {{"axes", "model"}}}};
    json doc = {
        {"asset", asset},
        {"extensionsUsed", {ext}},
        {"scene", 0},
        {"scenes", {{{"nodes", {0}}}}},
        {"nodes", {{{"mesh", 0}, {"name", "splats"}}}},
        {"meshes", {{{"primitives", {{{"mode", 0}, {"attributes", attributes},
                                      {"extensions", {{ext, {{"kernel", "ellipse"}, {"colorSpace", "srgb_rec709_display"},
                                                             {"projection", "perspective"}, {"sortingMethod", "cameraDistance"}}}}}}}}}}},
        {"accessors", buffer.accessors()},
        {"bufferViews", buffer.views()},
    };
    const std::vector<std::uint8_t>& bin = buffer.bytes();
    if (!options.binary) {
        doc["buffers"] = {{{"byteLength", bin.size()}, {"uri", "data:application/octet-stream;base64," + base64(bin)}}};
        const std::string text = doc.dump(1);
        return std::vector<std::uint8_t>(text.begin(), text.end());
    }
    doc["buffers"] = {{{"byteLength", bin.size()}}};
    std::string text = doc.dump();
    while (text.size() % 4) text += ' ';
    const std::size_t binPadded = (bin.size() + 3) / 4 * 4;
    detail::ByteWriter out;
    out.put<std::uint32_t>(kGlbMagic);
    out.put<std::uint32_t>(2);
    out.put<std::uint32_t>(std::uint32_t(12 + 8 + text.size() + 8 + binPadded));
    out.put<std::uint32_t>(std::uint32_t(text.size()));
    out.put<std::uint32_t>(kChunkJson);
    out.putText(text);
    out.put<std::uint32_t>(std::uint32_t(binPadded));
    out.put<std::uint32_t>(kChunkBin);
    out.putBytes(bin.data(), bin.size());
    out.bytes().resize(28 + text.size() + binPadded, 0);
    return std::move(out.bytes());
}

Status writeGltfSplat(const std::string& path, const SplatCloud& cloud, Axes axes) {
    const std::string ext = std::filesystem::path(path).extension().string();
    const bool binary = ext == ".glb" || ext == ".GLB";
    auto bytes = encodeGltfSplat(cloud, GltfSplatWriteOptions{binary, axes}, path);
    if (!bytes) return bytes.error();
    return writeFileAtomic(path, *bytes);
}

Result<SplatCloud> decodeGltfSplat(std::span<const std::uint8_t> bytes, const std::string& path) {
    return detail::decodeGltfSplatDocument(bytes, path);
}

Result<SplatCloud> readGltfSplat(const std::string& path) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return decodeGltfSplat(*bytes, path);
}

bool isGltfSplatPath(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext != ".glb" && ext != ".gltf") return false;
    // A GLB: its JSON chunk. A .gltf: the text, read in blocks (a data: URI may come first).
    std::ifstream in(path, std::ios::binary);
    const std::string key = std::string("\"") + kGaussianSplattingExtension + "\"";
    std::uint8_t header[20] = {};
    in.read(reinterpret_cast<char*>(header), sizeof header);
    std::uint64_t left = std::numeric_limits<std::uint64_t>::max();
    if (in.gcount() == 20 && u32At(header) == kGlbMagic) {
        if (u32At(header + 16) != kChunkJson) return false;
        left = u32At(header + 12);
    } else {
        in.clear();
        in.seekg(0);
    }
    std::string carry, block(1 << 20, '\0');
    while (left > 0 && in) {
        in.read(block.data(), std::streamsize(std::min<std::uint64_t>(block.size(), left)));
        const std::size_t got = std::size_t(in.gcount());
        if (got == 0) break;
        left -= got;
        carry += block.substr(0, got);
        if (carry.find(key) != std::string::npos) return true;
        carry.erase(0, carry.size() > key.size() ? carry.size() - key.size() : 0);
    }
    return false;
}

}  // namespace sw::formats
