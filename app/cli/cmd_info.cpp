// `splatwright-cli info <model or project>`: imports a model exactly as the editor does (a
// project's with its import settings, the flags override them, and its parts) and prints what
// was found: meshes, triangles, islands, materials and where each base colour came from,
// every texture with its size, glTF extensions, normalisation, winding repair and warnings.
// Given a splat cloud (PLY with splat properties, SPZ, .splat, SOG, Streamed SOG) it prints the
// splat count, SH degree, bounds and read time instead.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "core/formats/cloud_io.h"
#include "core/geometry/import.h"
#include "core/pipeline/model_source.h"

namespace sw::cli {
namespace {

std::string joined(const std::vector<std::string>& items) {
    if (items.empty()) return "none";
    std::string out;
    for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
    return out;
}

void printReport(const geometry::ImportReport& r, const geometry::ImportSettings& s) {
    std::printf("model: %s\n", r.path.c_str());
    std::printf("meshes: %d\n", r.meshes);
    std::printf("triangles: %zu\n", r.triangles);
    std::printf("islands: %d (faces touching at a vertex connect)\n", r.islands);
    std::printf("connected components: %d (faces sharing an edge connect; the winding vote uses these)\n",
                r.winding.components);
    std::printf("parts: %zu (%s)\n", r.partNames.size(), joined(r.partNames).c_str());
    std::printf("materials: %zu\n", r.materials.size());
    for (const auto& m : r.materials) {
        const std::string tex = m.baseColorTexture >= 0 ? r.textures[m.baseColorTexture].name : "none";
        std::printf("  %s: base colour %s (%s)\n", m.name.c_str(), tex.c_str(), m.baseColorSource.c_str());
    }
    std::printf("textures: %zu\n", r.textures.size());
    for (std::size_t i = 0; i < r.textures.size(); ++i)
        std::printf("  [%zu] %s %dx%d\n", i, r.textures[i].name.c_str(), r.textures[i].width, r.textures[i].height);
    std::printf("extensions used: %s\n", joined(r.extensionsUsed).c_str());
    std::printf("unsupported extensions: %s\n", joined(r.unsupportedExtensions).c_str());
    if (s.normalise)
        std::printf("normalisation: scale %.6g, offset (%.6g, %.6g, %.6g), cube edge %.6g\n",
                    double(r.normalisation.scale), double(r.normalisation.offset.x()), double(r.normalisation.offset.y()),
                    double(r.normalisation.offset.z()), double(s.cubeEdge));
    else
        std::printf("normalisation: off\n");
    if (s.repairWinding)
        std::printf("winding: %d of %d components flipped, %d faces, %.1f%% of the area\n", r.winding.flippedComponents,
                    r.winding.components, r.winding.flippedFaces, 100.0 * r.winding.flippedAreaShare);
    else
        std::printf("winding: repair off\n");
    std::printf("warnings: %zu\n", r.warnings.size());
    for (const std::string& w : r.warnings) std::printf("  %s\n", w.c_str());
}

// A splat cloud (PLY, SPZ, .splat, SOG, Streamed SOG): its count, SH degree, bounds and read time.
Status runCloud(const std::string& path) {
    const auto t0 = std::chrono::steady_clock::now();
    auto cloud = formats::readSplatCloud(path);
    if (!cloud) return cloud.error();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(0.f), hi = lo;
    if (!cloud->empty()) lo = hi = cloud->positions[0];
    for (const Eigen::Vector3f& p : cloud->positions) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    std::printf("splat cloud: %s\n", path.c_str());
    std::printf("splats: %zu\n", cloud->size());
    std::printf("SH degree: %d\n", cloud->shDegree);
    std::printf("bounds (model space, +Z up): (%.4g, %.4g, %.4g) .. (%.4g, %.4g, %.4g)\n", double(lo.x()), double(lo.y()),
                double(lo.z()), double(hi.x()), double(hi.y()), double(hi.z()));
    std::printf("read: %.1f ms\n", ms);
    return {};
}

Status run(const std::string& model, ParamSet& params, SchemaFlags& flags) {
    if (formats::isSplatCloudPath(model)) return runCloud(model);
    auto source = pipeline::modelSourceFor(model);
    if (!source) return source.error();
    params = geometry::importSchema().toParams(source->import);
    SW_TRY(flags.apply());
    source->import = geometry::importSchema().fromParams(params);
    auto imported = pipeline::loadModel(*source);
    if (!imported) return imported.error();
    printReport((*imported)->report, source->import);
    return {};
}

}  // namespace

void addInfoCommand(CLI::App& app, Outcome& outcome) {
    CLI::App* cmd = app.add_subcommand("info", "Import a model and print what was found (meshes, textures, winding), or a splat cloud's count and bounds");
    auto model = std::make_shared<std::string>();
    auto params = std::make_shared<ParamSet>(geometry::importSchema().schema());
    auto flags = std::make_shared<SchemaFlags>(*cmd, *params);
    cmd->add_option("model", *model, "Model file (glTF/GLB, FBX, OBJ), project (.splatproj) or splat cloud (.ply, .spz, .splat, .sog, SOG folder, lod-meta.json)")->required();
    cmd->callback([&outcome, model, params, flags] { outcome.status = run(*model, *params, *flags); });
}

}  // namespace sw::cli
