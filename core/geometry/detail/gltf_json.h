#pragma once
// Reads what Assimp hides from a glTF 2.0 file's JSON (the .gltf text or the GLB JSON chunk):
// extensionsUsed/extensionsRequired, the `images` array in file order (so textures are named
// by their glTF image index) and each material's base-colour image, factor and alpha mode, and its
// emission (emissiveFactor, emissiveTexture, KHR_materials_emissive_strength).
// Spec: Khronos glTF 2.0, §3.5 (asset), §3.8 (images/textures), §3.9 (materials), §4.4 (GLB).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::geometry::detail {

struct GltfImage {
    std::string name;       // decoded uri relative to the model, or "embedded #k" (k = image index)
    std::string uri;        // decoded uri; empty for embedded images
    bool embedded = false;  // bufferView or data: URI
    std::string mimeType;
    bool linearUse = false; // used by a normal, occlusion or metallic-roughness slot
    std::vector<std::uint8_t> data;  // encoded bytes of an embedded image (GLB BIN chunk or data: URI)
    // A bufferView of an external .bin buffer: read by readExternalViews once the file is checked.
    std::string viewFile;            // decoded buffer URI; empty otherwise
    std::uint64_t viewOffset = 0, viewLength = 0;
};

struct GltfMaterial {
    std::string name;
    int baseColorImage = -1;  // index into GltfInfo::images
    std::array<float, 4> baseColorFactor{1.f, 1.f, 1.f, 1.f};  // linear, as in the file
    bool alphaMask = false;
    float alphaCutoff = 0.5f;
    bool doubleSided = false;
    std::array<float, 3> emissive{0.f, 0.f, 0.f};  // linear emissiveFactor × KHR_materials_emissive_strength
    int emissiveImage = -1;   // index into GltfInfo::images (emissiveTexture, sRGB)
};

struct GltfInfo {
    std::vector<std::string> extensionsUsed;
    std::vector<std::string> extensionsRequired;
    std::vector<GltfImage> images;
    std::vector<GltfMaterial> materials;
    std::vector<std::string> externalFiles;  // decoded URIs of buffers and images that are files
};

// Every file the glTF names (buffers, images) before anything opens it: inside the model's folder
// (unless `allowOutside`; a path outside it is refused naming it) and not a pipe, socket or device
// (it would block the reader: refused). Missing files and folders are left to the reader's warning.
Status checkExternalFiles(const GltfInfo& info, const std::string& modelPath, bool allowOutside);

// Reads the bytes of images that sit in a bufferView of an external buffer (a .gltf beside its
// .bin, valid glTF 2.0) into GltfImage::data; call after checkExternalFiles. A view running past
// the end of its file is an error naming the model.
Status readExternalViews(GltfInfo& info, const std::string& modelPath);

// True when the path ends in .gltf or .glb (case-insensitive).
bool isGltfPath(const std::string& path);
// Parses the JSON of a .gltf file or of a GLB container (`bytes` is the whole file) and copies
// out the encoded bytes of embedded images (Assimp numbers them in its own load order, so
// they are matched to image indices by content).
Result<GltfInfo> readGltfInfo(std::span<const std::uint8_t> bytes, const std::string& path);
// Extensions we cannot read (meshopt, WebP), in the order given.
std::vector<std::string> unsupportedExtensions(const std::vector<std::string>& extensions);

}  // namespace sw::geometry::detail
