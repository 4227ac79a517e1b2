// `splatwright-cli export cloud.ply --model source.glb [--dataset dir] -o outDir [--name stem]
// [bake flags]`: snaps normals, removes floaters (four signs), splits core/shell, bakes
// channels, materials, chunks and orders, then writes <name>.bin (SPL2+CHNK), .meta.json,
// .json, .ply and .spz atomically, and prints the short report.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/formats/cloud_io.h"
#include "core/geometry/import.h"

namespace sw::cli {
namespace {

struct ExportCommand {
    ParamSet params{bake::bakeSchema().schema()};
    std::unique_ptr<SchemaFlags> flags;
    std::string cloudPath, modelPath, datasetDir, outDir, name;
    bool noPly = false, noSpz = false, noDebugJson = false;

    void printReport(const bake::BakedModel& baked, const bake::ExportResult& files) const {
        const bake::BakeReport& r = baked.report;
        const bake::FloaterReport& f = r.floaters;
        std::printf("export: %s\n", files.files.front().path.c_str());
        std::printf("  splats:     %zu in, %zu out (%zu core + %zu shell)\n", r.input, r.core + r.shell, r.core, r.shell);
        std::printf("  floaters:   far %d, detached %d, silhouette %d, dataset %s; removed %d\n", f.far, f.detached,
                    f.silhouette, f.datasetSkipped ? "skipped" : std::to_string(f.dataset).c_str(), f.removed);
        std::printf("  distance:   p50 %.4f, p99 %.4f (model units); link radius %.4f, %d components\n",
                    double(f.distanceP50), double(f.distanceP99), double(f.linkRadius), f.components);
        std::printf("  belly cull: %d\n", r.bellyCulled);
        std::printf("  chunks:     %d in %d (material, part) groups%s; area within ±30%%: %.0f%% of chunks\n", r.chunks,
                    r.chunkGroups, r.chunksCapped ? " (capped)" : "", 100.0 * double(r.chunkAreaWithin30));
        std::printf("  materials: ");
        for (int m = 0; m < formats::kSpl2MaterialClasses; ++m)
            std::printf(" %s %d", bake::materialName(formats::MaterialClass(m)), r.materials[std::size_t(m)]);
        std::printf("\n  emissive:   %d\n", r.emissive);
        for (const auto& file : files.files)
            std::printf("  file:       %s (%.1f KB)\n", std::filesystem::path(file.path).filename().c_str(),
                        double(file.bytes) / 1024.0);
        for (const auto& w : r.warnings) std::printf("  warning:    %s\n", w.c_str());
    }

    Status run() const {
        auto cloud = formats::readSplatCloud(cloudPath);
        if (!cloud) return cloud.error();
        SW_TRY(cloud->validate(cloudPath));
        auto model = geometry::importModel(modelPath);
        if (!model) return model.error();
        std::optional<bake::DatasetViews> views;
        if (!datasetDir.empty()) {
            auto loaded = bake::loadDatasetViews(datasetDir);
            if (!loaded) return loaded.error();
            views = std::move(*loaded);
        }
        const bake::BakeSettings settings = bake::bakeSchema().fromParams(params);
        auto baked = bake::bakeModel(*cloud, model->mesh, views ? &*views : nullptr, settings);
        if (!baked) return Error{baked.error().code, baked.error().message,
                                 baked.error().path == "cloud" ? cloudPath : baked.error().path};
        bake::ExportMeta meta;
        meta.sourceModelPath = modelPath;
        meta.normalisation = model->report.normalisation;
        meta.mesh = &model->mesh;
        meta.bakeSettingsJson = params.toJson();
        const std::string stem = name.empty() ? std::filesystem::path(modelPath).stem().string() : name;
        bake::ExportSettings es;
        es.writePly = !noPly;
        es.writeSpz = !noSpz;
        es.writeDebugJson = !noDebugJson;
        auto files = bake::exportModel(*baked, baked->cloud, meta, outDir, stem, es);
        if (!files) return files.error();
        printReport(*baked, *files);
        return {};
    }
};

}  // namespace

void addExportCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<ExportCommand>();
    CLI::App* cmd = app.add_subcommand("export", "Bake a trained cloud against its model and export the game files");
    cmd->add_option("cloud", state->cloudPath, "Trained splat cloud (.ply, .spz, .splat) in normalised model space")
        ->required();
    cmd->add_option("--model", state->modelPath, "Source model (.glb/.gltf, .fbx, .obj) the cloud was trained on")
        ->required();
    cmd->add_option("--dataset", state->datasetDir, "Dataset folder (transforms_train.json + PNGs) for floater sign 4");
    cmd->add_option("-o,--output", state->outDir, "Export folder (created if missing)")->required();
    cmd->add_option("--name", state->name, "File stem of the exported files (default: the model's)");
    cmd->add_flag("--no-ply", state->noPly, "Do not write <name>.ply");
    cmd->add_flag("--no-spz", state->noSpz, "Do not write <name>.spz");
    cmd->add_flag("--no-debug-json", state->noDebugJson, "Do not write the <name>.json debug dump");
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params);
    cmd->callback([state, &outcome] {
        Status applied = state->flags->apply();
        outcome.status = applied ? state->run() : applied;
    });
}

}  // namespace sw::cli
