#include "core/dataset/dataset_stage.h"

#include <iomanip>
#include <chrono>
#include <filesystem>
#include <future>
#include <random>

#include "core/dataset/transforms.h"
#include "core/foundation/file_io.h"
#include "core/foundation/log.h"
#include "core/foundation/output_folder.h"

namespace sw::dataset {
namespace fs = std::filesystem;
namespace {

constexpr double kPi = 3.14159265358979323846;

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

const SettingsSchema<DatasetSettings>& datasetSchema() {
    static const SettingsSchema<DatasetSettings> schema = [] {
        SettingsSchema<DatasetSettings> s("dataset", "Dataset");
        s.add(&DatasetSettings::resolution, "resolution", "Resolution").range(16, 4096).unit("px")
            .tooltip("Side of the square RGBA images (training usually downsamples to 400)").group("Images");
        s.addChoice(&DatasetSettings::recipe, "recipe", "Lighting recipe",
                    {{Recipe::Ao, "ao"}, {Recipe::Flat, "flat"}, {Recipe::Cel, "cel"}})
            .tooltip("ao: diffuse under a white dome with bounce light, as Blender Cycles (default); flat: albedo; "
                     "cel: toon bands baked in").group("Lighting");
        s.add(&DatasetSettings::aoRays, "ao-rays", "AO rays").range(4, 1024)
            .tooltip("Hemisphere rays per vertex and side for the dome lighting").group("Lighting");
        s.add(&DatasetSettings::aoBounces, "ao-bounces", "AO bounces").range(0, 16)
            .tooltip("Diffuse bounces of interreflection under the dome (0: sky visibility only)").group("Lighting");
        s.add(&DatasetSettings::aoMaxEdge, "ao-max-edge", "AO detail").range(0.005, 1.0).unit("model units")
            .tooltip("Edges longer than this are split before baking the dome lighting").group("Lighting");
        s.add(&DatasetSettings::samples, "msaa", "Anti-aliasing").range(1, 16).unit("samples")
            .tooltip("MSAA samples; alpha at silhouettes is the coverage").group("Images");
        s.add(&DatasetSettings::pngLevel, "png-level", "PNG compression").range(0, 9)
            .tooltip("zlib level of the written PNGs: lower is faster").group("Images");
        s.add(&DatasetSettings::seed, "seed", "Seed").range(0, 4294967295.0)
            .tooltip("Seed of the sky-visibility rays").group("Lighting");
        return s;
    }();
    return schema;
}

Result<DatasetReport> renderDataset(const geometry::Mesh& mesh, const BeltSettings& belt, const DatasetSettings& s,
                                    const std::string& outDir, ViewRenderer& renderer, const Progress& progress) {
    const auto t0 = std::chrono::steady_clock::now();
    if (mesh.triangles.empty()) return makeError(ErrorCode::InvalidInput, "the model has no triangles");
    const fs::path target = fs::absolute(outDir).lexically_normal();
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the parent folder (" + ec.message() + ")", target.string());
    SW_TRY(checkFolderReplaceable(target.string()));  // before any work: never replace the user's files
    auto tempFolder = TemporaryFolder::create(target.string());
    if (!tempFolder) return tempFolder.error();
    const fs::path tempPath = tempFolder->path();
    std::vector<std::string> written;  // relative paths, recorded in the folder's output marker
    const auto relocated = [&](const Error& e) { return tempFolder->relocate(e, target.string()); };

    LightingSettings lighting;
    lighting.recipe = s.recipe;
    lighting.aoRays = s.aoRays;
    lighting.aoBounces = s.aoBounces;
    lighting.aoMaxEdge = s.aoMaxEdge;
    lighting.seed = s.seed;
    lighting.materialHsv = s.materialHsv;
    auto lit = prepareLighting(mesh, lighting, progress.sub(0.0, 0.2));
    if (!lit) return lit.error();
    DatasetReport report;
    report.lightingSeconds = secondsSince(t0);
    report.aoRays = lit->raysCast;
    report.aoRaysPerSecond = lit->raySeconds > 0 ? static_cast<double>(lit->raysCast) / lit->raySeconds : 0.0;
    SW_TRY(renderer.setScene(*lit, lighting));

    const Intrinsics k = intrinsicsFromFovX(belt.fovX * kPi / 180.0, s.resolution, s.resolution);
    const Split splits[] = {Split::Train, Split::Val, Split::Test};
    std::size_t total = 0, done = 0;
    for (Split sp : splits) total += posesFor(sp, belt).size();
    std::future<Status> pendingWrite;  // PNG encoding overlaps the next draw
    for (Split sp : splits) {
        const auto poses = posesFor(sp, belt);
        if (poses.empty()) continue;  // no transforms file for an empty split (readers reject those)
        const std::string name = splitName(sp);
        fs::create_directories(tempPath / name, ec);
        DatasetSplit split;
        split.cameraAngleX = belt.fovX * kPi / 180.0;
        for (std::size_t i = 0; i < poses.size(); ++i) {
            if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "dataset rendering cancelled", target.string());
            const auto tr = std::chrono::steady_clock::now();
            auto image = renderer.render(poses[i], k);
            if (!image) return image.error();
            report.renderSeconds += secondsSince(tr);
            const std::string rel = "./" + name + "/r_" + std::to_string(i);
            split.frames.push_back({rel, poses[i].cameraToWorld, {}});
            written.push_back(name + "/r_" + std::to_string(i) + ".png");
            const auto tw = std::chrono::steady_clock::now();
            if (pendingWrite.valid())
                if (Status st = pendingWrite.get(); !st) return relocated(st.error());
            report.writeSeconds += secondsSince(tw);
            pendingWrite = std::async(std::launch::async, [path = (tempPath / (rel + ".png")).lexically_normal().string(),
                                                           img = std::move(*image), level = s.pngLevel] {
                return writePngFile(path, img, level);
            });
            progress.sub(0.2, 1.0).report(static_cast<double>(++done) / total, "rendering " + name + " views");
        }
        if (Status st = writeTransforms((tempPath / ("transforms_" + name + ".json")).string(), split); !st)
            return relocated(st.error());
        written.push_back("transforms_" + name + ".json");
        (sp == Split::Train ? report.trainViews : sp == Split::Val ? report.valViews : report.testViews) =
            static_cast<int>(poses.size());
    }
    if (pendingWrite.valid())
        if (Status st = pendingWrite.get(); !st) return relocated(st.error());
    if (Status st = recordOutputs(tempPath.string(), written); !st) return relocated(st.error());
    SW_TRY(replaceFolder(tempPath.string(), target.string()));
    tempFolder->release();
    report.folder = target.string();
    report.totalSeconds = secondsSince(t0);
    SW_LOG_INFO("dataset: " << total << " views in " << std::fixed << std::setprecision(2) << report.totalSeconds
                            << " s → " << report.folder);
    return report;
}

}  // namespace sw::dataset
