#include "core/geometry/detail/materials.h"

#include <assimp/GltfMaterial.h>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>

#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/geometry/ktx2_texture.h"

namespace sw::geometry::detail {
namespace {

namespace fs = std::filesystem;

struct TextureEntry {
    std::string name;         // report name
    std::string uri;          // as referenced (glTF: decoded uri)
    std::string filePath;     // absolute-ish path of an external file
    int embedded = -1;        // index into aiScene::mTextures
    bool linearUse = false;
    std::vector<std::uint8_t> data;  // glTF embedded image bytes, read by us
};

// IEC 61966-2-1 sRGB transfer function (linear → encoded).
float linearToSrgb(float c) {
    c = std::clamp(c, 0.f, 1.f);
    return c <= 0.0031308f ? 12.92f * c : 1.055f * std::pow(c, 1.f / 2.4f) - 0.055f;
}

// PNG/JPEG/... through sw::decodeImage, KTX2 (KHR_texture_basisu) through our own decoder.
Result<Rgba8Image> decodeBytes(std::span<const std::uint8_t> bytes, const std::string& what, bool headerOnly) {
    if (isKtx2(bytes)) return headerOnly ? readKtx2Size(bytes, what) : decodeKtx2(bytes, what);
    return headerOnly ? readImageSize(bytes, what) : decodeImage(bytes, what);
}

bool looksLinear(const std::string& name) {
    std::string lower = name;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    for (const char* word : {"normal", "rough", "metal", "occlusion", "orm", "_ao", "height", "bump", "spec", "gloss",
                             "emiss", "displace", "opacity"})
        if (lower.find(word) != std::string::npos) return true;
    return false;
}

class TextureTable {
public:
    TextureTable(const aiScene& scene, const std::string& modelPath, const GltfInfo* gltf)
        : m_scene(scene), m_dir(fs::path(modelPath).parent_path()) {
        if (!gltf) return;
        int embedded = 0;  // the order-based guess, used only when the bytes do not match
        for (const GltfImage& img : gltf->images) {
            TextureEntry e{img.name, img.uri, img.embedded ? "" : (m_dir / img.uri).string(),
                           img.embedded ? embedded++ : -1, img.linearUse, img.data};
            m_entries.push_back(std::move(e));
        }
        m_gltfImages = m_entries.size();
        // Assimp's glTF2 importer numbers embedded images in the order materials reference
        // them, not in `images` order: match each "*N" to its image by content.
        for (unsigned n = 0; n < scene.mNumTextures; ++n) {
            const aiTexture& t = *scene.mTextures[n];
            for (TextureEntry& e : m_entries)
                if (t.mHeight == 0 && !e.data.empty() && e.data.size() == t.mWidth &&
                    std::memcmp(e.data.data(), t.pcData, e.data.size()) == 0)
                    e.embedded = static_cast<int>(n);
        }
    }

    // Entry for an Assimp texture path ("*N", an embedded file name, or a file path).
    int resolve(const std::string& aiPath) {
        const auto [tex, embeddedIndex] = m_scene.GetEmbeddedTextureAndIndex(aiPath.c_str());
        if (tex) {
            for (std::size_t i = 0; i < m_entries.size(); ++i)
                if (m_entries[i].embedded == embeddedIndex) return static_cast<int>(i);
            return add({"embedded #" + std::to_string(embeddedIndex), "", "", embeddedIndex, false, {}});
        }
        std::string uri = aiPath;
        std::replace(uri.begin(), uri.end(), '\\', '/');
        for (std::size_t i = 0; i < m_entries.size(); ++i)
            if (m_entries[i].embedded < 0 && m_entries[i].uri == uri) return static_cast<int>(i);
        const fs::path p(uri);
        return add({uri, uri, p.is_absolute() ? p.string() : (m_dir / p).string(), -1, false, {}});
    }

    const TextureEntry& at(int i) const { return m_entries[i]; }
    std::size_t size() const { return m_entries.size(); }
    std::size_t gltfImages() const { return m_gltfImages; }  // entries 0.. are the glTF images in file order

    // The encoded bytes, or raw texels already converted. Missing file → Io error.
    Result<Rgba8Image> decode(int i, bool headerOnly) const {
        const TextureEntry& e = m_entries[i];
        if (!e.data.empty()) return decodeBytes(e.data, e.name, headerOnly);
        if (e.embedded >= 0 && e.embedded < static_cast<int>(m_scene.mNumTextures)) {
            const aiTexture& t = *m_scene.mTextures[e.embedded];
            if (t.mHeight == 0) {  // compressed (PNG/JPEG) bytes, mWidth = byte count
                std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(t.pcData), t.mWidth);
                return decodeBytes(bytes, e.name, headerOnly);
            }
            Rgba8Image img{static_cast<int>(t.mWidth), static_cast<int>(t.mHeight), {}};
            if (headerOnly) return img;
            img.rgba.reserve(std::size_t(t.mWidth) * t.mHeight * 4);
            for (std::size_t k = 0; k < std::size_t(t.mWidth) * t.mHeight; ++k)
                img.rgba.insert(img.rgba.end(), {t.pcData[k].r, t.pcData[k].g, t.pcData[k].b, t.pcData[k].a});
            return img;
        }
        if (e.filePath.empty()) return makeError(ErrorCode::Parse, "embedded image not found in the file", e.name);
        if (!fs::exists(e.filePath)) return makeError(ErrorCode::Io, "texture file not found", e.filePath);
        auto bytes = readFileBytes(e.filePath);
        if (!bytes) return bytes.error();
        return decodeBytes(*bytes, e.filePath, headerOnly);
    }

private:
    int add(TextureEntry e) {
        m_entries.push_back(std::move(e));
        return static_cast<int>(m_entries.size()) - 1;
    }
    const aiScene& m_scene;
    fs::path m_dir;
    std::vector<TextureEntry> m_entries;
    std::size_t m_gltfImages = 0;
};

std::optional<std::string> slotTexture(const aiMaterial& m, aiTextureType type) {
    aiString p;
    if (m.GetTextureCount(type) > 0 && m.GetTexture(type, 0, &p) == aiReturn_SUCCESS && p.length > 0)
        return std::string(p.C_Str());
    return std::nullopt;
}

// Base-colour entry of material mi and how it was found; -1 when none. gm: the material in the
// glTF JSON (null for other formats), whose base-colour image is used when Assimp leaves the
// slots empty (Assimp 5.2 does not follow a texture whose source sits in an extension such as
// KHR_texture_basisu).
int findBaseColor(const aiMaterial& m, TextureTable& table, bool gltf, const GltfMaterial* gm, std::string& source) {
    if (auto p = slotTexture(m, aiTextureType_BASE_COLOR)) {
        source = gltf ? "baseColorTexture" : "BASE_COLOR slot";
        return table.resolve(*p);
    }
    if (auto p = slotTexture(m, aiTextureType_DIFFUSE)) {
        source = gltf ? "baseColorTexture" : "DIFFUSE slot";
        return table.resolve(*p);
    }
    if (gm && gm->baseColorImage >= 0 && std::size_t(gm->baseColorImage) < table.gltfImages()) {
        source = "baseColorTexture";
        return gm->baseColorImage;
    }
    for (int type = aiTextureType_NONE + 1; type < AI_TEXTURE_TYPE_MAX; ++type) {
        if (auto p = slotTexture(m, static_cast<aiTextureType>(type))) {
            const int e = table.resolve(*p);
            if (!table.at(e).linearUse && !looksLinear(table.at(e).name)) {
                source = "fallback: first sRGB image";
                return e;
            }
        }
    }
    source = "none";
    return -1;
}

void readFactors(const aiMaterial& m, const GltfMaterial* gm, Material& out) {
    if (gm) {
        for (int c = 0; c < 3; ++c) out.baseColorFactor[c] = linearToSrgb(gm->baseColorFactor[c]);
        out.baseColorFactor[3] = gm->baseColorFactor[3];
        out.alphaMask = gm->alphaMask;
        out.alphaCutoff = gm->alphaCutoff;
        out.doubleSided = gm->doubleSided;
        for (int c = 0; c < 3; ++c)  // a non-finite strength is no light, not an infinite one
            out.emissive[std::size_t(c)] = std::isfinite(gm->emissive[std::size_t(c)]) ? gm->emissive[std::size_t(c)] : 0.f;
        return;
    }
    aiColor4D e;
    if (m.Get(AI_MATKEY_COLOR_EMISSIVE, e) == aiReturn_SUCCESS && std::isfinite(e.r + e.g + e.b))
        out.emissive = {std::max(0.f, e.r), std::max(0.f, e.g), std::max(0.f, e.b)};
    aiColor4D c;
    if (m.Get(AI_MATKEY_BASE_COLOR, c) == aiReturn_SUCCESS || m.Get(AI_MATKEY_COLOR_DIFFUSE, c) == aiReturn_SUCCESS)
        out.baseColorFactor = {c.r, c.g, c.b, c.a};
    int twoSided = 0;
    if (m.Get(AI_MATKEY_TWOSIDED, twoSided) == aiReturn_SUCCESS) out.doubleSided = twoSided != 0;
}

// Decodes entry as mat's base colour into set.textures. Too large or an unsupported encoding →
// Unsupported error; corrupt bytes → Parse error; a missing file → a warning and the material
// stays untextured.
Status attachBaseColor(const TextureTable& table, int entry, const std::string& modelPath, Material& mat, MaterialSet& set) {
    const std::string& texName = table.at(entry).name;
    auto size = table.decode(entry, /*headerOnly=*/true);
    if (size && std::max(size->width, size->height) > kMaxTextureSide)
        return makeError(ErrorCode::Unsupported, "base-colour texture " + texName + " is " + std::to_string(size->width) + "x" +
                         std::to_string(size->height) + ", larger than the " + std::to_string(kMaxTextureSide) +
                         " px limit per side; downscale it", modelPath);
    auto img = size ? table.decode(entry, /*headerOnly=*/false) : size;
    if (!img && img.error().code == ErrorCode::Unsupported)  // e.g. a UASTC KTX2: say so rather than import untextured
        return makeError(ErrorCode::Unsupported, "base-colour texture " + img.error().toString(), modelPath);
    if (!img && img.error().code == ErrorCode::Parse)  // present but corrupt: the asset is broken, not untextured
        return makeError(ErrorCode::Parse, "base-colour texture of material \"" + mat.name + "\" is corrupt (" +
                                               img.error().toString() + "); repair or re-export the texture", modelPath);
    if (!img) {
        set.warnings.push_back("base-colour texture of material \"" + mat.name + "\" unusable (" + img.error().toString() +
                               "): imported untextured");
        return {};
    }
    mat.baseColorTexture = static_cast<int>(set.textures.size());
    set.textures.push_back(Image{texName, img->width, img->height, std::move(img->rgba)});
    return {};
}

// Decodes a glTF material's emissive texture into set.textures (shared through `decoded`). An
// emission map that cannot be read is a warning: the material glows by its factor alone.
void attachEmissive(const TextureTable& table, const GltfMaterial& gm, Material& mat, MaterialSet& set,
                    std::map<int, int>& decoded) {
    const int entry = gm.emissiveImage;
    if (entry < 0 || std::size_t(entry) >= table.gltfImages() || !mat.emits()) return;
    if (auto it = decoded.find(entry); it != decoded.end()) {
        mat.emissiveTexture = it->second;
        return;
    }
    auto img = table.decode(entry, /*headerOnly=*/true);
    if (img && std::max(img->width, img->height) <= kMaxTextureSide) img = table.decode(entry, /*headerOnly=*/false);
    else if (img) img = makeError(ErrorCode::Unsupported, "larger than the " + std::to_string(kMaxTextureSide) + " px limit");
    if (!img) {
        set.warnings.push_back("emissive texture of material \"" + mat.name + "\" unusable (" + img.error().toString() +
                               "): it glows by its emissive factor alone");
        return;
    }
    mat.emissiveTexture = static_cast<int>(set.textures.size());
    decoded[entry] = mat.emissiveTexture;
    set.textures.push_back(Image{table.at(entry).name, img->width, img->height, std::move(img->rgba)});
}

// Textures in every slot, so the report lists every image the file references.
void registerAllTextures(const aiScene& scene, TextureTable& table) {
    for (unsigned mi = 0; mi < scene.mNumMaterials; ++mi)
        for (int type = aiTextureType_NONE + 1; type < AI_TEXTURE_TYPE_MAX; ++type)
            for (unsigned k = 0; k < scene.mMaterials[mi]->GetTextureCount(static_cast<aiTextureType>(type)); ++k) {
                aiString p;
                if (scene.mMaterials[mi]->GetTexture(static_cast<aiTextureType>(type), k, &p) == aiReturn_SUCCESS)
                    table.resolve(p.C_Str());
            }
}

}  // namespace

Result<MaterialSet> resolveMaterials(const aiScene& scene, const std::string& modelPath, const GltfInfo* gltf,
                                     const MaterialUse& use) {
    MaterialSet set;
    TextureTable table(scene, modelPath, gltf);
    std::map<int, int> decoded;  // table entry → index into set.textures
    for (unsigned mi = 0; mi < scene.mNumMaterials; ++mi) {
        const aiMaterial& am = *scene.mMaterials[mi];
        const GltfMaterial* gm = gltf && mi < gltf->materials.size() ? &gltf->materials[mi] : nullptr;
        Material mat;
        mat.name = am.GetName().C_Str();
        readFactors(am, gm, mat);
        MaterialInfo info{mat.name, -1, "none"};
        const int entry = findBaseColor(am, table, gltf != nullptr, gm, info.baseColorSource);
        info.baseColorTexture = entry;
        mat.baseColorSource = info.baseColorSource;
        if (entry >= 0 && use.used[mi]) {
            if (info.baseColorSource.rfind("fallback", 0) == 0)
                set.warnings.push_back("material \"" + mat.name + "\" has no base-colour texture; using its first sRGB-looking image " +
                                       table.at(entry).name);
            if (use.noUvs[mi]) {
                set.warnings.push_back("material \"" + mat.name + "\" has a base-colour texture but its mesh has no UVs: imported untextured");
            } else if (auto it = decoded.find(entry); it != decoded.end()) {
                mat.baseColorTexture = it->second;
            } else {
                SW_TRY(attachBaseColor(table, entry, modelPath, mat, set));
                if (mat.baseColorTexture >= 0) decoded[entry] = mat.baseColorTexture;
            }
        }
        if (gm && use.used[mi] && !use.noUvs[mi]) attachEmissive(table, *gm, mat, set, decoded);
        set.materials.push_back(std::move(mat));
        set.infos.push_back(std::move(info));
    }
    registerAllTextures(scene, table);
    // Every known image with its size (header only); 0x0 when it cannot be read.
    for (std::size_t i = 0; i < table.size(); ++i) {
        auto size = table.decode(static_cast<int>(i), /*headerOnly=*/true);
        set.textureInfos.push_back({table.at(i).name, size ? size->width : 0, size ? size->height : 0});
    }
    return set;
}

}  // namespace sw::geometry::detail
