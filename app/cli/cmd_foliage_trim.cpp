// foliage-trim (issue 35 §7, seed 004 "Карточки дешевле"): every alpha-MASK card of a model cut to
// a tight convex polygon (at most 8 vertices) around its texels at or above the cutoff plus a
// margin, empty cards dropped (core/foliage trim.h); a card that is not a parallelogram quad
// (strips of quads, bent cards) is trimmed triangle by triangle, each split --subdivide times at
// its edge midpoints first (with --view-mip, only where that touches fewer 4x4-pixel blocks at
// that mip level); prints the cards, the dropped ones, the pieces and the card area before and
// after; the new GLB is written atomically, the source is untouched. A thin shell over
// foliage::trimModelFile (trim_file.h), which the Foliage dock's Trim Cards… calls too; the flags
// come from foliage::trimSchema.
// Example: splatwright-cli foliage-trim pine.glb -o pine-trimmed.glb --margin 2
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "core/foliage/trim_file.h"

namespace sw::cli {
namespace {

struct FoliageTrimCommand {
    ParamSet params{foliage::trimSchema().schema()};
    std::unique_ptr<SchemaFlags> flags;
    foliage::TrimFileRequest request;

    Status run() {
        request.settings = foliage::trimSchema().fromParams(params);
        auto report = foliage::trimModelFile(request);
        if (!report) return report.error();
        for (const std::string& line : foliage::trimReportLines(request, *report)) std::printf("%s\n", line.c_str());
        return {};
    }
};

}  // namespace

void addFoliageTrimCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<FoliageTrimCommand>();
    CLI::App* cmd = app.add_subcommand(
        "foliage-trim", "Cut every alpha-MASK card of a model to a tight polygon around its opaque texels (fewer fragments)");
    cmd->add_option("input", state->request.input, "Input model (.glb or .gltf) with alpha-MASK cards")->required();
    cmd->add_option("-o,--output", state->request.output, "Output .glb (written atomically; the input is never replaced)")
        ->required();
    addOverwriteFlag(cmd, state->request.overwrite);
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params);
    cmd->callback([state, &outcome] {
        Status applied = state->flags->apply();
        outcome.status = applied ? state->run() : applied;
    });
}

}  // namespace sw::cli
