// `splatwright-cli demo -o drone.glb [--seed N --plates N --texture-size PX ...]`: writes the
// bundled demo asset (core/demo) as a GLB and prints what it contains.
#include <cstdio>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "app/cli/schema_flags.h"
#include "core/demo/demo_drone.h"
#include "core/geometry/gltf_writer.h"

namespace sw::cli {
namespace {

struct DemoCommand {
    ParamSet params{demo::demoSchema().schema()};
    std::unique_ptr<SchemaFlags> flags;
    std::string output;

    Status run() const {
        const demo::DemoSettings settings = demo::demoSchema().fromParams(params);
        auto drone = demo::generateDemoDrone(settings);
        if (!drone) return drone.error();
        SW_TRY(geometry::writeGlb(drone->mesh, output));
        const geometry::Mesh& mesh = drone->mesh;
        std::printf("demo drone: %s\n", output.c_str());
        std::printf("  seed:       %u\n", settings.seed);
        std::printf("  components: %zu open plates\n", drone->componentInverted.size());
        std::printf("  inverted:   %d plates wound inward\n", drone->invertedCount());
        std::printf("  triangles:  %zu (%zu vertices)\n", mesh.triangleCount(), mesh.vertexCount());
        std::printf("  parts:     ");
        for (const auto& name : mesh.partNames) std::printf(" %s", name.c_str());
        std::printf("\n  texture:    %dx%d (%s)\n", mesh.textures.front().width, mesh.textures.front().height,
                    mesh.materials.front().name.c_str());
        return {};
    }
};

}  // namespace

void addDemoCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<DemoCommand>();
    CLI::App* cmd = app.add_subcommand("demo", "Write the generated demo asset (a boss drone of open plates) as a GLB");
    cmd->add_option("-o,--output", state->output, "Output .glb file")->required();
    state->flags = std::make_unique<SchemaFlags>(*cmd, state->params);
    cmd->callback([state, &outcome] {
        Status applied = state->flags->apply();
        outcome.status = applied ? state->run() : applied;
    });
}

}  // namespace sw::cli
