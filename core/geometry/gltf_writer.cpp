#include "core/geometry/gltf_writer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <utility>

#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"

namespace sw::geometry {
namespace {

using nlohmann::json;
static_assert(std::endian::native == std::endian::little, "GLB is little-endian; add byte swapping");

constexpr std::uint32_t kGlbMagic = 0x46546C67;  // "glTF"
constexpr std::uint32_t kChunkJson = 0x4E4F534A;  // "JSON"
constexpr std::uint32_t kChunkBin = 0x004E4942;   // "BIN\0"
constexpr int kComponentFloat = 5126;
constexpr int kComponentUint32 = 5125;
constexpr int kTargetArrayBuffer = 34962;
constexpr int kTargetElementArrayBuffer = 34963;

Error invalid(const std::string& what) { return makeError(ErrorCode::InvalidInput, "cannot export mesh: " + what); }

Status validateMesh(const Mesh& m) {
    const std::size_t nv = m.positions.size(), nf = m.triangles.size();
    if (nf == 0) return invalid("it has no triangles");
    if (!m.normals.empty() && m.normals.size() != nv) return invalid("normals and positions differ in count");
    if (!m.uvs.empty() && m.uvs.size() != nv) return invalid("uvs and positions differ in count");
    if (!m.faceMaterial.empty() && m.faceMaterial.size() != nf) return invalid("faceMaterial and triangles differ in count");
    if (!m.facePart.empty() && m.facePart.size() != nf) return invalid("facePart and triangles differ in count");
    for (const auto& p : m.positions)
        if (!p.allFinite()) return invalid("a vertex position is not finite");
    for (std::size_t f = 0; f < nf; ++f) {
        for (int k = 0; k < 3; ++k)
            if (m.triangles[f][k] < 0 || static_cast<std::size_t>(m.triangles[f][k]) >= nv)
                return invalid("triangle " + std::to_string(f) + " has a vertex index out of range");
        if (!m.faceMaterial.empty() && (m.faceMaterial[f] < 0 || static_cast<std::size_t>(m.faceMaterial[f]) >= m.materials.size()))
            return invalid("triangle " + std::to_string(f) + " has a material index out of range");
        if (!m.facePart.empty() && (m.facePart[f] < 0 || m.facePart[f] >= Mesh::kMaxParts))
            return invalid("triangle " + std::to_string(f) + " has a part id out of range");
    }
    for (const Material& mat : m.materials) {
        const int t = mat.baseColorTexture;
        if (t < -1 || t >= static_cast<int>(m.textures.size()))
            return invalid("material '" + mat.name + "' refers to a missing texture");
        if (t >= 0 && m.textures[static_cast<std::size_t>(t)].empty())
            return invalid("material '" + mat.name + "' refers to an empty texture");
    }
    return {};
}

class GlbBuilder {
public:
    explicit GlbBuilder(const Mesh& mesh) : m_mesh(mesh) {}

    // Appends bytes as a new 4-byte-aligned bufferView; target 0 = none. Returns its index.
    int addView(const void* data, std::size_t bytes, int target) {
        m_bin.resize((m_bin.size() + 3) & ~std::size_t{3}, 0);
        json view{{"buffer", 0}, {"byteOffset", m_bin.size()}, {"byteLength", bytes}};
        if (target != 0) view["target"] = target;
        const auto* p = static_cast<const std::uint8_t*>(data);
        m_bin.insert(m_bin.end(), p, p + bytes);
        m_views.push_back(std::move(view));
        return static_cast<int>(m_views.size()) - 1;
    }

    int addAccessor(int view, int componentType, std::size_t count, const char* type) {
        m_accessors.push_back({{"bufferView", view}, {"componentType", componentType}, {"count", count}, {"type", type}});
        return static_cast<int>(m_accessors.size()) - 1;
    }

    // One primitive over `faces` (indices into mesh.triangles), vertices renumbered in first-use order.
    json primitive(const std::vector<int>& faces, int material) {
        std::vector<int> remap(m_mesh.positions.size(), -1);
        std::vector<int> used;
        std::vector<std::uint32_t> indices;
        indices.reserve(faces.size() * 3);
        for (int f : faces) {
            for (int k = 0; k < 3; ++k) {
                const int v = m_mesh.triangles[static_cast<std::size_t>(f)][k];
                if (remap[v] < 0) {
                    remap[v] = static_cast<int>(used.size());
                    used.push_back(v);
                }
                indices.push_back(static_cast<std::uint32_t>(remap[v]));
            }
        }
        std::vector<float> pos, nrm, uv;
        for (int v : used) {
            const Eigen::Vector3f& p = m_mesh.positions[v];
            pos.insert(pos.end(), {p.x(), p.z(), -p.y()});  // +Z up → +Y up
            if (!m_mesh.normals.empty()) nrm.insert(nrm.end(), {m_mesh.normals[v].x(), m_mesh.normals[v].z(), -m_mesh.normals[v].y()});
            if (!m_mesh.uvs.empty()) uv.insert(uv.end(), {m_mesh.uvs[v].x(), m_mesh.uvs[v].y()});
        }
        json attributes;
        const int posAcc = addAccessor(addView(pos.data(), pos.size() * 4, kTargetArrayBuffer), kComponentFloat, used.size(), "VEC3");
        std::array<float, 3> lo, hi;
        lo.fill(std::numeric_limits<float>::infinity());
        hi.fill(-std::numeric_limits<float>::infinity());
        for (std::size_t i = 0; i < pos.size(); ++i) {
            lo[i % 3] = std::min(lo[i % 3], pos[i]);
            hi[i % 3] = std::max(hi[i % 3], pos[i]);
        }
        m_accessors[static_cast<std::size_t>(posAcc)]["min"] = lo;
        m_accessors[static_cast<std::size_t>(posAcc)]["max"] = hi;
        attributes["POSITION"] = posAcc;
        if (!nrm.empty())
            attributes["NORMAL"] = addAccessor(addView(nrm.data(), nrm.size() * 4, kTargetArrayBuffer), kComponentFloat, used.size(), "VEC3");
        if (!uv.empty())
            attributes["TEXCOORD_0"] = addAccessor(addView(uv.data(), uv.size() * 4, kTargetArrayBuffer), kComponentFloat, used.size(), "VEC2");
        json prim{{"attributes", attributes}, {"mode", 4}};
        prim["indices"] = addAccessor(addView(indices.data(), indices.size() * 4, kTargetElementArrayBuffer),
                                      kComponentUint32, indices.size(), "SCALAR");
        if (material >= 0) prim["material"] = material;
        return prim;
    }

    Result<json> images() {
        json images = json::array(), textures = json::array();
        for (std::size_t i = 0; i < m_mesh.textures.size(); ++i) {
            const Image& img = m_mesh.textures[i];
            auto png = encodePng(Rgba8Image{img.width, img.height, img.rgba});
            if (!png) return invalid("texture '" + img.name + "': " + png.error().message);
            const int view = addView(png->data(), png->size(), 0);
            images.push_back({{"bufferView", view}, {"mimeType", "image/png"}, {"name", img.name}});
            textures.push_back({{"sampler", 0}, {"source", i}});
        }
        return json{{"images", images}, {"textures", textures}};
    }

    json materials() const {
        json out = json::array();
        for (const Material& m : m_mesh.materials) {
            json pbr{{"baseColorFactor", m.baseColorFactor}, {"metallicFactor", 0.0}, {"roughnessFactor", 1.0}};
            if (m.baseColorTexture >= 0) pbr["baseColorTexture"] = {{"index", m.baseColorTexture}, {"texCoord", 0}};
            json mat{{"name", m.name}, {"pbrMetallicRoughness", pbr}, {"doubleSided", m.doubleSided}};
            if (m.emits()) {  // factors above 1 go through KHR_materials_emissive_strength
                const float k = std::max({m.emissive[0], m.emissive[1], m.emissive[2], 1.f});
                mat["emissiveFactor"] = {m.emissive[0] / k, m.emissive[1] / k, m.emissive[2] / k};
                if (k > 1.f) mat["extensions"] = {{"KHR_materials_emissive_strength", {{"emissiveStrength", k}}}};
                if (m.emissiveTexture >= 0) mat["emissiveTexture"] = {{"index", m.emissiveTexture}, {"texCoord", 0}};
            }
            if (m.alphaMask) {
                mat["alphaMode"] = "MASK";
                mat["alphaCutoff"] = m.alphaCutoff;
            }
            out.push_back(std::move(mat));
        }
        return out;
    }

    json views() const { return m_views; }
    json accessors() const { return m_accessors; }
    const std::vector<std::uint8_t>& bin() const { return m_bin; }

private:
    const Mesh& m_mesh;
    json m_views = json::array();
    json m_accessors = json::array();
    std::vector<std::uint8_t> m_bin;
};

void appendU32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    std::uint8_t b[4];
    std::memcpy(b, &v, 4);
    out.insert(out.end(), b, b + 4);
}

// GLB container: 12-byte header, JSON chunk padded with spaces, BIN chunk padded with zeros.
std::vector<std::uint8_t> assemble(std::string text, std::vector<std::uint8_t> bin) {
    text.resize((text.size() + 3) & ~std::size_t{3}, ' ');
    bin.resize((bin.size() + 3) & ~std::size_t{3}, 0);
    std::vector<std::uint8_t> out;
    out.reserve(28 + text.size() + bin.size());
    appendU32(out, kGlbMagic);
    appendU32(out, 2);
    appendU32(out, static_cast<std::uint32_t>(28 + text.size() + bin.size()));
    appendU32(out, static_cast<std::uint32_t>(text.size()));
    appendU32(out, kChunkJson);
    out.insert(out.end(), text.begin(), text.end());
    appendU32(out, static_cast<std::uint32_t>(bin.size()));
    appendU32(out, kChunkBin);
    out.insert(out.end(), bin.begin(), bin.end());
    return out;
}

}  // namespace

Result<std::vector<std::uint8_t>> encodeGlb(const Mesh& mesh) {
    SW_TRY(validateMesh(mesh));
    int parts = static_cast<int>(std::max<std::size_t>(mesh.partNames.size(), 1));
    for (int p : mesh.facePart) parts = std::max(parts, p + 1);
    // (part, material) → faces, in face order; std::map keeps the output order fixed.
    std::map<std::pair<int, int>, std::vector<int>> groups;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const int part = mesh.facePart.empty() ? 0 : mesh.facePart[f];
        const int mat = mesh.faceMaterial.empty() ? (mesh.materials.empty() ? -1 : 0) : mesh.faceMaterial[f];
        groups[{part, mat}].push_back(static_cast<int>(f));
    }
    GlbBuilder builder(mesh);
    json nodes = json::array(), meshes = json::array(), sceneNodes = json::array();
    for (int p = 0; p < parts; ++p) {
        const std::string name = p < static_cast<int>(mesh.partNames.size()) ? mesh.partNames[static_cast<std::size_t>(p)]
                                                                              : "part_" + std::to_string(p);
        json node{{"name", name}};
        json prims = json::array();
        for (const auto& [key, faces] : groups)
            if (key.first == p) prims.push_back(builder.primitive(faces, key.second));
        if (!prims.empty()) {
            meshes.push_back({{"name", name}, {"primitives", prims}});
            node["mesh"] = meshes.size() - 1;
        }
        sceneNodes.push_back(nodes.size());
        nodes.push_back(std::move(node));
    }
    auto images = builder.images();
    if (!images) return images.error();
    json doc{{"asset", {{"version", "2.0"}, {"generator", "Splatwright"}}},
             {"scene", 0},
             {"scenes", json::array({{{"nodes", sceneNodes}}})},
             {"nodes", nodes},
             {"meshes", meshes},
             {"materials", builder.materials()},
             {"accessors", builder.accessors()},
             {"bufferViews", builder.views()},
             {"buffers", json::array({{{"byteLength", builder.bin().size()}}})}};
    if (!(*images)["images"].empty()) {
        doc["images"] = (*images)["images"];
        doc["textures"] = (*images)["textures"];
        doc["samplers"] = json::array({{{"magFilter", 9729}, {"minFilter", 9987}, {"wrapS", 10497}, {"wrapT", 10497}}});
    }
    if (doc["materials"].empty()) doc.erase("materials");
    for (const Material& m : mesh.materials)
        if (m.emits() && std::max({m.emissive[0], m.emissive[1], m.emissive[2]}) > 1.f) {
            doc["extensionsUsed"] = json::array({"KHR_materials_emissive_strength"});
            break;
        }
    return assemble(doc.dump(), builder.bin());
}

Status writeGlb(const Mesh& mesh, const std::string& path) {
    auto bytes = encodeGlb(mesh);
    if (!bytes) return makeError(bytes.error().code, bytes.error().message, path);
    AtomicFile file(path);
    SW_TRY(file.open());
    SW_TRY(file.write(bytes->data(), bytes->size()));
    return file.commit();
}

}  // namespace sw::geometry
