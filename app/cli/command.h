#pragma once
// Each CLI command lives in its own file and adds one CLI11 subcommand. Its callback runs the
// same core functions as the editor and stores the outcome; main() maps an error to one line
// on stderr and a non-zero exit code (sw::exitCodeFor).
#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdlib>
#include <string>

#include "core/foundation/error.h"

namespace sw::cli {

struct Outcome {
    Status status;
};

// An out-of-memory or cancelled error raised while producing `output` (a render's estimate, a
// bake step stopped by Ctrl-C) that names no file names the output the user asked for.
inline Error namingOutput(Error error, const std::string& output) {
    if (error.path.empty() && (error.code == ErrorCode::OutOfMemory || error.code == ErrorCode::Cancelled))
        error.path = output;
    return error;
}

// --overwrite for a command that writes single files: the one output rule (core/foundation/
// output_file.h) refuses an existing file splatwright did not write unless it is given (an input
// or a link is refused always).
inline void addOverwriteFlag(CLI::App* cmd, bool& overwrite) {
    cmd->add_flag("--overwrite", overwrite,
                  "Replace an existing output file that splatwright did not write (never an input, a link or a folder)");
}

// A number in [lo, hi] that is finite (CLI::Range lets NaN through: every comparison is false).
inline CLI::Validator finiteRange(double lo, double hi) {
    return CLI::Validator(
        [lo, hi](std::string& text) -> std::string {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end != '\0' || !std::isfinite(v) || v < lo || v > hi)
                return "Value " + text + " is not a finite number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
            return {};
        },
        "FINITE");
}

void addInfoCommand(CLI::App& app, Outcome& outcome);
void addDemoCommand(CLI::App& app, Outcome& outcome);
void addDatasetCommand(CLI::App& app, Outcome& outcome);
void addRenderCommand(CLI::App& app, Outcome& outcome);
void addBenchRenderCommand(CLI::App& app, Outcome& outcome);
void addPreviewCommand(CLI::App& app, Outcome& outcome);
void addExportCommand(CLI::App& app, Outcome& outcome);
// Defined only when the trainer is built (SW_HAVE_TRAIN, i.e. SPLATWRIGHT_TORCH=ON).
void addTrainCommand(CLI::App& app, Outcome& outcome);
void addBatchCommand(CLI::App& app, Outcome& outcome);  // with the trainer too
void addConvertCommand(CLI::App& app, Outcome& outcome);
void addPlainGlbCommand(CLI::App& app, Outcome& outcome);
void addDestructCommand(CLI::App& app, Outcome& outcome);
void addFoliageTrimCommand(CLI::App& app, Outcome& outcome);
void addLodCommands(CLI::App& app, Outcome& outcome);  // lod-build, lod-info
void addLodExtractCommand(CLI::App& app, Outcome& outcome);  // lod-extract
void addFoliageCommand(CLI::App& app, Outcome& outcome);

}  // namespace sw::cli
