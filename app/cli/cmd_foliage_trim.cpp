// foliage-trim (issue 35 §7, seed 004 "Карточки дешевле"): every alpha-MASK card of a model cut to
// a tight convex polygon (at most 8 vertices) around its texels at or above the cutoff plus a
// margin, empty cards dropped (core/foliage trim.h); a card that is not a parallelogram quad
// (strips of quads, bent cards) is trimmed triangle by triangle, each split --subdivide times at
// its edge midpoints first (with --view-mip, only where that touches fewer 4x4-pixel blocks at
// that mip level); prints the cards, the dropped ones, the pieces and the card area
// before and after; the new GLB is written atomically, the source is untouched.
// The model is read in its own units (no normalisation, no winding repair), so the copy keeps
// its size, placement and facing.
// Example: splatwright-cli foliage-trim pine.glb -o pine-trimmed.glb --margin 2
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "core/foliage/trim.h"
#include "core/foundation/output_file.h"
#include "core/geometry/gltf_writer.h"
#include "core/geometry/import.h"

namespace sw::cli {
namespace {

struct FoliageTrimArgs {
    std::string input;
    std::string output;
    int margin = 2;     // texels kept around the opaque ones
    int subdivide = 2;  // midpoint splits of the triangles of cards that are not quads
    int mipLevels = 4;  // mip levels whose thickened cut-outs are kept
    int viewMip = -1;   // mip level the pieces are chosen for (-1: always cut)
    bool overwrite = false;
};

Status runFoliageTrim(const FoliageTrimArgs& args) {
    SW_TRY(checkOutputFile(args.output, {{args.input}, args.overwrite}));
    if (args.margin < 0 || args.margin > 64)
        return makeError(ErrorCode::InvalidInput, "--margin " + std::to_string(args.margin) + " is outside [0, 64] texels");
    geometry::ImportSettings import;
    import.normalise = false;
    import.repairWinding = false;
    import.smallTextureWarning = 0;  // the warning speaks of splats; cards keep their texture
    auto model = geometry::importModel(args.input, import);
    if (!model) return model.error();

    if (args.subdivide < 0 || args.subdivide > 4)
        return makeError(ErrorCode::InvalidInput, "--subdivide " + std::to_string(args.subdivide) + " is outside [0, 4]");
    foliage::TrimSettings settings;
    settings.margin = args.margin;
    settings.subdivide = args.subdivide;
    if (args.mipLevels < 0 || args.mipLevels > 12)
        return makeError(ErrorCode::InvalidInput, "--mip-levels " + std::to_string(args.mipLevels) + " is outside [0, 12]");
    settings.mipLevels = args.mipLevels;
    if (args.viewMip < -1 || args.viewMip > 12)
        return makeError(ErrorCode::InvalidInput, "--view-mip " + std::to_string(args.viewMip) + " is outside [-1, 12]");
    settings.viewMip = args.viewMip;
    auto report = foliage::trimCards(model->mesh, settings, args.input);
    if (!report) return report.error();
    if (report->cards == 0) return makeError(ErrorCode::InvalidInput, "the model has no alpha-MASK cards to trim", args.input);
    if (report->mesh.triangles.empty())
        return makeError(ErrorCode::InvalidInput,
                         "every card is empty and nothing else is left; no model is written", args.input);
    SW_TRY(geometry::writeGlb(report->mesh, args.output));
    SW_TRY(recordOutputFile(args.output));

    std::printf("model:      %s\n", args.input.c_str());
    std::printf("cards:      %d (%d dropped, empty), margin %d texels, %d mip levels\n", report->cards, report->dropped,
                args.margin, args.mipLevels);
    if (report->pieces > 0)
        std::printf("pieces:     %d triangles of %d cards that are not quads (%d dropped, empty), subdivide %d\n",
                    report->pieces, report->cards - report->quads, report->piecesDropped, args.subdivide);
    if (args.viewMip >= 0)
        std::printf("kept whole: %d quads and triangles (cutting them costs more 4x4 blocks at mip %d)\n", report->kept,
                    args.viewMip);
    std::printf("card area:  %.6g -> %.6g model units^2 (%.1f %% saved)\n", report->areaBefore, report->areaAfter,
                100.0 * report->savedShare());
    std::printf("wrote %s: %zu triangles\n", args.output.c_str(), report->mesh.triangles.size());
    return {};
}

}  // namespace

void addFoliageTrimCommand(CLI::App& app, Outcome& outcome) {
    auto args = std::make_shared<FoliageTrimArgs>();
    CLI::App* cmd = app.add_subcommand(
        "foliage-trim", "Cut every alpha-MASK card of a model to a tight polygon around its opaque texels (fewer fragments)");
    cmd->add_option("input", args->input, "Input model (.glb or .gltf) with alpha-MASK cards")->required();
    cmd->add_option("-o,--output", args->output, "Output .glb (written atomically; the input is never replaced)")->required();
    cmd->add_option("--margin", args->margin, "Texels kept around the texels at or above the alpha cutoff (0..64)")
        ->capture_default_str();
    cmd->add_option("--subdivide", args->subdivide,
                    "Midpoint splits of each triangle of a card that is not a quad before trimming (0..4; more "
                    "triangles, fewer fragments)")
        ->capture_default_str();
    cmd->add_option("--mip-levels", args->mipLevels,
                    "Mip levels whose texels at or above the cutoff are kept too, so cards drawn that far look the "
                    "same (0..12; 0 keeps only full-resolution texels: the tightest cut, far cards lose thickening)")
        ->capture_default_str();
    cmd->add_option("--view-mip", args->viewMip,
                    "Mip level the cards are drawn at (a pixel spans 2^N texels): each quad or triangle is kept "
                    "whole or cut, whichever touches fewer 4x4-pixel blocks there (-1..12; -1 always cuts)")
        ->capture_default_str();
    addOverwriteFlag(cmd, args->overwrite);
    cmd->callback([args, &outcome] { outcome.status = runFoliageTrim(*args); });
}

}  // namespace sw::cli
