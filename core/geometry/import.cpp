#include "core/geometry/import.h"

#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <filesystem>
#include <map>
#include <optional>

#include "core/foundation/file_io.h"
#include "core/foundation/log.h"
#include "core/geometry/detail/gltf_json.h"
#include "core/geometry/detail/materials.h"
#include "core/geometry/detail/scene_convert.h"

namespace sw::geometry {
namespace {

constexpr double kLargeAreaShare = 0.25;  // a texture "covers the model" from this surface share

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

// glTF only: extensions from the JSON, before Assimp sees the file.
Result<detail::GltfInfo> checkGltf(const std::string& path, ImportReport& report, bool allowOutside) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    auto info = detail::readGltfInfo(*bytes, path);
    if (!info) return info.error();
    SW_TRY(detail::checkExternalFiles(*info, path, allowOutside));  // before Assimp opens any of them
    SW_TRY(detail::readExternalViews(*info, path));
    report.extensionsUsed = info->extensionsUsed;
    std::vector<std::string> all = info->extensionsUsed;
    for (const std::string& e : info->extensionsRequired)
        if (std::find(all.begin(), all.end(), e) == all.end()) all.push_back(e);
    report.unsupportedExtensions = detail::unsupportedExtensions(all);
    const auto required = detail::unsupportedExtensions(info->extensionsRequired);
    if (!required.empty())
        return makeError(ErrorCode::Unsupported, "requires unsupported glTF extensions " + joinNames(required) +
                         " (meshopt geometry and WebP textures cannot be read; re-export without them)", path);
    for (const std::string& e : report.unsupportedExtensions)
        report.warnings.push_back("glTF extension " + e + " is used but not supported: its fallback data is read instead");
    return info;
}

// Reads without post-processing, rejects NaN/inf vertices, then triangulates and joins
// identical vertices per aiMesh (never across separate meshes); points and lines are dropped.
Result<const aiScene*> readScene(Assimp::Importer& importer, const std::string& path) {
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE, aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    const aiScene* scene = importer.ReadFile(path, 0);
    if (!scene || !scene->mRootNode)
        return makeError(ErrorCode::Parse, std::string("cannot parse: ") + importer.GetErrorString(), path);
    SW_TRY(detail::checkFiniteVertices(*scene, path));
    const unsigned flags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices | aiProcess_SortByPType |
                           aiProcess_FlipUVs | aiProcess_ValidateDataStructure;
    scene = importer.ApplyPostProcessing(flags);
    if (!scene || (scene->mFlags & AI_SCENE_FLAGS_INCOMPLETE) || !scene->mRootNode) {
        const std::string why = importer.GetErrorString();
        if (why.find("No meshes remaining") != std::string::npos)  // SortByPType removed the points and lines
            return makeError(ErrorCode::InvalidInput, "the scene has no triangles (only points or lines)", path);
        return makeError(ErrorCode::Parse, "cannot parse: " + why, path);
    }
    return scene;
}

// Materials used by faces, in first-use order; rewrites faceMaterial to the compact indices.
void compactMaterials(Mesh& mesh, detail::MaterialSet& set, ImportReport& report) {
    std::map<int, int> remap;
    std::vector<int> order;
    for (int& m : mesh.faceMaterial) {
        auto [it, inserted] = remap.emplace(m, static_cast<int>(order.size()));
        if (inserted) order.push_back(m);
        m = it->second;
    }
    for (int m : order) {
        mesh.materials.push_back(set.materials[m]);
        report.materials.push_back(set.infos[m]);
    }
    mesh.textures = std::move(set.textures);
    report.textures = std::move(set.textureInfos);
}

void warnSmallTextures(const Mesh& mesh, int minSide, ImportReport& report) {
    std::vector<double> area(mesh.materials.size(), 0.0);
    double total = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const double a = 0.5 * static_cast<double>(faceNormalArea(mesh, f).norm());
        area[mesh.faceMaterial[f]] += a;
        total += a;
    }
    std::map<int, double> texArea;
    for (std::size_t m = 0; m < mesh.materials.size(); ++m)
        if (mesh.materials[m].baseColorTexture >= 0) texArea[mesh.materials[m].baseColorTexture] += area[m];
    for (const auto& [t, a] : texArea) {
        const Image& img = mesh.textures[t];
        if (std::min(img.width, img.height) < minSide && total > 0 && a / total >= kLargeAreaShare)
            report.warnings.push_back("base-colour texture " + img.name + " is only " + std::to_string(img.width) + "x" +
                                      std::to_string(img.height) + " but covers " + std::to_string(int(100 * a / total + 0.5)) +
                                      "% of the model: expect blurry splats");
    }
}

}  // namespace

const SettingsSchema<ImportSettings>& importSchema() {
    static const SettingsSchema<ImportSettings> schema = [] {
        SettingsSchema<ImportSettings> s("import", "Import");
        s.add(&ImportSettings::normalise, "normalise", "Normalise")
            .tooltip("Scale and centre the model into the cube of edge cube-edge at the origin; the scale and offset are recorded")
            .group("Import");
        s.add(&ImportSettings::cubeEdge, "cube-edge", "Cube edge")
            .range(0.01, 1000).unit("model units")
            .tooltip("Edge of the normalisation cube; the pipeline's camera radius 3.2 assumes 1.6")
            .group("Import");
        s.add(&ImportSettings::repairWinding, "repair-winding", "Repair winding")
            .tooltip("Flip connected components whose area-weighted normals point toward the model centre (PIPELINE §1)")
            .group("Import");
        s.add(&ImportSettings::smallTextureWarning, "small-texture-warning", "Small texture warning")
            .range(0, 16384).unit("px")
            .tooltip("Warn when a base-colour texture covering a large part of the model is smaller than this on a side")
            .group("Import");
        s.add(&ImportSettings::allowOutside, "allow-outside", "Read files outside the model's folder")
            .tooltip("Read buffers and images that a glTF names outside its own folder (../, absolute paths); "
                     "off, such a model is refused naming the file")
            .group("Import");
        return s;
    }();
    return schema;
}

Normalisation normaliseIntoCube(Mesh& mesh, float cubeEdge) {
    Normalisation n;
    if (mesh.positions.empty()) return n;
    const Bounds b = computeBounds(mesh);
    const float extent = b.size().maxCoeff();
    n.offset = b.center();
    n.scale = extent > 0 ? cubeEdge / extent : 1.f;
    for (Eigen::Vector3f& p : mesh.positions) p = n.scale * (p - n.offset);
    return n;
}

Result<ImportedModel> importModel(const std::string& path, const ImportSettings& settings, const Progress& progress) {
    ImportedModel model;
    ImportReport& report = model.report;
    report.path = path;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return makeError(ErrorCode::Io, "is a folder, not a file", path);
    if (!std::filesystem::is_regular_file(path, ec)) return makeError(ErrorCode::Io, "file not found", path);

    progress.report(0.0, "reading " + path);
    std::optional<detail::GltfInfo> gltf;
    if (detail::isGltfPath(path)) {
        auto info = checkGltf(path, report, settings.allowOutside);
        if (!info) return info.error();
        gltf = std::move(*info);
    }
    Assimp::Importer importer;
    auto read = readScene(importer, path);
    if (!read) return read.error();
    const aiScene* scene = *read;
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "import cancelled", path);
    progress.report(0.5, "converting");

    auto converted = detail::convertScene(*scene, path);
    if (!converted) return converted.error();
    Mesh& mesh = model.mesh = std::move(converted->mesh);
    double area = 0;
    for (std::size_t f = 0; f < mesh.triangleCount(); ++f) area += double(faceNormalArea(mesh, f).norm());
    if (!(area > 0))
        return makeError(ErrorCode::InvalidInput,
                         "every triangle has zero area (degenerate geometry): there is no surface to render or sample",
                         path);
    report.meshes = static_cast<int>(scene->mNumMeshes);
    report.warnings.insert(report.warnings.end(), converted->warnings.begin(), converted->warnings.end());

    detail::MaterialUse use{std::vector<char>(scene->mNumMaterials, 0), converted->materialHasNoUvs};
    for (int m : mesh.faceMaterial) use.used[m] = 1;
    progress.report(0.6, "textures");
    auto materials = detail::resolveMaterials(*scene, path, gltf ? &*gltf : nullptr, use);
    if (!materials) return materials.error();
    report.warnings.insert(report.warnings.end(), materials->warnings.begin(), materials->warnings.end());
    compactMaterials(mesh, *materials, report);
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "import cancelled", path);

    progress.report(0.8, "winding");
    report.triangles = mesh.triangleCount();
    report.islands = countComponents(mesh, Adjacency::Vertex);
    if (settings.repairWinding) report.winding = repairWinding(mesh);
    else report.winding.components = countComponents(mesh);
    if (settings.normalise) report.normalisation = normaliseIntoCube(mesh, settings.cubeEdge);
    warnSmallTextures(mesh, settings.smallTextureWarning, report);
    report.partNames = mesh.partNames;
    for (const std::string& w : report.warnings) SW_LOG_WARN(path << ": " << w);
    progress.report(1.0, "imported");
    return model;
}

}  // namespace sw::geometry
