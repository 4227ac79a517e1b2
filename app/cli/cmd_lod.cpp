// lod-build and lod-info (issue 36): a scan into our chunked LOD folder, and what a LOD folder or
// a PlayCanvas Streamed SOG holds.
// Examples:
//   splatwright-cli lod-build scan.ply -o scan.lod --leaf-size 16384 --levels 5
// lod-build also writes the levels as a PlayCanvas Streamed SOG, scan.lod/streamed/lod-meta.json
// (--no-streamed-sog skips it).
//   splatwright-cli lod-info scan.lod --camera 0,-20,5 --preset medium --splat-budget 2000000
// lod-build writes into a temporary folder renamed into place (Ctrl-C leaves nothing) and never
// writes the scan; lod-info reads and checks every chunk, prints the levels and, with --camera,
// the levels one view would select under the splat budget and what that view draws once its
// chunks have streamed into a resident pool of --memory-mb.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "app/cli/terminal_progress.h"
#include "core/lod/lod_folder.h"
#include "core/formats/streamed_sog.h"
#include "core/foundation/memory.h"
#include "core/lod/lod_job.h"
#include "core/lod/resident_pool.h"
#include "core/lod/scan_set.h"
#include "core/lod/selection.h"

namespace sw::cli {
namespace {

struct LodBuildState {
    std::string input;
    std::string output;
    ParamSet params{lod::lodSchema().schema()};
    ParamSet streamedParams{lod::streamedSogSchema().schema()};
    bool noStreamedSog = false;
    std::unique_ptr<SchemaFlags> flags, streamedFlags;
};

Status runLodBuild(LodBuildState& state) {
    SW_TRY(state.flags->apply());
    SW_TRY(state.streamedFlags->apply());
    const lod::LodSettings settings = lod::lodSchema().fromParams(state.params);
    const lod::LodFolderExtras extras{!state.noStreamedSog, lod::streamedSogSchema().fromParams(state.streamedParams)};
    TerminalProgress bar("lod-build");
    auto report = lod::buildLodFolder(state.input, state.output, settings, bar.progress(), extras);
    bar.finish();
    if (!report) return namingOutput(report.error(), state.output);
    std::printf("lod-build: %llu splats -> %zu leaves of at most %d splats, %d levels (reduction %d per level)\n",
                static_cast<unsigned long long>(report->splats), report->leaves, settings.leafSize, settings.levels,
                settings.reduction);
    if (report->shDegree > 0)
        std::printf("the scan's spherical harmonics (degree %d) are kept at level 0 (lod-extract cuts them out); the coarser levels hold base colours\n",
                    report->shDegree);
    for (std::size_t l = 0; l < report->levelSplats.size(); ++l)
        std::printf("  level %zu: %llu splats\n", l, static_cast<unsigned long long>(report->levelSplats[l]));
    if (report->parts > 1)
        std::printf("built on disk in %zu parts within the %d MiB memory limit\n", report->parts, settings.memoryMiB);
    std::printf("peak memory: %.0f MiB\n", static_cast<double>(peakResidentBytes()) / 1048576.0);
    std::printf("wrote %s (%.1f MB) in %.2f s (read %.2f s, build %.2f s, write %.2f s)\n", report->folder.c_str(),
                static_cast<double>(report->bytesWritten) / 1e6,
                report->readSeconds + report->buildSeconds + report->writeSeconds, report->readSeconds,
                report->buildSeconds, report->writeSeconds);
    if (report->streamedSog)
        std::printf("PlayCanvas Streamed SOG of the same levels: %s/%s/lod-meta.json\n", report->folder.c_str(), lod::kStreamedSogFolder);
    return {};
}

struct LodInfoState {
    std::string folder;
    std::string camera;
    float fovY = 45.0f;
    int viewportHeight = 1080;
    ParamSet params{lod::selectionSchema().schema()};
    ParamSet streamParams{lod::streamSchema().schema()};
    std::unique_ptr<SchemaFlags> flags, streamFlags;
};

Result<Eigen::Vector3f> parseCamera(const std::string& text) {
    Eigen::Vector3f p;
    char c1 = 0, c2 = 0, extra = 0;
    std::istringstream in(text);
    if (!(in >> p.x() >> c1 >> p.y() >> c2 >> p.z()) || c1 != ',' || c2 != ',' || (in >> extra) || !p.allFinite())
        return makeError(ErrorCode::InvalidInput, "--camera '" + text + "' is not three finite numbers x,y,z");
    return p;
}

// The view's chunks streamed from the folder into a resident pool of --memory-mb, frame by frame
// (plan, load, upload, fence) until nothing changes: what a viewer with that budget would draw.
Status streamView(const std::shared_ptr<const lod::ChunkSource>& source, const lod::StreamSettings& stream,
                  const lod::View& view, const lod::Selection& sel) {
    auto pool = lod::ResidentPool::create(stream.pool(), {source});
    if (!pool) return pool.error();
    std::vector<lod::DrawItem> draws;
    int frames = 0;
    for (std::uint64_t last = ~0ull; frames < 64; ++frames) {
        (*pool)->update({{view, &sel}});
        (*pool)->waitForLoads();
        for (const lod::DrawItem& d : (*pool)->takeUploads()) (*pool)->fenceSignalled(d.key);
        draws = (*pool)->drawList(sel);
        std::uint64_t signature = (*pool)->residentBytes() * 31 + draws.size();
        for (const lod::DrawItem& d : draws) signature = signature * 7 + d.key.level;
        if (signature == last) break;
        last = signature;
    }
    if (!(*pool)->failures().empty()) return (*pool)->failures().front();
    std::uint64_t drawn = 0;
    std::size_t coarser = 0;
    for (std::size_t i = 0, j = 0; i < sel.leaves.size() && j < draws.size(); ++i) {
        if (draws[j].key.leaf != sel.leaves[i].leaf) continue;  // this leaf has nothing drawable
        drawn += draws[j].chunk->splats.size();
        coarser += draws[j].key.level > sel.leaves[i].level;
        ++j;
    }
    std::printf("streamed in %d frames into %.4g MiB: %.4g MiB resident, %zu of %zu leaves drawn (%zu coarser than "
                "selected), %llu splats drawn\n",
                frames, stream.memoryMiB, static_cast<double>((*pool)->residentBytes()) / 1048576.0, draws.size(),
                sel.leaves.size(), coarser, static_cast<unsigned long long>(drawn));
    return {};
}

Status runLodInfo(LodInfoState& state) {
    if (Status st = state.flags->apply(); !st) {
        Error e = st.error();
        e.path = state.folder;
        return e;
    }
    if (Status st = state.streamFlags->apply(); !st) return Error{st.error().code, st.error().message, state.folder};
    const lod::SelectionSettings selection = lod::selectionSchema().fromParams(state.params);
    const lod::StreamSettings stream = lod::streamSchema().fromParams(state.streamParams);
    if (!state.camera.empty())  // before any reading
        if (Status st = lod::checkPoolSettings(stream.pool()); !st) return Error{st.error().code, st.error().message, state.folder};
    const bool folder = lod::isLodFolderPath(state.folder);
    if (!folder && !formats::isStreamedSogPath(state.folder)) {
        std::error_code ec;
        if (!std::filesystem::exists(state.folder, ec)) return makeError(ErrorCode::Io, "file not found", state.folder);
        return makeError(ErrorCode::Unsupported, "not a LOD folder (lod.json) or a Streamed SOG (lod-meta.json)", state.folder);
    }
    auto source = lod::openScanSource(state.folder);
    if (!source) return source.error();
    TerminalProgress bar("lod-info");
    const Status checked = lod::checkEveryChunk(**source, bar.progress());
    bar.finish();
    if (!checked) return checked;
    const lod::LodTree* tree = &(*source)->tree();
    if (folder)
        std::printf("LOD folder %s: %llu splats, %zu leaves, %zu nodes, %d levels (leaf size %d, reduction %d); every chunk checked\n",
                    state.folder.c_str(), static_cast<unsigned long long>(tree->splatCount(0)), tree->leaves.size(),
                    tree->nodes.size(), tree->levelCount, tree->leafSize, tree->reduction);
    else
        std::printf("Streamed SOG %s: %llu splats, %zu leaves, %zu nodes, %d levels; every chunk checked\n", state.folder.c_str(),
                    static_cast<unsigned long long>(tree->splatCount(0)), tree->leaves.size(), tree->nodes.size(), tree->levelCount);
    for (int l = 0; l < tree->levelCount; ++l) {
        double spacing = 0.0;
        float error = 0.0f;
        for (const lod::LodLeaf& leaf : tree->leaves) {
            spacing += static_cast<double>(leaf.levels[static_cast<std::size_t>(l)].spacing);
            error = std::max(error, leaf.levels[static_cast<std::size_t>(l)].error);
        }
        std::printf("  level %d: %llu splats, mean spacing %.4g, largest error %.4g model units\n", l,
                    static_cast<unsigned long long>(tree->splatCount(l)), spacing / static_cast<double>(tree->leaves.size()),
                    static_cast<double>(error));
    }
    if (state.camera.empty()) return {};
    auto position = parseCamera(state.camera);
    if (!position) return position.error();
    lod::View view;
    view.position = *position;
    view.fovY = state.fovY * 3.14159265f / 180.0f;
    view.viewportHeight = state.viewportHeight;
    auto sel = lod::selectLevels({tree}, view, selection);
    if (!sel) {
        Error e = sel.error();
        e.path = state.folder;
        return e;
    }
    std::vector<std::size_t> perLevel(static_cast<std::size_t>(tree->levelCount));
    for (const lod::LeafChoice& c : sel->leaves) ++perLevel[c.level];
    std::printf("view from %s (tau %.3g px, budget %lld splats): %llu splats selected%s\n", state.camera.c_str(),
                static_cast<double>(selection.tau), static_cast<long long>(selection.splatBudget),
                static_cast<unsigned long long>(sel->splats), sel->overBudget ? " (the coarsest levels exceed the budget)" : "");
    for (int l = 0; l < tree->levelCount; ++l) std::printf("  leaves at level %d: %zu\n", l, perLevel[static_cast<std::size_t>(l)]);
    return streamView(*source, stream, view, *sel);
}

}  // namespace

void addLodCommands(CLI::App& app, Outcome& outcome) {
    auto build = std::make_shared<LodBuildState>();
    CLI::App* cmd = app.add_subcommand("lod-build", "Build a LOD folder (leaf chunks, coarse levels merged by moment matching) and its PlayCanvas Streamed SOG from a scan");
    cmd->add_option("scan", build->input, "Input scan (.ply, .spz, .splat, a SOG or a Streamed SOG); never written")->required();
    cmd->add_option("-o,--output", build->output, "Output folder (written whole into a temporary folder, then renamed)")->required();
    cmd->add_flag("--no-streamed-sog", build->noStreamedSog,
                  "Skip the PlayCanvas Streamed SOG (streamed/lod-meta.json and its SOGs) written beside the chunks");
    build->flags = std::make_unique<SchemaFlags>(*cmd, build->params);
    build->streamedFlags = std::make_unique<SchemaFlags>(*cmd, build->streamedParams);
    cmd->callback([build, &outcome] { outcome.status = runLodBuild(*build); });

    auto info = std::make_shared<LodInfoState>();
    CLI::App* icmd = app.add_subcommand("lod-info", "Check a LOD folder or Streamed SOG and print its levels; with --camera, one view's selection and what it draws once streamed");
    icmd->add_option("folder", info->folder, "LOD folder written by lod-build, or a Streamed SOG (lod-meta.json or its folder)")->required();
    icmd->add_option("--camera", info->camera, "Camera position x,y,z in model space: print the levels this view selects");
    icmd->add_option("--fov-y", info->fovY, "Vertical field of view of the view [deg]")->capture_default_str()->check(finiteRange(1, 170));
    icmd->add_option("--viewport-height", info->viewportHeight, "Viewport height [px]")->capture_default_str()->check(CLI::Range(1, 16384));
    info->flags = std::make_unique<SchemaFlags>(*icmd, info->params);
    info->streamFlags = std::make_unique<SchemaFlags>(*icmd, info->streamParams);
    icmd->callback([info, &outcome] { outcome.status = runLodInfo(*info); });
}

}  // namespace sw::cli
