#pragma once
// Model import (Assimp): glTF/GLB first, FBX and OBJ too. Applies node transforms, converts to
// our +Z-up convention, picks each material's base-colour texture from its base-colour slot,
// repairs winding per connected component (PIPELINE §1) and normalises into the cube of edge
// `cubeEdge` centred at the origin. Unsupported compression extensions are an error.
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/mesh.h"

namespace sw::geometry {

struct ImportSettings {
    bool normalise = true;            // scale/centre into the cube
    float cubeEdge = 1.6f;            // model units
    bool repairWinding = true;        // PIPELINE §1 component vote
    int smallTextureWarning = 256;    // px: warn when the base colour is smaller than this on a side
};
const SettingsSchema<ImportSettings>& importSchema();

// model = scale · (source_zup − offset), where source_zup is the source converted to +Z up.
struct Normalisation {
    float scale = 1.f;
    Eigen::Vector3f offset = Eigen::Vector3f::Zero();
};

struct WindingReport {
    int components = 0;          // connected components by face adjacency
    int flippedComponents = 0;
    int flippedFaces = 0;
    double flippedAreaShare = 0;  // flipped area / total area, 0..1
};

struct TextureInfo {
    std::string name;   // file name or "embedded #k"
    int width = 0;
    int height = 0;
};

struct MaterialInfo {
    std::string name;
    int baseColorTexture = -1;     // index into ImportReport::textures
    std::string baseColorSource;   // "baseColorTexture", "fallback: first sRGB image", "none"
};

struct ImportReport {
    std::string path;
    int meshes = 0;
    std::size_t triangles = 0;
    std::vector<MaterialInfo> materials;
    std::vector<TextureInfo> textures;
    std::vector<std::string> extensionsUsed;     // glTF extensionsUsed
    std::vector<std::string> unsupportedExtensions;
    Normalisation normalisation;
    WindingReport winding;
    std::vector<std::string> warnings;           // one line each, shown in the editor and CLI
};

struct ImportedModel {
    Mesh mesh;
    ImportReport report;
};

Result<ImportedModel> importModel(const std::string& path, const ImportSettings& settings = {},
                                  const Progress& progress = {});

}  // namespace sw::geometry
