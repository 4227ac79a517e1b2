#include "core/foliage/trim_file.h"

#include <cstdio>

#include "core/foundation/output_file.h"
#include "core/geometry/gltf_writer.h"
#include "core/geometry/import.h"

namespace sw::foliage {

const SettingsSchema<TrimSettings>& trimSchema() {
    static const SettingsSchema<TrimSettings> schema = [] {
        SettingsSchema<TrimSettings> s("foliage-trim", "Trim cards");
        using T = TrimSettings;
        const std::string g = "Trim";
        s.add(&T::margin, "margin", "Margin").range(0, 64).unit("texels").group(g)
            .tooltip("Texels kept around the texels at or above the alpha cutoff");
        s.add(&T::subdivide, "subdivide", "Subdivide").range(0, 4).group(g)
            .tooltip("Midpoint splits of each triangle of a card that is not a quad before trimming "
                     "(more triangles, a tighter cut)");
        s.add(&T::mipLevels, "mip-levels", "Mip levels").range(0, 12).group(g)
            .tooltip("Mip levels whose texels at or above the cutoff are kept too, so cards drawn that far look "
                     "the same (0: full-resolution texels only, the tightest cut; far cards lose thickening)");
        s.add(&T::viewMip, "view-mip", "View mip").range(-1, 12).group(g)
            .tooltip("Mip level the cards are drawn at (a pixel spans 2^N texels): each quad or triangle is kept "
                     "whole or cut, whichever touches fewer 4x4-pixel blocks there; -1 always cuts");
        return s;
    }();
    return schema;
}

Result<TrimReport> trimModelFile(const TrimFileRequest& request, const Progress& progress) {
    SW_TRY(checkOutputFile(request.output, {{request.input}, request.overwrite}));
    if (Status ok = trimSchema().check(request.settings); !ok)
        return makeError(ErrorCode::InvalidInput, ok.error().message, request.input);
    progress.report(0.0, "Reading the model");
    geometry::ImportSettings import;
    import.normalise = false;
    import.repairWinding = false;
    import.smallTextureWarning = 0;  // the warning speaks of splats; cards keep their texture
    auto model = geometry::importModel(request.input, import);
    if (!model) return model.error();
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "trimming cancelled", request.input);
    progress.report(0.3, "Trimming the cards");
    auto report = trimCards(model->mesh, request.settings, request.input);
    if (!report) return report.error();
    if (report->cards == 0)
        return makeError(ErrorCode::InvalidInput, "the model has no alpha-MASK cards to trim", request.input);
    if (report->mesh.triangles.empty())
        return makeError(ErrorCode::InvalidInput, "every card is empty and nothing else is left; no model is written",
                         request.input);
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "trimming cancelled", request.input);
    progress.report(0.8, "Writing the trimmed model");
    SW_TRY(geometry::writeGlb(report->mesh, request.output));
    SW_TRY(recordOutputFile(request.output));
    progress.report(1.0, "Trimmed");
    return report;
}

std::vector<std::string> trimReportLines(const TrimFileRequest& request, const TrimReport& report) {
    const TrimSettings& s = request.settings;
    std::vector<std::string> lines;
    char line[512];
    const auto add = [&](int n) {
        if (n > 0) lines.emplace_back(line);
    };
    add(std::snprintf(line, sizeof line, "model:      %s", request.input.c_str()));
    add(std::snprintf(line, sizeof line, "cards:      %d (%d dropped, empty), margin %d texels, %d mip levels",
                      report.cards, report.dropped, s.margin, s.mipLevels));
    if (report.pieces > 0)
        add(std::snprintf(line, sizeof line,
                          "pieces:     %d triangles of %d cards that are not quads (%d dropped, empty), subdivide %d",
                          report.pieces, report.cards - report.quads, report.piecesDropped, s.subdivide));
    if (s.viewMip >= 0)
        add(std::snprintf(line, sizeof line, "kept whole: %d quads and triangles (cutting them costs more 4x4 blocks at mip %d)",
                          report.kept, s.viewMip));
    add(std::snprintf(line, sizeof line, "card area:  %.6g -> %.6g model units^2 (%.1f %% saved)", report.areaBefore,
                      report.areaAfter, 100.0 * report.savedShare()));
    add(std::snprintf(line, sizeof line, "wrote %s: %zu triangles", request.output.c_str(), report.mesh.triangles.size()));
    return lines;
}

}  // namespace sw::foliage
