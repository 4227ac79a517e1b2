// `splatwright-cli export cloud.ply --model source.glb [--dataset dir] -o outDir [--name stem]
// [bake flags]` or `splatwright-cli export drone.splatproj -o outDir`: a project supplies the
// model (verified against its hash, imported with its settings and part assignments), the
// trained cloud of the editor's Training dock (<cache>/training/cloud.ply) and, when rendered,
// its dataset (<cache>/dataset) for floater sign 4. Then it snaps normals, removes floaters (four signs), splits core/shell, bakes
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
#include "core/project/project.h"

namespace sw::cli {
namespace {

struct ExportCommand {
    ParamSet params{bake::bakeSchema().schema()};
    ParamSet exportParams{bake::exportSchema().schema()};
    std::unique_ptr<SchemaFlags> flags, exportFlags;
    std::string inputPath, modelPath, datasetDir, outDir, name;
    bool noPly = false, noSpz = false, noDebugJson = false;

    void printReport(const bake::BakedModel& baked, const bake::ExportResult& files) const {
        const bake::BakeReport& r = baked.report;
        const bake::FloaterReport& f = r.floaters;
        std::printf("export: %s\n", files.files.front().path.c_str());
        std::printf("  splats:     %zu in, %zu out (%zu core + %zu shell), %d dead dropped\n", r.input, r.core + r.shell,
                    r.core, r.shell, r.dead);
        std::printf("  normals:    nearest repaired face's outward normal, %d flipped; centres behind/on/in front of "
                    "their face %d/%d/%d\n", r.normalsFlipped, r.normalsBehind, r.normalsOn, r.normalsInFront);
        std::printf("  floaters:   far %d, detached %d, silhouette %d, dataset %s; removed %d\n", f.far, f.detached,
                    f.silhouette, f.datasetSkipped ? "skipped" : std::to_string(f.dataset).c_str(), f.removed);
        const auto where = [](const char* sign, const bake::FloaterWhere& w) {
            std::printf("    %-10s %5d: %d behind their face (inside), %d on, %d in front (outside)\n", sign, w.count(),
                        w.behind, w.on, w.inFront);
        };
        where("far", f.farWhere);
        where("detached", f.detachedWhere);
        where("silhouette", f.silhouetteWhere);
        where("dataset", f.datasetWhere);
        where("removed", f.removedWhere);
        if (f.detachedOnSurface > 0)
            std::printf("    %d splats of small components kept: they lie on the surface\n", f.detachedOnSurface);
        std::printf("  distance:   p50 %.4f, p99 %.4f (model units); link radius %.4f, %d components\n",
                    double(f.distanceP50), double(f.distanceP99), double(f.linkRadius), f.components);
        std::printf("  belly cull: %d (%d behind their face, %d on, %d in front); %d facing below the belt kept: "
                    "the belt sees them\n", r.bellyCulled, r.bellyWhere.behind, r.bellyWhere.on, r.bellyWhere.inFront,
                    r.bellySeen);
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

    // What a cloud or a project input resolves to.
    struct Inputs {
        std::string cloudPath, modelPath, datasetDir;
        geometry::ImportSettings import;
        std::optional<project::Project> project;
    };

    Result<Inputs> resolveInputs() const {
        Inputs in{inputPath, modelPath, datasetDir, {}, std::nullopt};
        if (std::filesystem::path(inputPath).extension() != project::kProjectExtension) {
            if (modelPath.empty())
                return Error{ErrorCode::InvalidInput, "a cloud needs --model (the source model it was trained on)",
                             inputPath};
            return in;
        }
        if (!modelPath.empty())
            return Error{ErrorCode::InvalidInput, "--model is taken from the project; leave it out", inputPath};
        auto loaded = project::loadProject(inputPath);
        if (!loaded) return loaded.error();
        // The model's hash is checked by the export (bake::checkAgreement), which --force skips.
        const std::filesystem::path cache(loaded->cacheFolder);
        in.cloudPath = (cache / "training" / "cloud.ply").string();
        if (!std::filesystem::exists(in.cloudPath))
            return Error{ErrorCode::InvalidInput,
                         "the project has no trained cloud yet (train it in the editor's Training dock)", in.cloudPath};
        in.modelPath = loaded->modelPath;
        in.import = loaded->import;
        if (in.datasetDir.empty() && std::filesystem::exists(cache / "dataset" / "transforms_train.json"))
            in.datasetDir = (cache / "dataset").string();
        in.project = std::move(*loaded);
        return in;
    }

    Status run() const {
        auto in = resolveInputs();
        if (!in) return in.error();
        bake::ExportSettings es = bake::exportSchema().fromParams(exportParams);
        if (in->project) SW_TRY(bake::checkRecordedHash(in->modelPath, in->project->modelHash, es));
        const std::string& cloudPath = in->cloudPath;
        auto cloud = formats::readSplatCloud(cloudPath);
        if (!cloud) return cloud.error();
        SW_TRY(cloud->validate(cloudPath));
        auto model = geometry::importModel(in->modelPath, in->import);
        if (!model) return model.error();
        if (in->project) SW_TRY(project::applyParts(*in->project, model->mesh));
        std::optional<bake::DatasetViews> views;
        if (!in->datasetDir.empty()) {
            auto loaded = bake::loadDatasetViews(in->datasetDir);
            if (!loaded) return loaded.error();
            views = std::move(*loaded);
        }
        const bake::BakeSettings settings = bake::bakeSchema().fromParams(params);
        auto baked = bake::bakeModel(*cloud, model->mesh, views ? &*views : nullptr, settings);
        if (!baked) return Error{baked.error().code, baked.error().message,
                                 baked.error().path == "cloud" ? cloudPath : baked.error().path};
        bake::ExportMeta meta;
        meta.sourceModelPath = in->modelPath;
        meta.normalisation = model->report.normalisation;
        meta.mesh = &model->mesh;
        meta.bakeSettingsJson = params.toJson();
        if (in->project) meta.recordedModelHash = in->project->modelHash;
        const std::string stem = name.empty() ? std::filesystem::path(in->modelPath).stem().string() : name;
        es.writePly = es.writePly && !noPly;
        es.writeSpz = es.writeSpz && !noSpz;
        es.writeDebugJson = es.writeDebugJson && !noDebugJson;
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
    cmd->add_option("input", state->inputPath,
                    "Trained splat cloud (.ply, .spz, .splat) in normalised model space, or an editor project "
                    "(.splatproj: its model, trained cloud and dataset)")
        ->required();
    cmd->add_option("--model", state->modelPath,
                    "Source model (.glb/.gltf, .fbx, .obj) the cloud was trained on (not with a project)");
    cmd->add_option("--dataset", state->datasetDir, "Dataset folder (transforms_train.json + PNGs) for floater sign 4");
    cmd->add_option("-o,--output", state->outDir, "Export folder (created if missing)")->required();
    cmd->add_option("--name", state->name, "File stem of the exported files (default: the model's)");
    cmd->add_flag("--no-ply", state->noPly, "Do not write <name>.ply");
    cmd->add_flag("--no-spz", state->noSpz, "Do not write <name>.spz");
    cmd->add_flag("--no-debug-json", state->noDebugJson, "Do not write the <name>.json debug dump");
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params);
    state->exportFlags = std::make_unique<SchemaFlags>(*cmd, state->exportParams);
    cmd->callback([state, &outcome] {
        Status applied = state->flags->apply();
        if (applied) applied = state->exportFlags->apply();
        outcome.status = applied ? state->run() : applied;
    });
}

}  // namespace sw::cli
