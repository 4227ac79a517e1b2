// plain-glb: a copy of a glTF/GLB without Draco geometry or KTX2 base colours (PNG instead), for
// tools that read neither (Debian's Blender 3.4; bench/dataset_vs_blender.sh uses it).
// Example: splatwright-cli plain-glb jet-fighter.glb -o jet-fighter-plain.glb
#include <cstdio>
#include <memory>

#include "app/cli/command.h"
#include "core/foundation/output_file.h"
#include "core/geometry/plain_glb.h"

namespace sw::cli {
namespace {

struct PlainGlbArgs {
    std::string input;
    std::string output;
    bool overwrite = false;
    bool allowOutside = false;
};

Status runPlainGlb(const PlainGlbArgs& args) {
    SW_TRY(checkOutputFile(args.output, {{args.input}, args.overwrite}));
    auto report = geometry::writePlainGlb(args.input, args.output, args.allowOutside);
    if (!report) return report.error();
    SW_TRY(recordOutputFile(args.output));
    std::printf("wrote %s: %d meshes, %d KTX2 base colours as PNG, %d materials linked to them\n", args.output.c_str(), report->meshes,
                report->pngImages, report->baseColorsLinked);
    return {};
}

}  // namespace

void addPlainGlbCommand(CLI::App& app, Outcome& outcome) {
    auto args = std::make_shared<PlainGlbArgs>();
    CLI::App* cmd = app.add_subcommand("plain-glb", "Copy a glTF/GLB with Draco geometry decoded and KTX2 base colours as PNG (for Blender)");
    cmd->add_option("input", args->input, "Input model (.glb or .gltf)")->required();
    cmd->add_option("-o,--output", args->output, "Output .glb")->required();
    addOverwriteFlag(cmd, args->overwrite);
    cmd->add_flag("--allow-outside", args->allowOutside, "Read buffers and images the glTF names outside its folder");
    cmd->callback([args, &outcome] { outcome.status = runPlainGlb(*args); });
}

}  // namespace sw::cli
