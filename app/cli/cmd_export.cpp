// `splatwright-cli export cloud.ply --model source.glb [--dataset dir] -o outDir [--name stem]
// [bake flags]` or `splatwright-cli export drone.splatproj -o outDir`: bakes a trained cloud
// against its model and writes the game files (pipeline::runExport). A project supplies the
// model (verified against its hash unless --force, imported with its settings and part assignments), its
// trained cloud (<cache>/training/cloud.ply), its bake settings and recipe (the flags override
// them), its export name and, when rendered, its dataset for floater sign 4. The bake snaps
// normals, removes floaters (four signs), splits core/shell, bakes channels, materials, chunks
// and orders; the export writes <name>.bin (SPL2+CHNK), .meta.json, .json, .ply and .spz
// atomically; then the short report.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "app/cli/terminal_progress.h"
#include "core/pipeline/bake_job.h"

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
        std::printf("\n  emissive:   %d (from %s)\n", r.emissive, r.emissionFrom.c_str());
        for (const auto& file : files.files)
            std::printf("  file:       %s (%.1f KB)\n", std::filesystem::path(file.path).filename().c_str(),
                        double(file.bytes) / 1024.0);
        for (const auto& w : r.warnings) std::printf("  warning:    %s\n", w.c_str());
    }

    // The job: a project's (its bake settings under the flags), or a cloud with --model.
    Result<pipeline::ExportRequest> request() {
        pipeline::ExportRequest request;
        if (!pipeline::isProjectFile(inputPath)) {
            if (modelPath.empty())
                return Error{ErrorCode::InvalidInput, "a cloud needs --model (the source model it was trained on)",
                             inputPath};
            request.bake.cloudPath = inputPath;
            request.bake.model.path = modelPath;
            SW_TRY(flags->apply());
        } else {
            if (!modelPath.empty())
                return Error{ErrorCode::InvalidInput, "--model is taken from the project; leave it out", inputPath};
            auto project = project::loadProject(inputPath);
            if (!project) return project.error();
            params = bake::bakeSchema().toParams(project->bake);
            SW_TRY(flags->apply());
            project->bake = bake::bakeSchema().fromParams(params);
            auto fromProject = pipeline::exportRequest(*project);
            if (!fromProject) return fromProject.error();
            request = std::move(*fromProject);
        }
        if (!datasetDir.empty()) request.bake.datasetDir = datasetDir;
        request.bake.settings = bake::bakeSchema().fromParams(params);
        pipeline::redirect(request.outDir, request.stamp, outDir);
        if (!name.empty()) request.name = name;
        exportParams = bake::exportSchema().toParams(request.settings);  // the project's, under the flags
        SW_TRY(exportFlags->apply());
        request.settings = bake::exportSchema().fromParams(exportParams);
        if (noPly) request.settings.writePly = false;
        if (noSpz) request.settings.writeSpz = false;
        if (noDebugJson) request.settings.writeDebugJson = false;
        return request;
    }

    Status run() {
        auto request = this->request();
        if (!request) return request.error();
        TerminalProgress bar("export");
        auto exported = pipeline::runExport(*request, bar.progress());
        bar.finish();
        if (!exported) return namingOutput(exported.error(), request->outDir);
        printReport(*exported->baked, exported->files);
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
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
