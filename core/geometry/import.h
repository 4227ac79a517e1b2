#pragma once
// Model import (Assimp): glTF/GLB first, FBX and OBJ too. Applies node transforms, converts to
// our +Z-up convention, picks each material's base-colour texture from its base-colour slot,
// repairs winding per connected component (PIPELINE §1) and normalises into the cube of edge
// `cubeEdge` centred at the origin. Unsupported compression extensions are an error.
//
// Draco geometry (KHR_draco_mesh_compression) is decoded by Assimp; KTX2 textures
// (KHR_texture_basisu: BasisLZ/ETC1S, or uncompressed RGB(A)8) by core/geometry/ktx2_texture.h.
// Errors (sw::Error naming the file): missing/unreadable file (Io); corrupt file (Parse);
// glTF extensionsRequired with meshopt or WebP (Unsupported, one line naming them all); a
// base-colour texture in a form we do not decode, e.g. UASTC KTX2 (Unsupported, naming the
// image); a base-colour texture larger than 8192 px on a side (Unsupported: decoding a 16k
// RGBA texture takes 1 GiB and the dataset renders at 1024²; downscale it); no triangles, only
// zero-area triangles or a NaN/inf vertex (InvalidInput); cancelled (Cancelled).
// Warnings (ImportReport::warnings, also logged): missing or undecodable texture file (that
// material imports untextured), mesh without UVs, base colour found by fallback, a base colour
// smaller than smallTextureWarning on a side used by ≥ 25% of the surface area, more than
// Mesh::kMaxParts parts (the extra ones merge into the last), unsupported extensions that are
// only "used" (Assimp then reads the uncompressed fallback).
// Parts: one per distinct node name holding geometry (exporter names like "Object_12" defer to
// the parent's name); a model with a single node name gets one part per material instead.
// Vertices are joined only within each source mesh, never across separate meshes or plates.
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "core/geometry/mesh.h"
#include "core/geometry/winding.h"

namespace sw::geometry {

struct ImportSettings {
    bool normalise = true;            // scale/centre into the cube
    float cubeEdge = 1.6f;            // model units
    bool repairWinding = true;        // PIPELINE §1 component vote
    int smallTextureWarning = 256;    // px: warn when the base colour is smaller than this on a side
    bool allowOutside = false;        // read buffers and images a glTF names outside its folder
};
const SettingsSchema<ImportSettings>& importSchema();

// model = scale · (source_zup − offset), where source_zup is the source converted to +Z up.
struct Normalisation {
    float scale = 1.f;
    Eigen::Vector3f offset = Eigen::Vector3f::Zero();
};

// WindingReport is declared in core/geometry/winding.h.

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
    int meshes = 0;                              // Assimp meshes (one per glTF primitive)
    std::size_t triangles = 0;
    int islands = 0;                             // components touching at least at a vertex
    std::vector<MaterialInfo> materials;
    std::vector<TextureInfo> textures;
    std::vector<std::string> extensionsUsed;     // glTF extensionsUsed
    std::vector<std::string> unsupportedExtensions;
    Normalisation normalisation;
    WindingReport winding;
    std::vector<std::string> warnings;           // one line each, shown in the editor and CLI
    std::vector<std::string> partNames;          // as Mesh::partNames
};

struct ImportedModel {
    Mesh mesh;
    ImportReport report;
};

// Scales and centres mesh into the cube of edge cubeEdge at the origin (largest side = cubeEdge).
Normalisation normaliseIntoCube(Mesh& mesh, float cubeEdge);

Result<ImportedModel> importModel(const std::string& path, const ImportSettings& settings = {},
                                  const Progress& progress = {});

}  // namespace sw::geometry
