#include "core/dataset/dataset_stage.h"

#include <chrono>
#include <filesystem>
#include <future>
#include <random>

#include "core/dataset/transforms.h"
#include "core/foundation/file_io.h"
#include "core/foundation/log.h"

namespace sw::dataset {
namespace fs = std::filesystem;
namespace {

constexpr double kPi = 3.14159265358979323846;

double secondsSince(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Removes a temporary folder unless released (the folder was renamed into place).
struct TempFolder {
    fs::path path;
    bool keep = false;
    ~TempFolder() {
        std::error_code ec;
        if (!keep && !path.empty()) fs::remove_all(path, ec);
    }
};

Status publish(const fs::path& temp, const fs::path& target) {
    std::error_code ec;
    fs::path old;
    if (fs::exists(target, ec)) {
        old = target;
        old += ".old";
        fs::remove_all(old, ec);
        fs::rename(target, old, ec);
        if (ec) return makeError(ErrorCode::Io, "cannot replace the existing folder (" + ec.message() + ")", target.string());
    }
    fs::rename(temp, target, ec);
    if (ec) return makeError(ErrorCode::Io, "cannot move the dataset into place (" + ec.message() + ")", target.string());
    if (!old.empty()) fs::remove_all(old, ec);
    return {};
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
    TempFolder temp;
    temp.path = target;
    temp.path += ".tmp-" + std::to_string(std::random_device{}());
    fs::create_directories(temp.path, ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the dataset folder (" + ec.message() + ")", temp.path.string());

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
        fs::create_directories(temp.path / name, ec);
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
            const auto tw = std::chrono::steady_clock::now();
            if (pendingWrite.valid()) SW_TRY(pendingWrite.get());
            report.writeSeconds += secondsSince(tw);
            pendingWrite = std::async(std::launch::async, [path = (temp.path / (rel + ".png")).lexically_normal().string(),
                                                           img = std::move(*image), level = s.pngLevel] {
                return writePngFile(path, img, level);
            });
            progress.sub(0.2, 1.0).report(static_cast<double>(++done) / total, "rendering " + name + " views");
        }
        SW_TRY(writeTransforms((temp.path / ("transforms_" + name + ".json")).string(), split));
        (sp == Split::Train ? report.trainViews : sp == Split::Val ? report.valViews : report.testViews) =
            static_cast<int>(poses.size());
    }
    if (pendingWrite.valid()) SW_TRY(pendingWrite.get());
    SW_TRY(publish(temp.path, target));
    temp.keep = true;
    report.folder = target.string();
    report.totalSeconds = secondsSince(t0);
    SW_LOG_INFO("dataset: " << total << " views in " << report.totalSeconds << " s → " << report.folder);
    return report;
}

}  // namespace sw::dataset
