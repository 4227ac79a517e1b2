// convert: a splat cloud between the interchange formats (PLY, SPZ, .splat, bundled SOG), chosen by the
// file extensions. Example: splatwright-cli convert scene.ply -o scene.spz --spz-version 4
// Axes (core/formats/axes.h): a PLY's header says what it holds; an SPZ or .splat input is taken
// in its format's own axes; the output is written in its format's own axes unless --axes model.
#include <cstdio>
#include <filesystem>
#include <memory>

#include "app/cli/command.h"
#include "core/formats/cloud_io.h"
#include "core/foundation/output_file.h"

namespace sw::cli {
namespace {

struct ConvertArgs {
    std::string input;
    std::string output;
    int spzVersion = 3;
    std::string axes = "standard";
    bool overwrite = false;
};

Status runConvert(const ConvertArgs& args) {
    if (args.spzVersion != 3 && args.spzVersion != 4) {
        return makeError(ErrorCode::InvalidInput,
                         "--spz-version must be 3 or 4, got " + std::to_string(args.spzVersion));
    }
    auto axes = formats::parseAxes(args.axes);
    if (!axes) return axes.error();
    SW_TRY(checkOutputFile(args.output, {{args.input}, args.overwrite}));
    auto cloud = formats::readSplatCloud(args.input);
    if (!cloud) return cloud.error();
    SW_TRY(formats::writeSplatCloud(args.output, *cloud, formats::SpzWriteOptions{args.spzVersion}, *axes));
    SW_TRY(recordOutputFile(args.output));
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(args.output, ec);
    std::printf("converted %zu splats (SH degree %d): %s -> %s (%llu bytes)\n", cloud->size(), cloud->shDegree,
                args.input.c_str(), args.output.c_str(), static_cast<unsigned long long>(ec ? 0 : bytes));
    return {};
}

}  // namespace

void addConvertCommand(CLI::App& app, Outcome& outcome) {
    auto args = std::make_shared<ConvertArgs>();
    CLI::App* cmd = app.add_subcommand("convert", "Convert a splat cloud between PLY, SPZ, .splat and SOG (also reads SOG folders and Streamed SOG)");
    cmd->add_option("input", args->input, "Input splat cloud (.ply, compressed too; .spz; .splat; .sog, a SOG folder or its meta.json; lod-meta.json)")->required();
    cmd->add_option("-o,--output", args->output, "Output file (.ply, .spz, .splat or .sog: a bundled SOG version 2)")->required();
    cmd->add_option("--spz-version", args->spzVersion,
                    "SPZ version to write: 3 (gzip, read by today's web viewers) or 4 (ZSTD streams)")
        ->capture_default_str();
    cmd->add_option("--axes", args->axes,
                    "Output axes: standard (PLY and .splat: 3DGS, y down; SPZ: RUB, y up) or model (+Z up, as stored)")
        ->capture_default_str();
    addOverwriteFlag(cmd, args->overwrite);
    cmd->callback([args, &outcome] { outcome.status = runConvert(*args); });
}

}  // namespace sw::cli
