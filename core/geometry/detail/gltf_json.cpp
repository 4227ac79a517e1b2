#include "core/geometry/detail/gltf_json.h"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <cstring>
#include <limits>
#include <optional>
#include <nlohmann/json.hpp>

#include "core/foundation/file_io.h"
#include <string_view>

namespace sw::geometry::detail {
namespace {

using Json = nlohmann::json;

constexpr std::uint32_t kGlbMagic = 0x46546C67;      // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;     // "JSON"

std::uint32_t readU32(std::span<const std::uint8_t> b, std::size_t at) {
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 |
           std::uint32_t(b[at + 3]) << 24;
}

// RFC 3986 percent-decoding of a relative URI.
std::string decodeUri(const std::string& uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(uri[i + 1]) && std::isxdigit(uri[i + 2])) {
            out.push_back(static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16)));
            i += 2;
        } else {
            out.push_back(uri[i]);
        }
    }
    return out;
}

// RFC 4648 base64 (the payload of a data: URI); stops at padding or the first invalid char.
std::vector<std::uint8_t> decodeBase64(std::string_view text) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        return c == '+' ? 62 : c == '/' ? 63 : -1;
    };
    std::vector<std::uint8_t> out;
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        const int v = value(c);
        if (v < 0) break;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<std::uint8_t>((acc >> bits) & 0xFF));
        }
    }
    return out;
}

std::vector<std::uint8_t> dataUriBytes(const std::string& uri) {
    const std::size_t comma = uri.find(',');
    if (comma == std::string::npos || uri.rfind(";base64", comma) == std::string::npos) return {};
    return decodeBase64(std::string_view(uri).substr(comma + 1));
}

// The GLB BIN chunk (second chunk), empty when absent.
std::span<const std::uint8_t> glbBinChunk(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < 20 || readU32(bytes, 0) != kGlbMagic) return {};
    const std::size_t at = 20 + std::size_t(readU32(bytes, 12));
    if (at + 8 > bytes.size()) return {};
    const std::size_t length = readU32(bytes, at);
    if (at + 8 + length > bytes.size()) return {};
    return bytes.subspan(at + 8, length);
}

Result<std::string> jsonText(std::span<const std::uint8_t> bytes, const std::string& path) {
    if (bytes.size() >= 4 && readU32(bytes, 0) == kGlbMagic) {
        if (bytes.size() < 20) return makeError(ErrorCode::Parse, "truncated GLB header", path);
        const std::uint32_t length = readU32(bytes, 12);
        if (readU32(bytes, 16) != kChunkJson) return makeError(ErrorCode::Parse, "GLB first chunk is not JSON", path);
        if (20ull + length > bytes.size())
            return makeError(ErrorCode::Parse, "truncated GLB: JSON chunk runs past the end of the file", path);
        return std::string(reinterpret_cast<const char*>(bytes.data()) + 20, length);
    }
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

std::vector<std::string> stringList(const Json& j, const char* key) {
    std::vector<std::string> out;
    if (j.contains(key) && j[key].is_array())
        for (const Json& e : j[key])
            if (e.is_string()) out.push_back(e.get<std::string>());
    return out;
}

// A glTF index or byte count: a JSON integer >= 0. `fallback` when the key is absent; nullopt
// when present but negative, fractional or not a number (a cast would wrap or be undefined).
std::optional<std::uint64_t> nonNegative(const Json& object, const char* key, std::uint64_t fallback) {
    if (!object.is_object() || !object.contains(key)) return fallback;
    const Json& v = object[key];
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(v.get<std::int64_t>());
    return std::nullopt;
}

// The same as an int index (< 2^31), or -1 when absent or invalid.
int indexOf(const Json& object, const char* key) {
    const auto v = nonNegative(object, key, std::uint64_t(-1));
    return v && *v <= std::uint64_t(std::numeric_limits<int>::max()) ? static_cast<int>(*v) : -1;
}

// glTF texture index → image index (plain source or an image-format extension's source).
int textureImage(const Json& root, const Json& textureInfo) {
    const int t = indexOf(textureInfo, "index");
    const Json& textures = root.value("textures", Json::array());
    if (t < 0 || !textures.is_array() || t >= static_cast<int>(textures.size())) return -1;
    const Json& tex = textures[static_cast<std::size_t>(t)];
    if (!tex.is_object()) return -1;
    if (tex.contains("source")) return indexOf(tex, "source");
    if (tex.contains("extensions") && tex["extensions"].is_object())
        for (const auto& [name, ext] : tex["extensions"].items())
            if (ext.is_object() && ext.contains("source")) return indexOf(ext, "source");
    return -1;
}

// Encoded bytes of bufferView `index` (GLB BIN chunk or a data: URI buffer); an error when
// the view's offset or length is not a non-negative integer or runs past its buffer.
Result<std::vector<std::uint8_t>> bufferViewBytes(const Json& root, int index, std::span<const std::uint8_t> bin,
                                                  const std::string& path) {
    const Json& views = root.value("bufferViews", Json::array());
    const Json& buffers = root.value("buffers", Json::array());
    if (index < 0 || !views.is_array() || index >= static_cast<int>(views.size())) return std::vector<std::uint8_t>{};
    const Json& view = views[static_cast<std::size_t>(index)];
    const std::string what = "glTF bufferView " + std::to_string(index);
    const auto b = nonNegative(view, "buffer", 0);
    if (!b || !buffers.is_array() || *b >= buffers.size()) return std::vector<std::uint8_t>{};
    const std::string uri = buffers[*b].value("uri", std::string());
    std::vector<std::uint8_t> decoded;
    std::span<const std::uint8_t> buffer = bin;
    if (!uri.empty()) {
        decoded = dataUriBytes(uri);
        buffer = decoded;
    }
    const auto offset = nonNegative(view, "byteOffset", 0);
    const auto length = nonNegative(view, "byteLength", 0);
    if (!offset) return makeError(ErrorCode::Parse, what + ": byteOffset " + view["byteOffset"].dump() + " is not a non-negative integer", path);
    if (!length) return makeError(ErrorCode::Parse, what + ": byteLength " + view["byteLength"].dump() + " is not a non-negative integer", path);
    if (*offset > buffer.size() || *length > buffer.size() - *offset)
        return makeError(ErrorCode::Parse, what + " (byteOffset " + std::to_string(*offset) + ", byteLength " + std::to_string(*length) +
                                               ") runs past the end of buffer " + std::to_string(*b) + " (" +
                                               std::to_string(buffer.size()) + " bytes)", path);
    const auto first = buffer.begin() + static_cast<std::ptrdiff_t>(*offset);
    return std::vector<std::uint8_t>(first, first + static_cast<std::ptrdiff_t>(*length));
}

// True when bufferView `index` lies in a buffer that is a file (not the GLB chunk, not a data:
// URI); its file, offset and length are put into `img` (an invalid offset or length reads as an
// empty view past the end, reported by readExternalViews).
bool externalView(const Json& root, int index, GltfImage& img) {
    const Json& views = root.value("bufferViews", Json::array());
    const Json& buffers = root.value("buffers", Json::array());
    if (index < 0 || !views.is_array() || index >= static_cast<int>(views.size())) return false;
    const Json& view = views[static_cast<std::size_t>(index)];
    const auto b = nonNegative(view, "buffer", 0);
    if (!b || !buffers.is_array() || *b >= buffers.size() || !buffers[*b].is_object()) return false;
    const std::string uri = buffers[*b].value("uri", std::string());
    if (uri.empty() || uri.rfind("data:", 0) == 0) return false;
    img.viewFile = decodeUri(uri);
    img.viewOffset = nonNegative(view, "byteOffset", 0).value_or(std::numeric_limits<std::uint64_t>::max());
    img.viewLength = nonNegative(view, "byteLength", 0).value_or(std::numeric_limits<std::uint64_t>::max());
    return true;
}

Status readImages(const Json& root, std::span<const std::uint8_t> bin, GltfInfo& info, const std::string& path) {
    const Json& images = root.value("images", Json::array());
    if (!images.is_array()) return {};
    for (std::size_t k = 0; k < images.size(); ++k) {
        GltfImage img;
        const std::string uri = images[k].value("uri", std::string());
        img.mimeType = images[k].value("mimeType", std::string());
        img.embedded = uri.empty() || uri.rfind("data:", 0) == 0;
        if (img.embedded) {
            img.name = "embedded #" + std::to_string(k);
            if (uri.empty() && externalView(root, indexOf(images[k], "bufferView"), img)) {
                // read by readExternalViews once the buffer file is checked
            } else if (uri.empty()) {
                auto bytes = bufferViewBytes(root, indexOf(images[k], "bufferView"), bin, path);
                if (!bytes) return bytes.error();
                img.data = std::move(*bytes);
            } else {
                img.data = dataUriBytes(uri);
            }
        } else {
            img.uri = decodeUri(uri);
            img.name = img.uri;
        }
        info.images.push_back(std::move(img));
    }
    return {};
}

void markLinear(GltfInfo& info, int image) {
    if (image >= 0 && image < static_cast<int>(info.images.size())) info.images[image].linearUse = true;
}

// emissiveFactor (default black) × KHR_materials_emissive_strength's emissiveStrength (default 1).
void readEmission(const Json& root, const Json& m, GltfMaterial& mat) {
    if (m.contains("emissiveFactor") && m["emissiveFactor"].is_array() && m["emissiveFactor"].size() == 3)
        for (int c = 0; c < 3; ++c) mat.emissive[std::size_t(c)] = std::max(0.f, m["emissiveFactor"][std::size_t(c)].get<float>());
    const Json ext = m.value("extensions", Json::object());
    if (ext.is_object() && ext.contains("KHR_materials_emissive_strength")) {
        const Json& strength = ext["KHR_materials_emissive_strength"];
        const float k = strength.is_object() ? std::max(0.f, strength.value("emissiveStrength", 1.f)) : 1.f;
        for (float& c : mat.emissive) c *= k;
    }
    mat.emissiveImage = textureImage(root, m.value("emissiveTexture", Json()));
}

void readMaterials(const Json& root, GltfInfo& info) {
    for (const Json& m : root.value("materials", Json::array())) {
        GltfMaterial mat;
        mat.name = m.value("name", std::string());
        const Json pbr = m.value("pbrMetallicRoughness", Json::object());
        mat.baseColorImage = textureImage(root, pbr.value("baseColorTexture", Json()));
        if (pbr.contains("baseColorFactor") && pbr["baseColorFactor"].size() == 4)
            for (int c = 0; c < 4; ++c) mat.baseColorFactor[c] = pbr["baseColorFactor"][c].get<float>();
        mat.alphaMask = m.value("alphaMode", std::string("OPAQUE")) == "MASK";
        mat.alphaCutoff = m.value("alphaCutoff", 0.5f);
        mat.doubleSided = m.value("doubleSided", false);
        readEmission(root, m, mat);
        markLinear(info, textureImage(root, pbr.value("metallicRoughnessTexture", Json())));
        markLinear(info, textureImage(root, m.value("normalTexture", Json())));
        markLinear(info, textureImage(root, m.value("occlusionTexture", Json())));
        info.materials.push_back(std::move(mat));
    }
    // An image that is also someone's base colour is colour data after all.
    for (const GltfMaterial& mat : info.materials)
        if (mat.baseColorImage >= 0 && mat.baseColorImage < static_cast<int>(info.images.size()))
            info.images[mat.baseColorImage].linearUse = false;
}

}  // namespace

bool isGltfPath(const std::string& path) {
    std::string lower = path;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    auto endsWith = [&](const char* s) {
        const std::size_t n = std::strlen(s);
        return lower.size() >= n && lower.compare(lower.size() - n, n, s) == 0;
    };
    return endsWith(".gltf") || endsWith(".glb");
}

Result<GltfInfo> readGltfInfo(std::span<const std::uint8_t> bytes, const std::string& path) {
    auto text = jsonText(bytes, path);
    if (!text) return text.error();
    Json root = Json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (root.is_discarded() || !root.is_object())
        return makeError(ErrorCode::Parse, "not a glTF file: the JSON does not parse", path);
    if (!root.contains("asset")) return makeError(ErrorCode::Parse, "not a glTF file: no \"asset\" object", path);
    GltfInfo info;
    try {
        info.extensionsUsed = stringList(root, "extensionsUsed");
        info.extensionsRequired = stringList(root, "extensionsRequired");
        SW_TRY(readImages(root, glbBinChunk(bytes), info, path));
        readMaterials(root, info);
        for (const Json& b : root.value("buffers", Json::array()))
            if (const std::string uri = b.value("uri", std::string()); !uri.empty() && uri.rfind("data:", 0) != 0)
                info.externalFiles.push_back(decodeUri(uri));
        for (const GltfImage& img : info.images)
            if (!img.embedded) info.externalFiles.push_back(img.uri);
    } catch (const Json::exception& e) {
        return makeError(ErrorCode::Parse, std::string("malformed glTF JSON: ") + e.what(), path);
    }
    return info;
}

Status checkExternalFiles(const GltfInfo& info, const std::string& modelPath, bool allowOutside) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path folder = fs::weakly_canonical(fs::absolute(modelPath, ec).parent_path(), ec);
    for (const std::string& uri : info.externalFiles) {
        const fs::path file = fs::path(uri).is_absolute() ? fs::path(uri) : folder / uri;
        const fs::path real = fs::weakly_canonical(file, ec);
        const fs::path rel = real.lexically_relative(folder);
        const bool inside = !rel.empty() && *rel.begin() != ".." && rel.is_relative();
        if (!inside && !allowOutside)
            return makeError(ErrorCode::InvalidInput,
                             "the glTF names '" + uri + "', outside the model's folder; it is not read (--allow-outside reads it)",
                             modelPath);
        // A pipe, socket or device would block (or never end) the reader's open(); a folder or a
        // missing file is left to the reader's own warning.
        struct stat st {};
        if (::stat(real.c_str(), &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
            return makeError(ErrorCode::InvalidInput,
                             "is not a regular file (a pipe, socket or device, named by the glTF as '" + uri + "'); it is not read",
                             real.string());
    }
    return {};
}

Status readExternalViews(GltfInfo& info, const std::string& modelPath) {
    namespace fs = std::filesystem;
    const fs::path folder = fs::path(modelPath).parent_path();
    for (GltfImage& img : info.images) {
        if (img.viewFile.empty()) continue;
        const fs::path file = fs::path(img.viewFile).is_absolute() ? fs::path(img.viewFile) : folder / img.viewFile;
        auto bytes = readFileBytes(file.string());
        if (!bytes)
            return makeError(bytes.error().code, "image " + img.name + " lies in buffer '" + img.viewFile + "': " +
                                                     bytes.error().message, modelPath);
        if (img.viewOffset > bytes->size() || img.viewLength > bytes->size() - img.viewOffset)
            return makeError(ErrorCode::Parse, "image " + img.name + ": its bufferView runs past the end of '" +
                                                   img.viewFile + "' (" + std::to_string(bytes->size()) + " bytes)",
                             modelPath);
        const auto first = bytes->begin() + static_cast<std::ptrdiff_t>(img.viewOffset);
        img.data.assign(first, first + static_cast<std::ptrdiff_t>(img.viewLength));
    }
    return {};
}

std::vector<std::string> unsupportedExtensions(const std::vector<std::string>& extensions) {
    // Draco geometry is decoded by Assimp (Debian's is linked with libdraco), KTX2/basisu
    // textures by our own decoder (core/geometry/ktx2_texture.h).
    static const char* const kUnsupported[] = {"EXT_meshopt_compression", "KHR_meshopt_compression", "EXT_texture_webp"};
    std::vector<std::string> out;
    for (const std::string& e : extensions)
        if (std::find(std::begin(kUnsupported), std::end(kUnsupported), e) != std::end(kUnsupported))
            out.push_back(e);
    return out;
}

}  // namespace sw::geometry::detail
