// `splatwright-cli preview <file.bin|cloud.ply> -o out.png [--game-scale 80] [--overlay part|...]
// [--mesh source.glb] [--heading deg] [--tilt deg] [--time s] [--zoom 3] [--view 640x480]
// [--effect name --amount x] [--links N] [--lod k] [--round]`: writes the game-scale sheet of a
// baked model (SPL2) or a raw cloud (PLY/SPZ, split for preview without the bake): ×1 and ×3
// nearest-neighbour, on grey and on black, next to the source mesh when --mesh is given
// (PIPELINE §6). With --view WxH it writes one orbit view of that size instead (docs
// screenshots); --links adds the links effect between chunk centroids to that view (composed
// additively on the CPU, so links are not hidden by the model).
#include <cstdio>
#include <map>
#include <memory>
#include <string>

#include "app/cli/command.h"
#include "core/foundation/output_file.h"
#include "core/formats/cloud_io.h"
#include "core/formats/spl2.h"
#include "core/foundation/image_io.h"
#include "core/geometry/import.h"
#include "core/render/cloud_preview.h"
#include "core/render/game_scale.h"
#include "core/render/headless_context.h"
#include "core/render/links.h"
#include "core/render/render_memory.h"

namespace sw::cli {
namespace {

bool endsWith(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

struct PreviewCommand {
    std::string input;
    std::string output;
    std::string mesh;
    bool overwrite = false;
    std::string view;  // "WxH": one orbit view instead of the sheet
    render::GameScaleSettings gs;
    float elevationDeg = 25.f;
    render::GlProcLoader loader;  // of the headless context, set by run()
    std::string effect = "none";
    float amount = 0.5f;
    std::uint32_t links = 0;

    // The effect's knob set to `amount` (0..1); part_xform swings the parts about their centroids.
    Status applyEffect(const formats::Spl2Model& m, render::EffectParams& e) const {
        if (effect == "none") return {};
        if (effect.rfind("scatter", 0) == 0) {
            e.scatter = amount;
            e.scatterMode = effect == "scatter-ring"     ? render::ScatterMode::Ring
                            : effect == "scatter-column" ? render::ScatterMode::Column
                            : effect == "scatter-vortex" ? render::ScatterMode::Vortex
                                                         : render::ScatterMode::Radial;
        } else if (effect == "implode") e.implode = amount;
        else if (effect == "assemble") e.assemble = amount;
        else if (effect == "ripple") {
            e.ripple = 0.04f * amount;
            e.hitPoint = Eigen::Vector3f(0.f, -0.5f, 0.f);
        } else if (effect == "charge") e.charge = amount;
        else if (effect == "link-decay") e.linkDecay = amount;
        else if (effect == "siphon") e.siphon = amount;
        else if (effect == "part-xform") {
            e.partXform = 1;
            for (int p = 0; p < render::kEffectParts; ++p) {
                Eigen::Vector3f sum = Eigen::Vector3f::Zero();
                int n = 0;
                for (std::size_t i = 0; i < m.core.size(); ++i)
                    if (static_cast<int>(m.core.attrs[i].y()) / 16 == p) sum += m.core.pos[i], ++n;
                const auto k = static_cast<std::size_t>(p);
                e.partPivot[k] = n ? Eigen::Vector3f(sum / float(n)) : Eigen::Vector3f::Zero();
                e.partRotation[k] = Eigen::Quaternionf(Eigen::AngleAxisf(0.6f * amount * (p % 2 ? 1.f : -1.f),
                                                                         Eigen::Vector3f::UnitX()));
                e.partOffset[k] = e.partPivot[k].normalized() * (0.15f * amount) * (p > 0 ? 1.f : 0.f);
            }
            e.partRotation[0] = Eigen::Quaternionf::Identity();
        } else {
            return makeError(ErrorCode::InvalidInput, "unknown effect '" + effect + "'");
        }
        return {};
    }

    Result<formats::Spl2Model> load() const {
        if (endsWith(input, ".bin")) return formats::readSpl2(input);
        auto cloud = formats::readSplatCloud(input);
        if (!cloud) return cloud.error();
        if (cloud->empty()) return makeError(ErrorCode::InvalidInput, "the cloud has no splats", input);
        return render::previewModelFromCloud(*cloud);
    }

    Result<Rgba8Image> orbitView(render::SplatRenderer& splats) const {
        int w = 0, h = 0;
        if (std::sscanf(view.c_str(), "%dx%d", &w, &h) != 2 || w < 16 || h < 16 || w > 8192 || h > 8192)
            return makeError(ErrorCode::InvalidInput, "--view must be WxH with 16..8192 px, got '" + view + "'");
        render::Camera cam;
        cam.azimuthDeg = gs.headingDeg;
        cam.elevationDeg = elevationDeg;
        cam.frame(geometry::Bounds{Eigen::Vector3f::Constant(-0.8f), Eigen::Vector3f::Constant(0.8f)}, float(w) / float(h));
        cam.distance *= 0.8f;  // the 1.6 cube's bounding sphere is loose around a model
        render::SplatRenderSettings s = gs.look;
        s.width = w;
        s.height = h;
        SW_TRY(render::checkOffscreenRender(w, h, s.samples, output));
        auto image = splats.renderImage(cam, s);
        if (!image || links == 0) return image;
        return addLinks(splats.model(), cam, *image);
    }

    // Links between chunk centroids (part centroids without a CHNK tail) moved by the effect,
    // added onto `image`.
    Result<Rgba8Image> addLinks(const formats::Spl2Model& m, const render::Camera& cam, Rgba8Image image) const {
        const std::vector<Eigen::Vector3f> base = render::effectBasePoints(m, gs.look.effects);
        if (base.size() < 2) return makeError(ErrorCode::InvalidInput, "--links needs two chunks or parts", input);
        auto context = render::LinksRenderer::create(loader);
        if (!context) return context.error();
        render::LinksSettings ls;
        ls.width = image.width;
        ls.height = image.height;
        ls.particles = links;
        ls.threshold = 0.3f;
        Status status = (*context)->setBasePoints(base);
        Result<Rgba8Image> glow = status.ok() ? (*context)->renderImage(cam.view(), cam.projection(float(ls.width) / float(ls.height)), ls)
                                              : Result<Rgba8Image>(status.error());
        (*context)->release();
        if (!glow) return glow.error();
        for (std::size_t i = 0; i < image.rgba.size(); ++i)
            if (i % 4 != 3) image.rgba[i] = static_cast<std::uint8_t>(std::min(255, image.rgba[i] + glow->rgba[i]));
        return image;
    }

    Status run() {
        SW_TRY(checkOutputFile(output, {{input, mesh}, overwrite}));
        auto model = load();
        if (!model) return model.error();
        auto context = render::HeadlessContext::create();
        if (!context) return context.error();
        loader = (*context)->loader();
        SW_TRY(applyEffect(*model, gs.look.effects));
        auto splats = render::SplatRenderer::create(loader);
        if (!splats) return splats.error();
        std::unique_ptr<render::MeshRenderer> meshRenderer;
        Status status = (*splats)->setModel(*model);
        if (status && !mesh.empty()) {
            auto imported = geometry::importModel(mesh);
            auto created = render::MeshRenderer::create((*context)->loader());
            if (!imported) status = imported.error();
            else if (!created) status = created.error();
            else {
                meshRenderer = std::move(*created);
                status = meshRenderer->setMesh(imported->mesh);
            }
        }
        const auto draw = [&]() -> Result<Rgba8Image> {
            SW_TRY(status);
            return view.empty() ? render::renderGameScale(**splats, meshRenderer.get(), gs) : orbitView(**splats);
        };
        Result<Rgba8Image> image = draw();
        (*splats)->release();
        if (meshRenderer) meshRenderer->release();
        if (!image) return namingOutput(image.error(), output);
        SW_TRY(writePngFile(output, *image));
        SW_TRY(recordOutputFile(output));
        std::printf("preview: %s (%dx%d)\n", output.c_str(), image->width, image->height);
        std::printf("  model:   %s, %zu core + %zu shell splats%s\n", input.c_str(), model->core.size(),
                    model->shell.size(), model->chunks ? ", with chunks" : "");
        if (view.empty())
            std::printf("  view:    game scale %d px, heading %.1f°, tilt %.1f°, x1 and x%d, grey and black%s\n",
                        gs.heightPx, double(gs.headingDeg), double(gs.tiltDeg), gs.zoom,
                        meshRenderer ? ", next to the mesh" : "");
        return {};
    }
};

}  // namespace

void addPreviewCommand(CLI::App& app, Outcome& outcome) {
    auto state = std::make_shared<PreviewCommand>();
    CLI::App* cmd = app.add_subcommand("preview", "Write the game-scale view of a baked model (.bin) or a cloud to a PNG");
    cmd->add_option("model", state->input, "Baked model (.bin) or splat cloud (.ply, .spz)")->required();
    cmd->add_option("-o,--output", state->output, "Output .png file")->required();
    addOverwriteFlag(cmd, state->overwrite);
    cmd->add_option("--game-scale", state->gs.heightPx, "Model height on screen in px (the game uses 60-100)")
        ->check(CLI::Range(8, 2000))
        ->capture_default_str();
    cmd->add_option("--zoom", state->gs.zoom, "Nearest-neighbour magnification of the crops")
        ->check(CLI::Range(1, 16))
        ->capture_default_str();
    cmd->add_option("--heading", state->gs.headingDeg, "Camera heading in degrees (0 = front, camera on -Y)")
        ->check(finiteRange(-3600, 3600))
        ->capture_default_str();
    cmd->add_option("--tilt", state->gs.tiltDeg, "Game camera tilt in degrees")->check(CLI::Range(-89.f, 89.f))->capture_default_str();
    cmd->add_option("--time", state->gs.look.effects.time, "Animation time in s (breathing emission)")->capture_default_str();
    cmd->add_option("--mesh", state->mesh, "Source model shown next to the splats at the same scale");
    cmd->add_option("--view", state->view, "WxH: write one orbit view of this size instead of the sheet");
    cmd->add_option("--elevation", state->elevationDeg, "Orbit view elevation in degrees (--view)")->capture_default_str();
    const std::map<std::string, render::SplatOverlay> overlays{
        {"none", render::SplatOverlay::None},         {"part", render::SplatOverlay::Part},
        {"material", render::SplatOverlay::Material}, {"chunk", render::SplatOverlay::Chunk},
        {"ao", render::SplatOverlay::Ao},             {"emission", render::SplatOverlay::Emission},
        {"shape", render::SplatOverlay::Shape},       {"floater", render::SplatOverlay::Floater}};
    cmd->add_option("--overlay", state->gs.look.overlay, "Colour by: none, part, material, chunk, ao, emission, shape")
        ->transform(CLI::CheckedTransformer(overlays, CLI::ignore_case))
        ->default_str("none");
    cmd->add_flag("--round", state->gs.look.roundSplats, "Coverage variant: one triangle per core splat cut to its shape by alpha-to-coverage");
    cmd->add_option("--lod", state->gs.look.coreCount, "Draw only the first k core splats (-1: all)")->capture_default_str();
    cmd->add_option("--effect", state->effect,
                    "none, scatter, scatter-ring, scatter-column, scatter-vortex, implode, assemble, ripple, charge, "
                    "link-decay, siphon, part-xform")
        ->capture_default_str();
    cmd->add_option("--amount", state->amount, "Effect amount 0..1")->check(CLI::Range(0.f, 1.f))->capture_default_str();
    cmd->add_option("--links", state->links, "Add the links effect with N particles (--view only)")
        ->check(CLI::Range(0u, 20000000u));
    cmd->callback([state, &outcome] { outcome.status = state->run(); });
}

}  // namespace sw::cli
