#include "core/geometry/plain_glb.h"

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <cstring>
#include <memory>
#include <vector>

#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/geometry/detail/gltf_json.h"
#include "core/geometry/ktx2_texture.h"

namespace sw::geometry {
namespace {

// An embedded, compressed aiTexture holding `bytes` (mHeight 0, mWidth = byte count).
aiTexture* compressedTexture(const std::vector<std::uint8_t>& bytes, const char* hint) {
    auto* t = new aiTexture;
    t->mWidth = static_cast<unsigned>(bytes.size());
    t->mHeight = 0;
    std::strncpy(t->achFormatHint, hint, HINTMAXTEXTURELEN - 1);
    t->pcData = new aiTexel[(bytes.size() + sizeof(aiTexel) - 1) / sizeof(aiTexel)];
    std::memcpy(t->pcData, bytes.data(), bytes.size());
    return t;
}

bool sameBytes(const aiTexture& t, const std::vector<std::uint8_t>& bytes) {
    return t.mHeight == 0 && t.mWidth == bytes.size() && std::memcmp(t.pcData, bytes.data(), bytes.size()) == 0;
}

// Each KTX2 image some material uses as its base colour, as PNG, replacing Assimp's copy of
// its bytes or added to the scene's textures; returns the aiTexture index of every glTF image
// (-1 for the others).
Result<std::vector<int>> replaceKtx2(aiScene& scene, const detail::GltfInfo& gltf, PlainGlbReport& report) {
    std::vector<aiTexture*> textures(scene.mTextures, scene.mTextures + scene.mNumTextures);
    std::vector<int> index(gltf.images.size(), -1);
    std::vector<char> baseColor(gltf.images.size(), 0);
    for (const detail::GltfMaterial& m : gltf.materials)
        if (m.baseColorImage >= 0 && std::size_t(m.baseColorImage) < baseColor.size()) baseColor[std::size_t(m.baseColorImage)] = 1;
    for (std::size_t k = 0; k < gltf.images.size(); ++k) {
        const detail::GltfImage& img = gltf.images[k];
        if (!baseColor[k] || !isKtx2(img.data)) continue;
        auto rgba = decodeKtx2(img.data, img.name);
        if (!rgba) return rgba.error();
        auto png = encodePng(*rgba, 6);
        if (!png) return png.error();
        int at = -1;
        for (std::size_t n = 0; n < textures.size(); ++n)
            if (sameBytes(*textures[n], img.data)) at = static_cast<int>(n);
        if (at >= 0) {
            delete textures[std::size_t(at)];
        } else {
            at = static_cast<int>(textures.size());
            textures.push_back(nullptr);
        }
        textures[std::size_t(at)] = compressedTexture(*png, "png");
        index[k] = at;
        ++report.pngImages;
    }
    delete[] scene.mTextures;
    scene.mNumTextures = static_cast<unsigned>(textures.size());
    scene.mTextures = new aiTexture*[textures.size()];
    std::copy(textures.begin(), textures.end(), scene.mTextures);
    return index;
}

void linkBaseColors(aiScene& scene, const detail::GltfInfo& gltf, const std::vector<int>& texture, PlainGlbReport& report) {
    for (unsigned mi = 0; mi < scene.mNumMaterials && mi < gltf.materials.size(); ++mi) {
        aiMaterial& m = *scene.mMaterials[mi];
        const int image = gltf.materials[mi].baseColorImage;
        if (image < 0 || std::size_t(image) >= texture.size() || texture[std::size_t(image)] < 0) continue;
        if (m.GetTextureCount(aiTextureType_BASE_COLOR) > 0 || m.GetTextureCount(aiTextureType_DIFFUSE) > 0) continue;
        std::string star = "*";  // an embedded texture's path; not `"*" + s` (GCC 12's -Wrestrict false positive)
        star += std::to_string(texture[std::size_t(image)]);
        const aiString path(star.c_str());
        m.AddProperty(&path, AI_MATKEY_TEXTURE(aiTextureType_BASE_COLOR, 0));
        m.AddProperty(&path, AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE, 0));
        ++report.baseColorsLinked;
    }
}

}  // namespace

Result<PlainGlbReport> writePlainGlb(const std::string& input, const std::string& output, bool allowOutside) {
    auto bytes = readFileBytes(input);
    if (!bytes) return bytes.error();
    auto gltf = detail::readGltfInfo(*bytes, input);
    if (!gltf) return gltf.error();
    SW_TRY(detail::checkExternalFiles(*gltf, input, allowOutside));  // nothing from elsewhere is embedded
    SW_TRY(detail::readExternalViews(*gltf, input));
    Assimp::Importer importer;
    if (!importer.ReadFile(input, 0))
        return makeError(ErrorCode::Parse, std::string("cannot parse: ") + importer.GetErrorString(), input);
    std::unique_ptr<aiScene> scene(importer.GetOrphanedScene());
    PlainGlbReport report;
    report.meshes = static_cast<int>(scene->mNumMeshes);
    auto texture = replaceKtx2(*scene, *gltf, report);
    if (!texture) return makeError(texture.error().code, texture.error().toString(), input);
    linkBaseColors(*scene, *gltf, *texture, report);
    Assimp::Exporter exporter;
    const aiExportDataBlob* blob = exporter.ExportToBlob(scene.get(), "glb2");
    if (!blob) return makeError(ErrorCode::Io, std::string("GLB export failed: ") + exporter.GetErrorString(), output);
    SW_TRY(writeFileAtomic(output, std::span(static_cast<const std::uint8_t*>(blob->data), blob->size)));
    return report;
}

}  // namespace sw::geometry
