// splatwright-cli: every pipeline stage of the editor, from the command line.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "app/cli/command.h"
#include "core/foundation/interrupt.h"
#include "core/foundation/log.h"

int main(int argc, char** argv) {
    sw::log::addSink(sw::log::stderrSink());
    sw::installInterruptHandlers();  // SIGINT/SIGTERM cancel the running stage: exit 6, no temporaries left
    CLI::App app{"Splatwright: textured game models to budgeted, destructible Gaussian-splat assets",
                 "splatwright-cli"};
    app.require_subcommand(1);
    app.set_version_flag("--version", SPLATWRIGHT_VERSION);
    bool verbose = false;
    app.add_flag("-v,--verbose", verbose, "Log debug messages");
    app.parse_complete_callback([&] { if (verbose) sw::log::setLevel(sw::log::Level::Debug); });

    sw::cli::Outcome outcome;
    sw::cli::addInfoCommand(app, outcome);
    sw::cli::addDemoCommand(app, outcome);
    sw::cli::addDatasetCommand(app, outcome);
    sw::cli::addRenderCommand(app, outcome);
    sw::cli::addBenchRenderCommand(app, outcome);
    sw::cli::addPreviewCommand(app, outcome);
    sw::cli::addExportCommand(app, outcome);
#ifdef SW_HAVE_TRAIN
    sw::cli::addTrainCommand(app, outcome);
    sw::cli::addBatchCommand(app, outcome);
#endif
    sw::cli::addConvertCommand(app, outcome);
    sw::cli::addPlainGlbCommand(app, outcome);
    sw::cli::addDestructCommand(app, outcome);
    sw::cli::addFoliageTrimCommand(app, outcome);
    sw::cli::addLodCommands(app, outcome);
    sw::cli::addLodExtractCommand(app, outcome);
    sw::cli::addFoliageCommand(app, outcome);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        // Every usage error is one line naming the command, exit 1 (README).
        std::string command = "splatwright-cli";
        for (const CLI::App* sub : app.get_subcommands()) command += " " + sub->get_name();
        std::fprintf(stderr, "%s: error: %s (--help lists the options)\n", command.c_str(), e.what());
        return 1;
    } catch (const std::bad_alloc&) {
        outcome.status = sw::makeError(sw::ErrorCode::OutOfMemory, "out of memory: the stage asked for more memory "
                                                                     "than this machine has; lower the sizes or counts");
    } catch (const std::exception& e) {
        outcome.status = sw::makeError(sw::ErrorCode::Internal, std::string("internal error: ") + e.what());
    }
    if (!outcome.status) {
        const sw::Error& err = outcome.status.error();
        std::fprintf(stderr, "splatwright-cli: error: %s\n", err.toString().c_str());
        return sw::exitCodeFor(sw::interruptRequested() ? sw::ErrorCode::Cancelled : err.code);
    }
    return 0;
}
