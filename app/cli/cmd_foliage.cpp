// foliage (issue 35 §8): a foliage scene rendered offscreen through a headless EGL context — a
// model or splat cloud marked foliage, N scattered copies, the wind of a preset and a seed 004
// scene JSON, scripted benders, a distance fade — to a PNG, or with --frames K a sequence
// <stem>_0000.png ... at --fps; every file written atomically and never over an input
// (core/pipeline/foliage_job.h runs it).
// Example: splatwright-cli foliage pine.glb --scatter 100 --preset storm --time 2 --png storm.png
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "core/foliage/foliage_preview.h"
#include "core/foliage/scatter.h"
#include "core/pipeline/foliage_job.h"

namespace sw::cli {
namespace {

struct FoliageArgs {
    pipeline::FoliageSceneSettings job;
    std::string fade;  // "start,end"
    // --units-scale, declared by the preview schema (core/foliage/foliage_preview.h).
    ParamSet units{foliage::previewSchema().schema()};
    std::unique_ptr<SchemaFlags> unitsFlag;
};

// "30,40" → [30, 40]; InvalidInput naming --fade otherwise.
Status parseFade(const std::string& text, pipeline::FoliageSceneSettings& job) {
    const std::size_t comma = text.find(',');
    char* end = nullptr;
    foliage::FadeRange f;
    bool ok = comma != std::string::npos;
    if (ok) {
        const std::string a = text.substr(0, comma), b = text.substr(comma + 1);
        f.start = std::strtof(a.c_str(), &end);
        ok = end != a.c_str() && *end == '\0';
        f.end = std::strtof(b.c_str(), &end);
        ok = ok && end != b.c_str() && *end == '\0';
    }
    if (!ok) return makeError(ErrorCode::InvalidInput, "--fade " + text + ": expected start,end in metres (e.g. 30,40)");
    SW_TRY(foliage::checkFade(f, "--fade"));
    job.fade = f;
    return {};
}

Status runFoliage(FoliageArgs& args) {
    if (!args.fade.empty()) SW_TRY(parseFade(args.fade, args.job));
    SW_TRY(args.unitsFlag->apply());
    args.job.unitsScale = foliage::previewSchema().fromParams(args.units).unitsScale;
    const pipeline::FoliageSceneSettings& s = args.job;
    auto report = pipeline::runFoliageScene(s);
    if (!report) return namingOutput(report.error(), s.png);
    std::printf("foliage: %s\n", s.asset.c_str());
    std::printf("  asset:      %s, %zu %s, %zu plant%s (%s), %.2f m tall%s%s\n", report->assetKind.c_str(), report->points,
                report->assetKind == "mesh" ? "vertices" : "splats", report->plants, report->plants == 1 ? "" : "s",
                report->grouping.c_str(), double(report->assetHeight),
                report->foliageReason.empty() ? "" : ", foliage by ", report->foliageReason.c_str());
    if (report->assetKind == "splats")
        std::printf("  units:      %.4g m per unit (%s)\n", double(report->unitsScale), report->unitsSource.c_str());
    if (!s.beside.empty()) std::printf("  beside:     %s, %.2f m tall\n", s.beside.c_str(), double(report->besideHeight));
    std::printf("  scene:      %zu copies, %zu bender%s, t = %.3f s%s\n", report->copies, report->benders,
                report->benders == 1 ? "" : "s", double(s.time),
                s.frames > 1 ? (", " + std::to_string(s.frames) + " frames at " + std::to_string(int(s.fps)) + " fps").c_str() : "");
    std::printf("  drawn:      %zu copies in %d draw%s (last frame, the ground included)\n", report->copiesDrawn.back(), report->drawCalls,
                report->drawCalls == 1 ? "" : "s");
    if (s.countFragments) std::printf("  fragments:  %llu (last frame)\n", static_cast<unsigned long long>(report->fragments.back()));
    std::printf("  gl:         %s\n", report->gl.c_str());
    for (const std::string& f : report->written) std::printf("wrote %s\n", f.c_str());
    return {};
}

}  // namespace

void addFoliageCommand(CLI::App& app, Outcome& outcome) {
    auto args = std::make_shared<FoliageArgs>();
    pipeline::FoliageSceneSettings& j = args->job;
    CLI::App* cmd = app.add_subcommand("foliage", "Render a foliage scene (wind, benders, fade, hue drift) offscreen to PNG");
    cmd->add_option("asset", j.asset, "Foliage model (.glb/.gltf/.fbx/.obj, metres) or splat cloud (.ply)")->required();
    cmd->add_option("--png", j.png, "Output .png (with --frames K: <stem>_0000.png ...; written atomically)")->required();
    cmd->add_option("--time", j.time, "Time of the first frame in seconds (the same t gives the same frame)")
        ->required()
        ->check(finiteRange(0, 1e6));
    cmd->add_option("--scatter", j.scatter, "Copies scattered on the ground (1 = one at the origin)")->capture_default_str();
    cmd->add_option("--seed", j.seed, "Scatter seed")->capture_default_str();
    cmd->add_option("--spacing", j.spacing, "Metres between copies (0 = 0.6 x the asset's footprint)")
        ->check(finiteRange(0, 1e4));
    cmd->add_option("--preset", j.preset, "Wind preset: calm, breeze or storm (default: seed 004's defaults)");
    cmd->add_option("--settings", j.settingsJson,
                    "Foliage JSON in seed 004's shape ({\"env\": {\"foliage\": {...}}, \"nodes\": {...}}), over the preset");
    cmd->add_option("--bender", j.benderJson,
                    "Bender paths: {\"benders\": [{\"radius\": 0.7, \"speed\": 1.5, \"points\": [[x, y, z], ...]}]}");
    cmd->add_option("--beside", j.beside,
                    "Another foliage asset (model or .ply) drawn as one copy to the right, in the same wind");
    cmd->add_option("--fade", args->fade, "Distance fade start,end in metres (copies past end are culled)");
    const std::map<std::string, pipeline::PlantGrouping> groupings{{"auto", pipeline::PlantGrouping::Auto},
                                                                  {"connected", pipeline::PlantGrouping::Connected},
                                                                  {"whole", pipeline::PlantGrouping::Whole}};
    cmd->add_option("--plants", j.plants, "Plants: connected pieces, the whole asset, or auto")
        ->transform(CLI::CheckedTransformer(groupings, CLI::ignore_case))
        ->default_str("auto");
    cmd->add_option("--frames", j.frames, "Frames to write")->check(CLI::Range(1, 10000))->capture_default_str();
    cmd->add_option("--fps", j.fps, "Frames per second of a sequence")->check(finiteRange(0.001, 1000))->capture_default_str();
    cmd->add_option("--width", j.width, "Image width in px")->check(CLI::Range(16, 16384))->capture_default_str();
    cmd->add_option("--height", j.height, "Image height in px")->check(CLI::Range(16, 16384))->capture_default_str();
    cmd->add_option("--azimuth", j.azimuthDeg, "Camera degrees around +Z (0 = from -Y)")->check(finiteRange(-360, 360))
        ->capture_default_str();
    cmd->add_option("--elevation", j.elevationDeg, "Camera degrees above the ground")->check(finiteRange(-89, 89))
        ->capture_default_str();
    cmd->add_option("--distance", j.distance, "Camera distance in metres (0 = frame the scatter)")
        ->check(finiteRange(0, 1e5));
    cmd->add_flag("--no-ground{false}", j.ground, "Leave out the ground square (only the copies are drawn)");
    cmd->add_flag("--card-outlines", j.cardOutlines, "Draw the edges of the alpha-MASK cards over the frame (trim previews)");
    cmd->add_flag("--count-fragments", j.countFragments, "Print the fragment shader invocations of the last frame");
    std::set<std::string> others;
    for (const ParamSpec& spec : foliage::previewSchema().schema().params())
        if (spec.name != "units-scale") others.insert(spec.name);
    args->unitsFlag = std::make_unique<SchemaFlags>(*cmd, args->units, others, false);
    addOverwriteFlag(cmd, j.overwrite);
    cmd->callback([args, &outcome] { outcome.status = runFoliage(*args); });
}

}  // namespace sw::cli
