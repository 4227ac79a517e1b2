// lod-extract (issue 36 build item 5): the splats of a scan inside a box, at full detail (the
// finest level, its SH bands when the scan's chunks carry them), as one splat file.
// Example:
//   splatwright-cli lod-extract scan.lod --box -2,-2,0,2,2,3 -o statue.ply
// The scan is a LOD folder (or its lod.json), a PlayCanvas Streamed SOG (lod-meta.json or its
// folder) or any splat file; the box is in the scan's model space (+Z up, as lod-info --camera).
// Only the leaves the box meets are read, one at a time; the output is written atomically in its
// format's own axes and never over the scan.
#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "app/cli/terminal_progress.h"
#include "core/foundation/memory.h"
#include "core/lod/extract.h"
#include "core/lod/scan_set.h"

namespace sw::cli {
namespace {

struct LodExtractState {
    std::string scan;
    std::string output;
    std::string box;
    bool overwrite = false;
    ParamSet params{lod::extractSchema().schema()};
    std::unique_ptr<SchemaFlags> flags;
};

Result<Eigen::AlignedBox3f> parseBox(const std::string& text) {
    float v[6];
    char sep[5] = {};
    char extra = 0;
    std::istringstream in(text);
    bool ok = static_cast<bool>(in >> v[0]);
    for (int i = 1; ok && i < 6; ++i) ok = (in >> sep[i - 1] >> v[i]) && sep[i - 1] == ',';
    if (!ok || (in >> extra)) return makeError(ErrorCode::InvalidInput, "--box '" + text + "' is not six numbers minx,miny,minz,maxx,maxy,maxz");
    const Eigen::AlignedBox3f box(Eigen::Vector3f(v[0], v[1], v[2]), Eigen::Vector3f(v[3], v[4], v[5]));
    if (!box.min().allFinite() || !box.max().allFinite() || (box.min().array() > box.max().array()).any())
        return makeError(ErrorCode::InvalidInput, "--box '" + text + "' is not finite or has a minimum above its maximum");
    return box;
}

Status runLodExtract(LodExtractState& state) {
    if (Status st = state.flags->apply(); !st) return Error{st.error().code, st.error().message, state.scan};
    const lod::ExtractSettings settings = lod::extractSchema().fromParams(state.params);
    auto box = parseBox(state.box);
    if (!box) return box.error();
    const auto t0 = std::chrono::steady_clock::now();
    auto source = lod::openScanSource(state.scan);
    if (!source) return source.error();
    TerminalProgress bar("lod-extract");
    auto report = lod::extractToFile({{state.scan, source->get()}}, lod::Region::aabb(*box), settings, state.output,
                                     state.overwrite, bar.progress());
    bar.finish();
    if (!report) return namingOutput(report.error(), state.output);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const lod::LodTree& tree = (*source)->tree();
    std::printf("lod-extract: %llu splats (SH degree %d) of %llu in the box, from %zu of %zu leaves (%zu skipped by their bounds)\n",
                static_cast<unsigned long long>(report->splats), report->shDegree,
                static_cast<unsigned long long>(tree.splatCount(0)), report->stats.leavesVisited, tree.leaves.size(),
                report->stats.leavesSkipped);
    std::printf("wrote %s (%llu bytes) in %.2f s; at most %llu splats held at once, peak memory %.0f MiB\n", state.output.c_str(),
                static_cast<unsigned long long>(report->bytes), seconds, static_cast<unsigned long long>(report->stats.peakHeld),
                static_cast<double>(peakResidentBytes()) / 1048576.0);
    return {};
}

}  // namespace

void addLodExtractCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<LodExtractState>();
    CLI::App* cmd = app.add_subcommand("lod-extract", "Cut the splats inside a box out of a scan at full detail (its finest level) into one splat file");
    cmd->add_option("scan", state->scan, "LOD folder (or its lod.json), Streamed SOG (lod-meta.json or its folder) or splat file; never written")->required();
    cmd->add_option("--box", state->box, "The box in the scan's model space (+Z up): minx,miny,minz,maxx,maxy,maxz")->required();
    cmd->add_option("-o,--output", state->output, "Output file (.ply, .spz, .splat, .sog or .glb; each in its format's own axes)")->required();
    addOverwriteFlag(cmd, state->overwrite);
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params, std::set<std::string>{}, false);
    cmd->callback([state, &outcome] { outcome.status = runLodExtract(*state); });
}

}  // namespace sw::cli
