#pragma once
// Base-colour resolution for imported materials (PIPELINE §1): follow each material's
// base-colour slot (aiTextureType_BASE_COLOR, then DIFFUSE, which Assimp's glTF2 importer fills
// from pbrMetallicRoughness.baseColorTexture) to its image; never "the first texture". Only a
// material that has textures but none in a colour slot falls back to its first sRGB-looking
// image (not used as normal/occlusion/metal-roughness, no such word in its name), with a warning.
// Images are decoded with sw::decodeImage, KTX2 ones with decodeKtx2: embedded ("*N",
// compressed when mHeight == 0) or files relative to the model. A missing or undecodable file
// is a warning (untextured); a base colour larger than kMaxTextureSide on a side, or in a form
// we do not decode (a UASTC KTX2), is an Unsupported error.
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/geometry/detail/gltf_json.h"
#include "core/geometry/import.h"

struct aiScene;

namespace sw::geometry::detail {

constexpr int kMaxTextureSide = 8192;

struct MaterialSet {
    std::vector<Material> materials;      // [aiScene materials]; baseColorTexture → textures
    std::vector<MaterialInfo> infos;      // [aiScene materials]; baseColorTexture → textureInfos
    std::vector<Image> textures;          // decoded base colours of used materials
    std::vector<TextureInfo> textureInfos;  // every image known (glTF: in `images` order)
    std::vector<std::string> warnings;
};

struct MaterialUse {
    std::vector<char> used;     // [aiScene materials] some face uses it
    std::vector<char> noUvs;    // [aiScene materials] some face using it has no UVs
};

// gltf may be null (not a glTF file).
Result<MaterialSet> resolveMaterials(const aiScene& scene, const std::string& modelPath, const GltfInfo* gltf,
                                     const MaterialUse& use);

}  // namespace sw::geometry::detail
