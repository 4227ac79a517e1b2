// `splatwright-cli render model.glb -o out.png [--width 800 --height 600 --background grey|black
// --azimuth deg --elevation deg --camera orbit|turntable --bench N]`: imports a model and
// renders it offscreen with the viewport's renderer through a headless EGL context.
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "core/foundation/image_io.h"
#include "core/foundation/output_file.h"
#include "core/geometry/import.h"
#include "core/pipeline/model_source.h"
#include "core/render/headless_context.h"
#include "core/render/mesh_renderer.h"
#include "core/render/render_memory.h"

namespace sw::cli {
namespace {

constexpr int kSamples = 4;  // MSAA of the render

struct RenderCommand {
    std::string model;
    std::string output;
    int width = 800;
    int height = 600;
    render::Background background = render::Background::Grey;
    render::CameraMode camera = render::CameraMode::Orbit;
    float azimuthDeg = 30.f;
    float elevationDeg = 20.f;  // orbit; turntable uses its fixed 40° tilt
    int benchFrames = 0;
    bool overwrite = false;

    Status bench(render::MeshRenderer& renderer, const render::Camera& cam, const render::RenderSettings& s) const {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < benchFrames; ++i) {
            auto frame = renderer.renderImage(cam, s);
            if (!frame) return frame.error();
        }
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        std::printf("  bench:      %d frames at %dx%d: %.2f ms/frame (draw + MSAA resolve + read-back)\n",
                    benchFrames, s.width, s.height, ms / benchFrames);
        return {};
    }

    Status run() const {
        SW_TRY(checkOutputFile(output, {{model}, overwrite}));
        SW_TRY(render::checkOffscreenRender(width, height, kSamples, output));  // before importing anything
        auto source = pipeline::modelSourceFor(model);  // a project gives its model, import settings and parts
        if (!source) return source.error();
        auto imported = pipeline::loadModel(*source);
        if (!imported) return imported.error();
        const geometry::Mesh& mesh = (*imported)->mesh;
        if (mesh.triangleCount() == 0) return makeError(ErrorCode::InvalidInput, "the model has no triangles", model);
        auto context = render::HeadlessContext::create();
        if (!context) return context.error();
        auto renderer = render::MeshRenderer::create((*context)->loader());
        if (!renderer) return renderer.error();
        render::Camera cam;
        cam.mode = camera;
        cam.azimuthDeg = azimuthDeg;
        cam.elevationDeg = elevationDeg;
        cam.frame(geometry::computeBounds(mesh), float(width) / float(height));
        const render::RenderSettings settings{width, height, background, kSamples};
        Status status = (*renderer)->setMesh(mesh);
        Result<Rgba8Image> image = status ? (*renderer)->renderImage(cam, settings) : Result<Rgba8Image>(status.error());
        if (image && benchFrames > 0) status = bench(**renderer, cam, settings);
        (*renderer)->release();
        if (!image) return namingOutput(image.error(), output);
        SW_TRY(status);
        SW_TRY(writePngFile(output, *image));
        SW_TRY(recordOutputFile(output));
        std::printf("render: %s\n", output.c_str());
        std::printf("  model:      %s (%zu triangles, %zu materials)\n", model.c_str(), mesh.triangleCount(),
                    mesh.materials.size());
        std::printf("  view:       %s, azimuth %.1f°, elevation %.1f°, %dx%d, %s background\n",
                    camera == render::CameraMode::Orbit ? "orbit" : "turntable", double(cam.azimuthDeg),
                    double(cam.effectiveElevationDeg()), width, height,
                    background == render::Background::Grey ? "grey" : "black");
        std::printf("  gl:         %s (%s, EGL %s)\n", (*context)->rendererName().c_str(),
                    (*context)->versionName().c_str(), (*context)->platform().c_str());
        return {};
    }
};

}  // namespace

void addRenderCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<RenderCommand>();
    CLI::App* cmd = app.add_subcommand("render", "Render a model offscreen (headless EGL) to a PNG");
    cmd->add_option("model", state->model, "Model file (.glb/.gltf, .fbx, .obj) or project (.splatproj)")->required();
    cmd->add_option("-o,--output", state->output, "Output .png file")->required();
    addOverwriteFlag(cmd, state->overwrite);
    cmd->add_option("--width", state->width, "Image width in px")->check(CLI::Range(1, 16384))->capture_default_str();
    cmd->add_option("--height", state->height, "Image height in px")->check(CLI::Range(1, 16384))->capture_default_str();
    const std::map<std::string, render::Background> backgrounds{{"grey", render::Background::Grey},
                                                                {"black", render::Background::Black}};
    cmd->add_option("--background", state->background, "Background: grey (0.5) or black")
        ->transform(CLI::CheckedTransformer(backgrounds, CLI::ignore_case))
        ->default_str("grey");
    const std::map<std::string, render::CameraMode> cameras{{"orbit", render::CameraMode::Orbit},
                                                            {"turntable", render::CameraMode::Turntable}};
    cmd->add_option("--camera", state->camera, "Camera: orbit, or turntable (fixed 40° tilt, yaw only)")
        ->transform(CLI::CheckedTransformer(cameras, CLI::ignore_case))
        ->default_str("orbit");
    cmd->add_option("--azimuth", state->azimuthDeg, "Degrees around +Z; 0 = front (camera on -Y), 90 = from +X")
        ->capture_default_str();
    cmd->add_option("--elevation", state->elevationDeg, "Degrees above the ground plane (orbit camera)")
        ->check(CLI::Range(-89.f, 89.f))
        ->capture_default_str();
    cmd->add_option("--bench", state->benchFrames, "Also time N more frames and print ms per frame")
        ->check(CLI::Range(0, 100000));
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
